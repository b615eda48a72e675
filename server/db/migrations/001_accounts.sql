-- Accounts, sessions, one-time tokens (confirm email, reset password), login throttling and
-- server-wide settings (the generated JWT secret).

CREATE TABLE users (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fullname       text NOT NULL,
  email          text NOT NULL,
  password_hash  text NOT NULL,
  user_is_hde    boolean NOT NULL DEFAULT false,
  user_is_admin  boolean NOT NULL DEFAULT false,
  items_per_page integer NOT NULL DEFAULT 10 CHECK (items_per_page IN (10, 25, 50, 100)),
  language       text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  confirmed_at   timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- Emails are unique regardless of case; the code always stores and looks up lower(email).
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

-- One row per issued JWT (jti). Every authenticated call reads its row by primary key, so
-- logout and password resets take effect at once in every API process.
CREATE TABLE sessions (
  jti        uuid PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created    timestamptz NOT NULL DEFAULT now(),
  expires    timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Mailed one-time tokens. Only the sha256 of the token is stored.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  expires    timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_id_idx ON account_tokens (user_id);

-- Failed logins, kept in the database so throttling holds across API processes.
CREATE TABLE login_failures (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email     text NOT NULL,
  ip        text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (email, failed_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at);

CREATE TABLE app_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);
