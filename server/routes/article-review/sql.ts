// SQL for article review and versions (docs/knowledge-review.md). A content item's text is
// versioned in article_versions; its `records` row holds the live text and the article's status
// (In review 6, Published 7, Archived 8; a draft is `is_draft`).
import type { Queryable } from '../../db/transaction.js';
import { Params, visibleTo, type Viewer } from '../records/visibility.js';

/** The content statuses' fixed ids (migration 002). */
export const IN_REVIEW = 6;
export const PUBLISHED = 7;
export const ARCHIVED = 8;

export type VersionState = 'draft' | 'in_review' | 'published' | 'sent_back' | 'superseded';
export const VERSION_STATES = [
  'draft',
  'in_review',
  'published',
  'sent_back',
  'superseded',
] as const;

export interface VersionRow {
  id: string;
  record_id: string;
  number: number;
  title: string;
  body?: string;
  note: string | null;
  author_id: string | null;
  author_name: string | null;
  created_at: Date;
  state: VersionState;
  submitted_at: Date | null;
  review_comment: string | null;
  reviewed_by: string | null;
  reviewed_by_name: string | null;
  reviewed_at: Date | null;
  restored_from: number | null;
}

const VERSION_COLUMNS = (withBody: boolean) => `v.id, v.record_id, v.number, v.title,
  ${withBody ? 'v.body,' : ''} v.note, v.author_id,
  (SELECT fullname FROM users WHERE id = v.author_id) AS author_name, v.created_at, v.state,
  v.submitted_at, v.review_comment, v.reviewed_by,
  (SELECT fullname FROM users WHERE id = v.reviewed_by) AS reviewed_by_name, v.reviewed_at,
  v.restored_from`;

/** The article's row as review needs it, locked for the transaction's changes. */
export interface ArticleRow {
  id: string;
  title: string;
  body: string;
  owner_id: string;
  hd_id: number;
  status_id: number;
  status_name: string;
  is_draft: boolean;
  content_type_id: number | null;
  successor_id: string | null;
  successor_title: string | null;
  version: number;
  access: 'owner' | 'agent' | 'other';
}

/**
 * The content item `id` if the viewer may read it (404 otherwise), with their access: 'owner',
 * 'agent' or 'other' (shared or searchable: may read, not review). `lock` takes the row for
 * this transaction (FOR UPDATE), so version numbers and transitions happen one at a time.
 */
export async function getArticle(
  q: Queryable,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<ArticleRow | undefined> {
  const p = new Params([id]);
  const me = p.add(viewer.id);
  const visible = viewer.user_is_hde
    ? visibleTo(p, viewer)
    : `(${visibleTo(p, viewer)} OR (r.searchable AND NOT r.is_draft))`;
  const { rows } = await q.query<ArticleRow>(
    `SELECT r.id, r.title, r.body, r.owner_id, r.hd_id, r.status_id,
            (SELECT name FROM statuses WHERE id = r.status_id) AS status_name, r.is_draft,
            r.content_type_id, r.successor_id,
            (SELECT title FROM records WHERE id = r.successor_id) AS successor_title, r.version,
            CASE WHEN r.owner_id = ${me}::bigint THEN 'owner'
                 WHEN ${viewer.user_is_hde ? 'true' : 'false'} THEN 'agent' ELSE 'other' END AS access
       FROM records r
      WHERE r.id = $1 AND r.object_type = 'C' AND ${visible}
      ${lock ? 'FOR UPDATE OF r' : ''}`,
    p.values,
  );
  return rows[0];
}

export async function listVersions(q: Queryable, recordId: number): Promise<VersionRow[]> {
  const { rows } = await q.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS(false)} FROM article_versions v
      WHERE v.record_id = $1 ORDER BY v.number DESC LIMIT 500`,
    [recordId],
  );
  return rows;
}

export async function getVersion(
  q: Queryable,
  recordId: number,
  versionId: number,
): Promise<VersionRow | undefined> {
  const { rows } = await q.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS(true)} FROM article_versions v
      WHERE v.record_id = $1 AND v.id = $2`,
    [recordId, versionId],
  );
  return rows[0];
}

