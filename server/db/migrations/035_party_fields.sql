-- Custom field values of users and organizations (docs/api-records.md "Custom fields"): one jsonb
-- column each, `{ "<key>": value }`, like records.fields; checked by the same rules.
ALTER TABLE users ADD COLUMN fields jsonb NOT NULL DEFAULT '{}';
ALTER TABLE companies ADD COLUMN fields jsonb NOT NULL DEFAULT '{}';
