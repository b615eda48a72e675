-- Work that follows a record's change after it commits (rules, webhooks): every history event
-- (record_events) gets one outbox row per active consumer, written by a trigger in the change's
-- own transaction, and removed in the transaction that acts on it (server/events/outbox.ts). A
-- consumer with nothing to do (no active rule, no endpoint) is inactive and costs one read of
-- this small table per event.
CREATE TABLE event_consumers (
  name   text PRIMARY KEY,
  active boolean NOT NULL DEFAULT false
);

CREATE TABLE event_outbox (
  id           bigserial PRIMARY KEY,
  consumer     text        NOT NULL REFERENCES event_consumers (name) ON DELETE CASCADE,
  event_id     bigint      NOT NULL REFERENCES record_events (id) ON DELETE CASCADE,
  record_id    bigint      NOT NULL,
  attempts     int         NOT NULL DEFAULT 0,
  available_at timestamptz NOT NULL DEFAULT now(),
  last_error   text,
  failed_at    timestamptz
);
-- The claim: the oldest due row of a consumer, and "an earlier row of the same record waits".
CREATE INDEX event_outbox_due ON event_outbox (consumer, id) WHERE failed_at IS NULL;
CREATE INDEX event_outbox_record ON event_outbox (consumer, record_id, id) WHERE failed_at IS NULL;
CREATE INDEX event_outbox_event ON event_outbox (event_id);

CREATE FUNCTION event_outbox_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_outbox (consumer, event_id, record_id)
  SELECT c.name, NEW.id, NEW.record_id FROM event_consumers c WHERE c.active;
  RETURN NULL;
END $$;

CREATE TRIGGER record_events_outbox AFTER INSERT ON record_events
  FOR EACH ROW EXECUTE FUNCTION event_outbox_fill();
