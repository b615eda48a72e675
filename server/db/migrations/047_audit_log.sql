-- The audit log (docs/audit.md): who signed in, who changed what. Append-only: a trigger refuses
-- every UPDATE, every TRUNCATE and every DELETE but the retention cleanup's, which runs through
-- audit_log_purge() (SECURITY DEFINER, so a server role with only INSERT and SELECT can run it).
-- No foreign key on the actor: a user's deletion must not rewrite the rows that name them, and
-- actor_label keeps who they were.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    bigint,
  actor_label text NOT NULL DEFAULT '',
  address     text,
  kind        text NOT NULL,
  target_kind text,
  target_id   text,
  outcome     text NOT NULL CHECK (outcome IN ('success', 'failure')),
  reason      text,
  details     jsonb NOT NULL DEFAULT '{}'
);
-- Newest first, by date range, by user, by kind: each filter walks its own index in order.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_kind_idx ON audit_log (kind, at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('helpdesk.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Retention: deletes up to `batch` rows older than the setting `audit_retention_days` (never
-- fewer than 30 days, whatever the setting says); answers how many went. The cutoff is the
-- function's own, not the caller's, so a role that may run it cannot empty the log.
CREATE FUNCTION audit_log_purge(batch integer) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  days integer;
  gone integer;
BEGIN
  SELECT CASE WHEN value ~ '^\d{1,5}$' THEN value::integer END INTO days
    FROM app_settings WHERE key = 'audit_retention_days';
  days := greatest(coalesce(days, 365), 30);
  PERFORM set_config('helpdesk.audit_purge', 'on', true);
  DELETE FROM audit_log WHERE id IN (
    SELECT id FROM audit_log WHERE at < now() - make_interval(days => days)
     ORDER BY at LIMIT greatest(batch, 1));
  GET DIAGNOSTICS gone = ROW_COUNT;
  PERFORM set_config('helpdesk.audit_purge', 'off', true);
  RETURN gone;
END $$;

-- The signed-in person a transaction acts for (withUserTransaction's helpdesk.actor_id and
-- helpdesk.actor_address), or no row.
CREATE FUNCTION audit_actor() RETURNS TABLE (id bigint, label text, address text)
  LANGUAGE sql STABLE AS $$
  SELECT u.id, u.email, nullif(current_setting('helpdesk.actor_address', true), '')
    FROM users u
   WHERE u.id = nullif(current_setting('helpdesk.actor_id', true), '')::bigint
$$;

-- Administrators' configuration changes, written by the tables themselves (docs/audit.md says
-- why): one row per changed row, with before and after. Only a change made for a signed-in
-- person (a transaction that set helpdesk.actor_id) is written: jobs and seeds are not people.
-- Arguments: the kind's prefix, the id column, then columns whose change alone is bookkeeping
-- (not written). Columns holding secrets are shown as '[hidden]'.
CREATE FUNCTION audit_config_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor record;
  before jsonb;
  after jsonb;
  ignored text[] := TG_ARGV[2:];
  hidden text[] := ARRAY['secret', 'imap_password'];
  col text;
  verb text;
BEGIN
  SELECT * INTO actor FROM audit_actor();
  IF actor.id IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW); END IF;
  -- Settings: every key but the generated secrets and the seeds' markers.
  IF TG_TABLE_NAME = 'app_settings'
     AND (coalesce(after, before) ->> 'key' LIKE '%secret%'
          OR coalesce(after, before) ->> 'key' LIKE '%seeded%') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (before - ignored - 'updated_at' - 'version')
                        = (after - ignored - 'updated_at' - 'version') THEN
    RETURN NULL;
  END IF;
  FOREACH col IN ARRAY hidden LOOP
    IF before ? col THEN before := jsonb_set(before, ARRAY[col], '"[hidden]"'); END IF;
    IF after ? col THEN after := jsonb_set(after, ARRAY[col], '"[hidden]"'); END IF;
  END LOOP;
  verb := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'changed' ELSE 'deleted' END;
  INSERT INTO audit_log (actor_id, actor_label, address, kind, target_kind, target_id, outcome,
                         details)
  VALUES (actor.id, actor.label, actor.address, TG_ARGV[0] || '.' || verb, TG_ARGV[0],
          coalesce(after, before) ->> TG_ARGV[1], 'success',
          jsonb_build_object('before', before, 'after', after));
  RETURN NULL;
END $$;

CREATE TRIGGER audit_helpdesks AFTER INSERT OR UPDATE OR DELETE ON helpdesks
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('desk', 'id');
CREATE TRIGGER audit_custom_fields AFTER INSERT OR UPDATE OR DELETE ON custom_fields
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('custom_field', 'id', 'position');
CREATE TRIGGER audit_triggers AFTER INSERT OR UPDATE OR DELETE ON triggers
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('trigger', 'id');
CREATE TRIGGER audit_automations AFTER INSERT OR UPDATE OR DELETE ON automations
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('automation', 'id');
CREATE TRIGGER audit_rule_templates AFTER INSERT OR UPDATE OR DELETE ON rule_templates
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('template', 'id');
CREATE TRIGGER audit_sla_policies AFTER INSERT OR UPDATE OR DELETE ON sla_policies
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('sla_policy', 'id');
CREATE TRIGGER audit_mail_channels AFTER INSERT OR UPDATE OR DELETE ON mail_channels
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('mail_channel', 'hd_id', 'last_poll_at',
                                                    'last_error');
CREATE TRIGGER audit_webhook_endpoints AFTER INSERT OR UPDATE OR DELETE ON webhook_endpoints
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('webhook', 'id', 'disabled_at',
                                                    'failing_since');
CREATE TRIGGER audit_desk_assignment AFTER INSERT OR UPDATE OR DELETE ON desk_assignment
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('assignment', 'helpdesk_id', 'last_agent_id');
CREATE TRIGGER audit_macros AFTER INSERT OR UPDATE OR DELETE ON macros
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('macro', 'id');
CREATE TRIGGER audit_tags AFTER INSERT OR UPDATE OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('tag', 'id');
CREATE TRIGGER audit_statuses AFTER INSERT OR UPDATE OR DELETE ON statuses
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('status', 'id');
CREATE TRIGGER audit_priorities AFTER INSERT OR UPDATE OR DELETE ON priorities
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('priority', 'id');
CREATE TRIGGER audit_categories AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('category', 'id');
CREATE TRIGGER audit_app_settings AFTER INSERT OR UPDATE OR DELETE ON app_settings
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('setting', 'key');

-- User and desk changes already kept in admin_events (roles, activation, desk access and
-- members, assignment, organizations) are copied here as they are written, with their actor;
-- the kind drops the action's repeat of the target ('user_invited' of a user: user.invited).
CREATE FUNCTION audit_admin_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, actor_label, address, kind, target_kind, target_id, outcome,
                         details)
  SELECT NEW.actor_id, coalesce(u.email, ''),
         nullif(current_setting('helpdesk.actor_address', true), ''),
         NEW.target_type || '.' || regexp_replace(NEW.action, '^' || NEW.target_type || '_', ''),
         NEW.target_type, NEW.target_id::text, 'success',
         CASE WHEN NEW.details ? 'from' OR NEW.details ? 'to'
              THEN jsonb_build_object('before', NEW.details -> 'from', 'after', NEW.details -> 'to')
              ELSE NEW.details END
    FROM (SELECT 1) one LEFT JOIN users u ON u.id = NEW.actor_id;
  RETURN NULL;
END $$;
CREATE TRIGGER audit_admin_events AFTER INSERT ON admin_events
  FOR EACH ROW EXECUTE FUNCTION audit_admin_event();
