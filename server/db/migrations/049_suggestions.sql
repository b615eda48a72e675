-- Answers while a ticket is typed (docs/suggestions.md). The raise and contact forms open a
-- suggestion session (a random id made by the browser); each suggested article the requester
-- opens is a row here. Raising the ticket attaches the session's rows to it (ticket_id), which
-- agents see as "Viewed before raising"; leaving without raising marks them deflected (counted
-- once in article_daily_stats.deflections). Rows of sessions that never end are removed by age.
CREATE TABLE suggestion_views (
  session_id uuid NOT NULL,
  record_id  bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  viewed_at  timestamptz NOT NULL DEFAULT now(),
  ticket_id  bigint REFERENCES records (id) ON DELETE CASCADE,
  deflected  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (session_id, record_id)
);
CREATE INDEX suggestion_views_ticket_idx ON suggestion_views (ticket_id) WHERE ticket_id IS NOT NULL;
CREATE INDEX suggestion_views_viewed_at_idx ON suggestion_views (viewed_at);

-- The article an agent sent in a thread message (a link or its text): "Article sent: <title>".
CREATE TABLE message_articles (
  message_id bigint PRIMARY KEY,
  record_id  bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE
);

-- The suggestions' full-text match over public articles only (a small part of all records):
-- an anonymous caller's query reads this index, not the one over every record.
CREATE INDEX records_public_search_idx ON records USING gin (search_vector)
  WHERE is_public AND object_type = 'C' AND NOT is_draft;
