-- Live events (docs/api-live.md): every change to a record or to what hangs off it sends a small
-- NOTIFY on channel `helpdesk_events`, whoever made it (any route, a bulk job, psql), and every
-- API process LISTENs and forwards it to the browsers that may see the record (server/live/).
-- Statement-level triggers: a statement that touches more than 200 rows (a seed, an import)
-- sends one summary `{kind, op, count}` instead of one notification per row.
-- Payload: kind (record | message | event | share | follow | attachment), op (insert | update |
-- delete), record_id, owner_id, object_type, is_draft, version, actor_id (who did it, when the
-- row says so), type (the message or history action) and internal (a work-log message or an
-- internal history event: never sent to a regular user).

CREATE FUNCTION live_notify() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  n integer;
BEGIN
  SELECT count(*) INTO n FROM changed;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  IF n > 200 THEN
    PERFORM pg_notify('helpdesk_events',
      json_build_object('kind', kind, 'op', lower(TG_OP), 'count', n)::text);
    RETURN NULL;
  END IF;
  PERFORM pg_notify('helpdesk_events', json_build_object(
      'kind', kind,
      'op', lower(TG_OP),
      'record_id', coalesce(r.id, (x.j->>'id')::bigint),
      'owner_id', coalesce(r.owner_id, (x.j->>'owner_id')::bigint),
      'object_type', coalesce(r.object_type, x.j->>'object_type'),
      'is_draft', coalesce(r.is_draft, (x.j->>'is_draft')::boolean),
      'version', CASE WHEN kind = 'record' THEN (x.j->>'version')::integer ELSE r.version END,
      'actor_id', (CASE kind
                     WHEN 'message' THEN x.j->>'author_id'
                     WHEN 'event' THEN x.j->>'actor_id'
                     WHEN 'attachment' THEN x.j->>'uploaded_by'
                     WHEN 'follow' THEN x.j->>'user_id'
                   END)::bigint,
      'type', CASE kind WHEN 'message' THEN x.j->>'action' WHEN 'event' THEN x.j->>'action' END,
      'internal', CASE kind
                    WHEN 'message' THEN x.j->>'thread' = 'worklog'
                    WHEN 'event' THEN coalesce((x.j->>'internal')::boolean, false)
                    ELSE false
                  END)::text)
    FROM (SELECT to_jsonb(c) AS j FROM changed c) x
    -- A deleted record: its own row says whose it was. A row deleted with its record (cascade):
    -- the record is gone, its delete already told everyone, so nothing more is sent.
    LEFT JOIN records r
      ON kind <> 'record' AND r.id = (x.j->>'record_id')::bigint
   WHERE kind = 'record' OR r.id IS NOT NULL;
  RETURN NULL;
END;
$$;

-- Transition tables allow one event per trigger: three triggers per table.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT * FROM (VALUES
      ('records', 'record'), ('record_messages', 'message'), ('record_events', 'event'),
      ('record_shares', 'share'), ('record_follows', 'follow'), ('attachments', 'attachment')
    ) AS v (tbl, kind)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION live_notify(%L)',
      t.tbl || '_live_insert', t.tbl, t.kind);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION live_notify(%L)',
      t.tbl || '_live_update', t.tbl, t.kind);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION live_notify(%L)',
      t.tbl || '_live_delete', t.tbl, t.kind);
  END LOOP;
END;
$$;
