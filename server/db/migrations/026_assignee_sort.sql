-- The lists' assignee sort (`sort=assignee`, an agent's queue grouped by who has each ticket):
-- one index for "my" lists and one for "hd" lists, like every other sort (002_records.sql), the
-- "hd" one carrying the filter columns so a filtered page and its capped count stay index-only.
-- Ascending puts unassigned tickets last and descending first, as the index keeps NULLs last.
CREATE INDEX records_my_assignee_idx ON records (owner_id, object_type, is_draft, assignee_id, id);
CREATE INDEX records_hd_assignee_idx ON records (object_type, is_draft, assignee_id, id)
  INCLUDE (status_id, priority_id, company_id, hd_id, content_type_id, created_at);
