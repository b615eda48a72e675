-- Saved views (docs/api-bulk-views.md): an agent's named list of tickets or content (the list's
-- filters, sort and columns as the list sends them), personal or shared with every agent.
CREATE TABLE saved_views (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  object_type char(1) NOT NULL CHECK (object_type IN ('T', 'C')),
  shared      boolean NOT NULL DEFAULT false,
  filters     jsonb NOT NULL DEFAULT '{}',
  sort        text NOT NULL,
  columns     text[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The sidebar reads "mine or shared", by name.
CREATE INDEX saved_views_owner_idx ON saved_views (owner_id, name);
CREATE INDEX saved_views_shared_idx ON saved_views (name) WHERE shared;
