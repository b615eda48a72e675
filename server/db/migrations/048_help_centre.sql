-- The public help centre (/help, server/help-centre/): an article's language and its
-- translations, one "Was this helpful?" vote per browser and article, and typo-tolerant search
-- over public titles. Which articles are public is decided in one place:
-- server/help-centre/public-articles.ts.

-- An article's language, and the group of articles that are one another's translations (the
-- English and the Spanish version share a translation_group; NULL: no translation). Tickets
-- keep the default and ignore both.
ALTER TABLE records
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  ADD COLUMN translation_group bigint;
CREATE INDEX records_translation_group_idx ON records (translation_group, language)
  WHERE translation_group IS NOT NULL;

-- One vote per browser and article: the browser carries a random id in a cookie, stored here
-- only as its SHA-256, so the table holds nothing that identifies a person. A second vote from
-- the same browser changes the first; the day's counts are in article_daily_stats (044).
CREATE TABLE article_votes (
  record_id  bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  voter_hash bytea NOT NULL,
  helpful    boolean NOT NULL,
  voted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (record_id, voter_hash)
);

-- Typo tolerance for short or misspelt queries: trigram similarity over the unaccented,
-- lower-cased titles of public articles only (pg_trgm, migration 002), a small index.
CREATE INDEX records_public_title_trgm_idx ON records
  USING gin (records_search_text(title) gin_trgm_ops)
  WHERE is_public AND object_type = 'C' AND NOT is_draft;
-- A category's public articles (category pages and the tree's counts).
CREATE INDEX records_public_language_idx ON records (language, updated_at DESC, id)
  WHERE is_public AND object_type = 'C' AND NOT is_draft;
