-- Content items an agent marks public reach the help centre (/help) and the suggestions shown
-- while a ticket is typed, without an account. Public implies readable by everyone: it is a
-- visibility beside private, shared and searchable-by-signed-in-users. The partial index is
-- the help centre's and the suggestions' starting point: public items are a small part of all
-- records.
ALTER TABLE records ADD COLUMN is_public boolean NOT NULL DEFAULT false;
CREATE INDEX records_public_idx ON records (updated_at DESC, id)
  WHERE is_public AND object_type = 'C' AND NOT is_draft;

-- Per article and day: help centre page views, "Was this helpful?" votes, and deflections (a
-- requester opened a suggested article and left without raising the ticket). The dashboard
-- reads it per article over time; writers add to a day's row (INSERT ... ON CONFLICT DO UPDATE),
-- in batches where the source is busy.
CREATE TABLE article_daily_stats (
  record_id   bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  day         date NOT NULL,
  views       integer NOT NULL DEFAULT 0,
  helpful     integer NOT NULL DEFAULT 0,
  unhelpful   integer NOT NULL DEFAULT 0,
  deflections integer NOT NULL DEFAULT 0,
  PRIMARY KEY (record_id, day)
);
CREATE INDEX article_daily_stats_day_idx ON article_daily_stats (day);
