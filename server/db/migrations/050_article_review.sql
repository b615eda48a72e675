-- Article review and versions (docs/knowledge-review.md). Every save of a content item's text is
-- a row of article_versions (who, when, a note, the title and body). The `records` row holds the
-- live text: while a new version of a published article is in review, that version waits here
-- and the published text stays in `records` until a reviewer approves it.
--
-- A version's state: draft (saved while the article is a draft or sent back), in_review (waiting
-- for a reviewer; at most one per article), published (approved; the newest such one is live
-- while the article is published), sent_back (a reviewer returned it with review_comment),
-- superseded (a later save replaced it before anyone reviewed it).
CREATE TABLE article_versions (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id      bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  number         integer NOT NULL,
  title          text NOT NULL,
  body           text NOT NULL,
  note           text,
  author_id      bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  state          text NOT NULL
                 CHECK (state IN ('draft', 'in_review', 'published', 'sent_back', 'superseded')),
  submitted_at   timestamptz,
  review_comment text,
  reviewed_by    bigint REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at    timestamptz,
  -- The number of the version this one restored, when it is a restore.
  restored_from  integer,
  UNIQUE (record_id, number)
);
-- The "To review" queue starts here; an article has at most one version in review.
CREATE UNIQUE INDEX article_versions_in_review_key ON article_versions (record_id)
  WHERE state = 'in_review';

-- An archived article may name the article that replaces it (the help centre redirects to it).
ALTER TABLE records ADD COLUMN successor_id bigint REFERENCES records (id) ON DELETE SET NULL;

-- A content help desk may name its reviewers; with none named, any agent reviews its articles.
CREATE TABLE desk_reviewers (
  helpdesk_id integer NOT NULL REFERENCES helpdesks (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (helpdesk_id, user_id)
);

-- One version for every content item that exists, in the state its record is in.
INSERT INTO article_versions (record_id, number, title, body, author_id, created_at, state,
                              submitted_at)
SELECT r.id, 1, r.title, r.body, r.owner_id, r.updated_at,
       CASE WHEN r.is_draft THEN 'draft'
            WHEN s.code = 'in_review' THEN 'in_review'
            ELSE 'published' END,
       CASE WHEN NOT r.is_draft THEN r.updated_at END
  FROM records r JOIN statuses s ON s.id = r.status_id
 WHERE r.object_type = 'C';
