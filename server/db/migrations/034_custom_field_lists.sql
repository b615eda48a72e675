-- Lists filtered and sorted by custom fields (docs/api-records.md "Lists", `filters.fields`).
-- The equality filters (choice, checkbox, agent) are containments, `fields @> '{"<key>": v}'`,
-- which the GIN index of migration 031 (records_fields_idx, jsonb_path_ops) answers for any key;
-- an expression index per key would need DDL whenever an administrator adds a field. What the
-- planner needs besides is a good estimate of how many rows a containment matches, to choose
-- between that index (a rare value) and walking the list's sort index (a common one): it comes
-- from the column's most-common-values list, so the column keeps a longer one.
ALTER TABLE records ALTER COLUMN fields SET STATISTICS 1000;
