-- Every change to a record (fields, status, sharing, classification, relations, attachments,
-- assignment, moves, messages) is one row here, written in the same transaction as the change.
-- `details` holds what changed (e.g. {"field": "status", "from": "New", "to": "Open"}).
-- `internal` marks events only helpdesk agents may see (work-log entries).
CREATE TABLE record_events (
  id          bigserial PRIMARY KEY,
  record_id   bigint      NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  actor_id    bigint      REFERENCES users (id) ON DELETE SET NULL,
  action      text        NOT NULL,
  details     jsonb       NOT NULL DEFAULT '{}'::jsonb,
  internal    boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX record_events_record_idx ON record_events (record_id, created_at, id);
