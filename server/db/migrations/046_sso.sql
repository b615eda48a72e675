-- Single sign-on through OpenID Connect (docs/sign-in.md, "Single sign-on"): the identity
-- providers an administrator configures, the provider identities linked to accounts, and the
-- sign-in attempts between leaving for a provider and coming back (kept here, not in a process,
-- so any API process can finish an attempt another one started).

CREATE TABLE sso_providers (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  issuer           text NOT NULL,
  client_id        text NOT NULL,
  -- Sealed like the two-step secret (AES-256-GCM, server/mail/secret.ts).
  client_secret    text NOT NULL,
  scopes           text NOT NULL DEFAULT 'openid email profile',
  label            text NOT NULL,
  -- Lower-case mail domains whose users the login page sends to this provider.
  domains          text[] NOT NULL DEFAULT '{}',
  -- New accounts on a first sign-in: none, or made as a regular user or as an agent.
  create_users     text NOT NULL DEFAULT 'none' CHECK (create_users IN ('none', 'user', 'agent')),
  -- Agents and administrators of its domains cannot sign in with a password.
  agents_must_use  boolean NOT NULL DEFAULT false,
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- A provider's subject linked to an account: one account per (provider, sub), one identity per
-- account and provider.
CREATE TABLE sso_identities (
  provider_id bigint NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  sub         text NOT NULL,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_used   timestamptz,
  PRIMARY KEY (provider_id, sub),
  UNIQUE (provider_id, user_id)
);
CREATE INDEX sso_identities_user_id_idx ON sso_identities (user_id);

-- One row per trip to a provider: the state (its sha256 only), the nonce and PKCE verifier the
-- callback checks, single use and short-lived. Once the callback has signed the user in, the
-- row carries the one-time code the SPA exchanges for its session (its sha256 too).
CREATE TABLE sso_attempts (
  state_hash    text PRIMARY KEY,
  provider_id   bigint NOT NULL REFERENCES sso_providers (id) ON DELETE CASCADE,
  nonce         text NOT NULL,
  code_verifier text NOT NULL,
  expires       timestamptz NOT NULL,
  used_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_attempts_expires_idx ON sso_attempts (expires);

CREATE TABLE sso_handoffs (
  code_hash  text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires    timestamptz NOT NULL,
  used_at    timestamptz
);
