-- A regular user's content search reads two sets (server/routes/search/sql.ts): their own and
-- shared records, and everyone's searchable articles. This index holds the second set's words
-- only, so a common word's readable matches come from it instead of every match of the word
-- (at 100,000 content items, "policy": 10,000 readable of 20,000).
CREATE INDEX records_searchable_content_search_idx ON records USING gin (search_vector)
  WHERE object_type = 'C' AND searchable AND NOT is_draft;
