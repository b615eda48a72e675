-- Automatic assignment per ticket desk (docs/assignment.md): the desk's rule, its round-robin
-- pointer (the row is locked by every assignment on the desk, so concurrent creations in any
-- process take turns), the agents' availability, and the away hand-backs already done (one row
-- per agent, desk and away period: the periodic job acts on each exactly once).
CREATE TABLE desk_assignment (
  helpdesk_id   integer PRIMARY KEY REFERENCES helpdesks (id) ON DELETE CASCADE,
  mode          text NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'round_robin', 'fewest_open')),
  -- An agent away longer than this has their open tickets of the desk handed back; NULL: never.
  away_hours    integer CHECK (away_hours BETWEEN 1 AND 720),
  away_action   text NOT NULL DEFAULT 'queue' CHECK (away_action IN ('queue', 'reassign')),
  -- The agent the rule chose last (round-robin goes on from the next one); no foreign key: a
  -- removed user only moves the turn on.
  last_agent_id bigint,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Agents without a row are available. Its own table, not a users column: a users update tells
-- every process's session cache to forget that user.
CREATE TABLE agent_availability (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  away       boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE away_handbacks (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  helpdesk_id integer NOT NULL REFERENCES helpdesks (id) ON DELETE CASCADE,
  away_since  timestamptz NOT NULL,
  tickets     integer NOT NULL,
  done_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, helpdesk_id, away_since)
);

