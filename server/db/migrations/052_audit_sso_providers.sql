-- Single sign-on providers join the administrators' configuration changes of the audit log
-- (docs/audit.md): created, changed and deleted providers are written by the table's trigger, as
-- desks and webhooks are, with the kinds sso_provider.created / .changed / .deleted. The client
-- secret is shown as '[hidden]' (a change of it alone is still written, hidden on both sides), so
-- the function is the one of 047 with client_secret among the hidden columns.
CREATE OR REPLACE FUNCTION audit_config_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor record;
  before jsonb;
  after jsonb;
  ignored text[] := TG_ARGV[2:];
  hidden text[] := ARRAY['secret', 'imap_password', 'client_secret'];
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

CREATE TRIGGER audit_sso_providers AFTER INSERT OR UPDATE OR DELETE ON sso_providers
  FOR EACH ROW EXECUTE FUNCTION audit_config_change('sso_provider', 'id');
