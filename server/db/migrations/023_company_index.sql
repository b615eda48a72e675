-- The agents' lists of one company (the `company_id` filter), alone or with a creation range:
-- their matches were found by walking a whole list index and dropping the other companies'
-- entries. One company's month at 1M tickets is about 7,600 of the month's 42,000 entries: the
-- capped count read the 42,000 (9.7 ms), this index reads the 7,600 (2.4 ms). With the title
-- beside them, a narrowed list sorted by subject sorts those entries without visiting their rows
-- (records/sql.ts, buildListQueries).
CREATE INDEX records_hd_company_idx ON records (object_type, is_draft, company_id, created_at, id)
  INCLUDE (status_id, priority_id, hd_id, title)
  WHERE company_id IS NOT NULL;
