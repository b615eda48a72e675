-- Personal API tokens: sent as `Authorization: Bearer hdk_...`, acting as their user within
-- their scopes (docs/sign-in.md). Only the secret's sha256 is stored; revoking deletes the row.
CREATE TABLE api_tokens (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name       text NOT NULL,
  scopes     text[] NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires    timestamptz NOT NULL,
  last_used  timestamptz,
  last_ip    text
);
CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id);
