-- Two-step sign-in (TOTP), its recovery codes and sign-in challenges, and what a user sees of
-- their signed-in sessions (browser, address, last active).

-- One row per user who has started or finished setting up two-step sign-in. The secret is
-- needed to compute codes, so it is sealed (AES-256-GCM, server/mail/secret.ts), not hashed;
-- `last_step` is the TOTP step of the last accepted code,
-- so a code (and any earlier one) is accepted once.
CREATE TABLE two_step (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret     text NOT NULL,
  enabled_at timestamptz,
  last_step  bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes; only their sha256 is stored.
CREATE TABLE two_step_recovery_codes (
  user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at   timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- After a right password, a user with two-step gets a short-lived, single-use challenge (not a
-- session) that a code then turns into a session. Only its sha256 is stored.
CREATE TABLE sign_in_challenges (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires    timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX sign_in_challenges_user_id_idx ON sign_in_challenges (user_id);

ALTER TABLE sessions
  ADD COLUMN user_agent  text,
  ADD COLUMN ip          text,
  ADD COLUMN last_active timestamptz NOT NULL DEFAULT now(),
  -- Signed in while two-step is required for the user's role but not set up: every call but
  -- the setup's is refused until it is.
  ADD COLUMN two_step_setup_required boolean NOT NULL DEFAULT false;

-- Touching last_active must not drop the session from every process's cache: only the columns
-- the session check reads announce a change.
DROP TRIGGER sessions_notify_change ON sessions;
CREATE TRIGGER sessions_notify_change
  AFTER UPDATE OF jti, user_id, expires, revoked_at, two_step_setup_required OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
