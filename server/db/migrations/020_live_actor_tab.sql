-- Live events name the browser tab whose request made the change (`actor_tab`, from the SPA's
-- X-Helpdesk-Tab header through withUserTransaction in server/db/transaction.ts). With only the
-- user (migration 019), every tab of that user took the change for its own and none reloaded: a
-- second tab on the same ticket, or the list beside it, missed its user's own change. Now only
-- the tab that made it skips it. Otherwise as migration 019 (a migration replaces the whole
-- function).

CREATE OR REPLACE FUNCTION live_notify() RETURNS trigger
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
      'actor_id', coalesce(CASE kind
                             WHEN 'message' THEN x.j->>'author_id'
                             WHEN 'event' THEN x.j->>'actor_id'
                             WHEN 'attachment' THEN x.j->>'uploaded_by'
                             WHEN 'follow' THEN x.j->>'user_id'
                           END,
                           nullif(current_setting('helpdesk.actor_id', true), ''))::bigint,
      'actor_tab', nullif(current_setting('helpdesk.actor_tab', true), ''),
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
