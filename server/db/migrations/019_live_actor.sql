-- Live events name who changed a record's own row (server/db/transaction.ts): a request's
-- transaction sets `helpdesk.actor_id` to the signed-in user, and a change whose row does not
-- say who made it (a record's row, a share) is sent with that actor. A reply updates its ticket's
-- row too (search words, service-level state); with no actor, the replying tab could not tell
-- that change was its own and reloaded the ticket a second time. Changes made outside a request
-- (jobs, mail, psql) still carry no actor.

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
