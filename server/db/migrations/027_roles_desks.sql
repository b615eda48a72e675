-- Roles and desk access. An admin may restrict a help desk to its member agents:
-- other agents then cannot see its records (routes/records/visibility.ts, live/hub.ts, the
-- record mails). A deactivated user cannot sign in and their sessions are revoked. Admin
-- changes to users and desks are kept in admin_events.
ALTER TABLE helpdesks ADD COLUMN restricted boolean NOT NULL DEFAULT false;

CREATE TABLE helpdesk_members (
  helpdesk_id integer NOT NULL REFERENCES helpdesks (id) ON DELETE CASCADE,
  user_id     bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (helpdesk_id, user_id)
);
CREATE INDEX helpdesk_members_user_idx ON helpdesk_members (user_id);

ALTER TABLE users ADD COLUMN deactivated_at timestamptz;

CREATE TABLE admin_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id    bigint REFERENCES users (id) ON DELETE SET NULL,
  action      text NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('user', 'helpdesk')),
  target_id   bigint NOT NULL,
  details     jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_events_target_idx ON admin_events (target_type, target_id, created_at);
