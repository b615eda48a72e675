-- Passkeys (WebAuthn): a user's registered credentials and the single-use, expiring challenges
-- of their ceremonies. Flows and lifetimes: docs/sign-in.md "Passkeys".

-- The WebAuthn user handle of each user who has registered a passkey: random bytes, never the
-- account id or address, the same for all of the user's passkeys.
CREATE TABLE passkey_user_handles (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  handle  text NOT NULL UNIQUE
);

-- One row per registered passkey. `credential_id` is the authenticator's id (base64url);
-- `public_key` the COSE public key; `counter` the last signature counter seen (0 for
-- authenticators that do not count).
CREATE TABLE passkeys (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key    bytea NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  transports    text[] NOT NULL DEFAULT '{}',
  name          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX passkeys_user_id_idx ON passkeys (user_id);

-- A challenge the server handed out for one ceremony: registering (`register`, for user_id),
-- signing in with a passkey alone (`sign-in`) or as the second step of a password sign-in
-- (`second-step`, for user_id, tied to that sign-in's challenge). API processes share no memory,
-- so challenges live here; a challenge is spent by the one request that answers it, and is
-- refused after `expires`. Only its sha256 is stored.
CREATE TABLE passkey_challenges (
  challenge_hash      text PRIMARY KEY,
  purpose             text NOT NULL CHECK (purpose IN ('register', 'sign-in', 'second-step')),
  user_id             bigint REFERENCES users (id) ON DELETE CASCADE,
  sign_in_challenge   text,
  expires             timestamptz NOT NULL,
  used_at             timestamptz
);
CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires);
