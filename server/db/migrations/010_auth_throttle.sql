-- Throttling of logins, password resets and registrations with growing delays instead of a
-- lockout (routes/auth/throttle.ts). One row per throttled key, e.g. ('login', 'bob@x|10.0.0.7'):
-- its failures (or requests) since it was last quiet, and when the next attempt is allowed.
-- In the database, so every API process sees the same state.
CREATE TABLE auth_throttle (
  scope         text NOT NULL,
  subject       text NOT NULL,
  attempts      integer NOT NULL,
  last_at       timestamptz NOT NULL DEFAULT now(),
  blocked_until timestamptz,
  PRIMARY KEY (scope, subject)
);
-- For pruning the rows that have been quiet for a while.
CREATE INDEX auth_throttle_last_at_idx ON auth_throttle (last_at);

-- The old per-window failure log (a fixed lockout) is replaced by the table above.
DROP TABLE login_failures;
