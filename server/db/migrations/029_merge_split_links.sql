-- Merge, split and typed links (docs/api-working.md "Merge and split", "Relations").

-- A merged ticket is closed and points at the ticket it went into. Its details answer with that
-- ticket, and a mail reply to its thread lands there (server/mail/inbound/import.ts). A chain
-- (A into B, later B into C) is followed to its end.
ALTER TABLE records
  ADD COLUMN merged_into_id bigint REFERENCES records (id) ON DELETE SET NULL,
  ADD CONSTRAINT records_not_merged_into_self CHECK (merged_into_id <> id);
CREATE INDEX records_merged_into_idx ON records (merged_into_id) WHERE merged_into_id IS NOT NULL;

-- Messages and files moved in by a merge keep their times and say where they came from (the
-- source's number; no foreign key: the mark stays if that ticket is deleted later).
ALTER TABLE record_messages ADD COLUMN merged_from_id bigint;
ALTER TABLE attachments ADD COLUMN merged_from_id bigint;

-- A relation's type, as seen from record_id (the smaller id): plain 'related', or record_id is
-- the parent / child of related_id, or a duplicate of / has a duplicate in related_id. Each side
-- reads the inverse of the other (routes/relations/sql.ts). One link per pair, as before.
ALTER TABLE record_relations
  ADD COLUMN link_type text NOT NULL DEFAULT 'related'
    CHECK (link_type IN ('related', 'parent_of', 'child_of', 'duplicate_of', 'has_duplicate'));

-- A merge or a split moves a whole thread at once. The per-message search trigger rebuilds a
-- ticket's vector from its thread for every moved row (500 messages: 1,000 rebuilds); such a
-- move sets `helpdesk.search_deferred` for its transaction and rebuilds the two vectors once
-- (routes/merge/sql.ts, rebuildSearch). Every other write is as before.
DROP TRIGGER record_messages_search_update ON record_messages;
CREATE TRIGGER record_messages_search_update
  AFTER INSERT OR DELETE OR UPDATE OF body, thread, record_id ON record_messages
  FOR EACH ROW
  WHEN (current_setting('helpdesk.search_deferred', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION record_messages_search_trigger();