/** The article's newest version (its text as last saved). */
export async function latestVersion(
  q: Queryable,
  recordId: number,
): Promise<VersionRow | undefined> {
  const { rows } = await q.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS(true)} FROM article_versions v
      WHERE v.record_id = $1 ORDER BY v.number DESC LIMIT 1`,
    [recordId],
  );
  return rows[0];
}

export interface NewVersion {
  recordId: number;
  authorId: number;
  title: string;
  body: string;
  note: string | null;
  state: VersionState;
  restoredFrom?: number | null;
}

/**
 * Writes the next version. A newer save supersedes the version waiting in review: the newest
 * text is what gets reviewed.
 * The caller holds the article's row (a write or FOR UPDATE), so numbers never collide.
 */
export async function insertVersion(q: Queryable, v: NewVersion): Promise<VersionRow> {
  await q.query(
    `UPDATE article_versions SET state = 'superseded'
      WHERE record_id = $1 AND state = 'in_review'`,
    [v.recordId],
  );
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO article_versions (record_id, number, title, body, note, author_id, state,
                                   submitted_at, restored_from)
     SELECT $1, coalesce(max(number), 0) + 1, $2, $3, $4, $5, $6,
            CASE WHEN $6 = 'in_review' THEN now() END, $7
       FROM article_versions WHERE record_id = $1
     RETURNING id`,
    [v.recordId, v.title, v.body, v.note, v.authorId, v.state, v.restoredFrom ?? null],
  );
  const row = await getVersion(q, v.recordId, Number(rows[0].id));
  if (!row) throw new Error('The version just written is missing.');
  return row;
}

/** The article's version in review, if one is. */
export async function versionInReview(
  q: Queryable,
  recordId: number,
): Promise<VersionRow | undefined> {
  const { rows } = await q.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS(true)} FROM article_versions v
      WHERE v.record_id = $1 AND v.state = 'in_review'`,
    [recordId],
  );
  return rows[0];
}

export async function setVersionState(
  q: Queryable,
  versionId: string,
  state: VersionState,
  review?: { by: number; comment?: string | null },
): Promise<void> {
  await q.query(
    `UPDATE article_versions
        SET state = $2,
            submitted_at = CASE WHEN $2 = 'in_review' THEN now() ELSE submitted_at END,
            review_comment = coalesce($4, review_comment),
            reviewed_by = coalesce($3::bigint, reviewed_by),
            reviewed_at = CASE WHEN $3::bigint IS NULL THEN reviewed_at ELSE now() END
      WHERE id = $1`,
    [versionId, state, review?.by ?? null, review?.comment ?? null],
  );
}

/** Writes the article's live columns (title, body, status, draft, successor) and bumps its version. */
export async function updateArticle(
  q: Queryable,
  id: number,
  set: {
    title?: string;
    body?: string;
    status_id?: number;
    is_draft?: boolean;
    successor_id?: number | null;
  },
): Promise<void> {
  await q.query(
    `UPDATE records
        SET title = coalesce($2, title), body = coalesce($3, body),
            status_id = coalesce($4, status_id), is_draft = coalesce($5, is_draft),
            successor_id = CASE WHEN $6 THEN $7::bigint ELSE successor_id END,
            version = version + 1, updated_at = now()
      WHERE id = $1`,
    [
      id,
      set.title ?? null,
      set.body ?? null,
      set.status_id ?? null,
      set.is_draft ?? null,
      set.successor_id !== undefined,
      set.successor_id ?? null,
    ],
  );
}

/**
 * Whether `user` (an agent) reviews the articles of desk `hdId`: every agent, unless the desk
 * names reviewers; then only those.
 */
export async function reviewsDesk(q: Queryable, userId: number, hdId: number): Promise<boolean> {
  const { rows } = await q.query<{ ok: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM desk_reviewers WHERE helpdesk_id = $1)
            OR EXISTS (SELECT 1 FROM desk_reviewers WHERE helpdesk_id = $1 AND user_id = $2)
            AS ok`,
    [hdId, userId],
  );
  return rows[0].ok;
}

