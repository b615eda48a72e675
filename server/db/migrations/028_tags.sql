-- Tags on tickets and content items (docs/api-working.md "Tags").
-- A tag is a row of its own (renaming it renames it everywhere); a record holds its tags' ids in
-- an array with a GIN index: a list filtered by one tag (`tag_ids && {id}`) or by all of two
-- (`tag_ids @> {a,b}`) reads the index's matches, not every row of the list's sort index, and a
-- record's row carries its tags, so the lists and the record view read them with no join table.
-- Names are unique whatever their case (lower(name)); the routes trim them and keep them to one
-- line of at most 50 characters.

CREATE TABLE tags (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 50),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_name_lower_key ON tags (lower(name));

-- A constant default: no rewrite of the table.
ALTER TABLE records ADD COLUMN tag_ids integer[] NOT NULL DEFAULT '{}';
CREATE INDEX records_tag_ids_idx ON records USING gin (tag_ids);
