-- Satisfaction ratings (docs/satisfaction.md). When a ticket is solved (its status goes from an
-- open one to a closed one, migration 002's `is_closed`) on a desk whose survey is on, the
-- `satisfaction` outbox consumer writes one row here (a "solve") and its token, and mails the
-- requester. The requester answers Good or Bad, and may add a comment, until the token expires.

-- Each desk's survey: on unless an administrator turns it off.
ALTER TABLE helpdesks ADD COLUMN satisfaction_survey boolean NOT NULL DEFAULT true;

-- One row per solve of a ticket; the rating is null until the requester answers.
CREATE TABLE satisfaction_ratings (
  record_id  bigint      NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  -- 1 for the ticket's first surveyed solve, 2 after it was reopened and solved again, ...
  solve_no   integer     NOT NULL CHECK (solve_no >= 1),
  solved_at  timestamptz NOT NULL,
  -- The status_changed history event that was the solve: a solve is written once per event.
  event_id   bigint      NOT NULL UNIQUE,
  -- The desk and the assignee when it was solved (the charts count per desk and per agent).
  hd_id      integer     NOT NULL,
  agent_id   bigint      REFERENCES users (id) ON DELETE SET NULL,
  rating     text        CHECK (rating IN ('good', 'bad')),
  comment    text        CHECK (char_length(comment) <= 2000),
  rated_at   timestamptz,
  changed_at timestamptz,
  PRIMARY KEY (record_id, solve_no)
);
-- The charts: ratings per week, per desk and per agent.
CREATE INDEX satisfaction_ratings_rated_idx ON satisfaction_ratings (rated_at)
  WHERE rating IS NOT NULL;

-- The mailed link's token: only its sha256 is kept. One per solve; it rates that solve only.
CREATE TABLE satisfaction_tokens (
  hash       text        PRIMARY KEY,
  record_id  bigint      NOT NULL,
  solve_no   integer     NOT NULL,
  expires_at timestamptz NOT NULL,
  FOREIGN KEY (record_id, solve_no) REFERENCES satisfaction_ratings (record_id, solve_no)
    ON DELETE CASCADE
);

-- The ticket's latest rating, for the lists' "rating" filter: null until its latest solve is
-- rated. Few tickets are rated, so the partial index stays small beside 1M tickets.
ALTER TABLE records ADD COLUMN satisfaction text CHECK (satisfaction IN ('good', 'bad'));
CREATE INDEX records_satisfaction_idx ON records (satisfaction, id DESC)
  WHERE satisfaction IS NOT NULL AND object_type = 'T';

-- A trigger can run when a rating arrives.
ALTER TABLE triggers DROP CONSTRAINT triggers_event_check;
ALTER TABLE triggers ADD CONSTRAINT triggers_event_check CHECK (event IN ('ticket_created',
  'ticket_updated', 'requester_message', 'agent_message', 'sla_warning', 'sla_breach',
  'rating_received'));

-- The consumer that starts a survey only cares for status changes: a consumer may name the
-- history actions it wants (null: all), so other events cost it no outbox row.
ALTER TABLE event_consumers ADD COLUMN actions text[];
CREATE OR REPLACE FUNCTION event_outbox_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_outbox (consumer, event_id, record_id)
  SELECT c.name, NEW.id, NEW.record_id FROM event_consumers c
   WHERE c.active AND (c.actions IS NULL OR NEW.action = ANY (c.actions));
  RETURN NULL;
END $$;
INSERT INTO event_consumers (name, active, actions)
VALUES ('satisfaction', true, ARRAY['status_changed'])
ON CONFLICT (name) DO UPDATE SET active = true, actions = EXCLUDED.actions;