export interface QueueRow {
  id: string;
  title: string;
  hd_id: number;
  hd_name: string;
  author_id: string;
  author_name: string;
  status_id: number;
  status_name: string;
  version_id: string;
  version_number: number;
  version_title: string;
  submitted_at: Date | null;
  submitted_by_name: string | null;
}

/**
 * The "To review" queue: content with a version in review that the agent may see and review,
 * the longest waiting first.
 */
export async function reviewQueue(q: Queryable, viewer: Viewer): Promise<QueueRow[]> {
  const p = new Params([viewer.id]);
  const { rows } = await q.query<QueueRow>(
    `SELECT r.id, r.title, r.hd_id, (SELECT name FROM helpdesks WHERE id = r.hd_id) AS hd_name,
            r.owner_id AS author_id, (SELECT fullname FROM users WHERE id = r.owner_id) AS author_name,
            r.status_id, (SELECT name FROM statuses WHERE id = r.status_id) AS status_name,
            v.id AS version_id, v.number AS version_number, v.title AS version_title,
            v.submitted_at, (SELECT fullname FROM users WHERE id = v.author_id) AS submitted_by_name
       FROM article_versions v JOIN records r ON r.id = v.record_id
      WHERE v.state = 'in_review' AND r.object_type = 'C' AND NOT r.is_draft
        AND r.status_id IN (${IN_REVIEW}, ${PUBLISHED})
        AND ${visibleTo(p, viewer)}
        AND (NOT EXISTS (SELECT 1 FROM desk_reviewers d WHERE d.helpdesk_id = r.hd_id)
             OR EXISTS (SELECT 1 FROM desk_reviewers d
                         WHERE d.helpdesk_id = r.hd_id AND d.user_id = $1))
      ORDER BY v.submitted_at NULLS FIRST, v.id
      LIMIT 500`,
    p.values,
  );
  return rows;
}

/** A content item that can succeed an archived one: another content item, not archived. */
export async function successorOk(q: Queryable, viewer: Viewer, id: number): Promise<boolean> {
  const p = new Params([id]);
  const { rows } = await q.query(
    `SELECT 1 FROM records r WHERE r.id = $1 AND r.object_type = 'C' AND NOT r.is_draft
        AND r.status_id <> ${ARCHIVED} AND ${visibleTo(p, viewer)}`,
    p.values,
  );
  return rows.length === 1;
}

export interface DeskReviewers {
  hd_id: number;
  hd_name: string;
  reviewers: { id: string; fullname: string }[];
}

export async function deskReviewers(
  q: Queryable,
  hdId: number,
): Promise<DeskReviewers | undefined> {
  const { rows } = await q.query<DeskReviewers>(
    `SELECT h.id AS hd_id, h.name AS hd_name,
            coalesce((SELECT json_agg(json_build_object('id', u.id, 'fullname', u.fullname)
                                      ORDER BY u.fullname, u.id)
                        FROM desk_reviewers d JOIN users u ON u.id = d.user_id
                       WHERE d.helpdesk_id = h.id), '[]'::json) AS reviewers
       FROM helpdesks h WHERE h.id = $1 AND h.object_type = 'C'`,
    [hdId],
  );
  return rows[0];
}

/** How many of `ids` are active agents (reviewers must be). */
export async function countAgents(q: Queryable, ids: number[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE id = ANY($1::bigint[]) AND user_is_hde AND deactivated_at IS NULL`,
    [ids],
  );
  return rows[0].n;
}

export async function setDeskReviewers(q: Queryable, hdId: number, ids: number[]): Promise<void> {
  await q.query('DELETE FROM desk_reviewers WHERE helpdesk_id = $1', [hdId]);
  await q.query(
    `INSERT INTO desk_reviewers (helpdesk_id, user_id) SELECT $1, unnest($2::bigint[])`,
    [hdId, ids],
  );
}
