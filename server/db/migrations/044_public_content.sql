-- Content items an agent marks public reach the help centre (/help) and the suggestions shown
-- while a ticket is typed, without an account. Public implies readable by everyone: it is a
-- visibility beside private, shared and searchable-by-signed-in-users. The partial index is
-- the help centre's and the suggestions' starting point: public items are a small part of all
-- records.
ALTER TABLE records ADD COLUMN is_public boolean NOT NULL DEFAULT false;
CREATE INDEX records_public_idx ON records (updated_at DESC, id)
  WHERE is_public AND object_type = 'C' AND NOT is_draft;
