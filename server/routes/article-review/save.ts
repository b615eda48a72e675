// The content save path's part in versions (docs/knowledge-review.md): every save of an
// article's text writes a version in the save's own transaction. While the article is
// published its `records` row keeps the published text, and the new text waits as a version in
// review until a reviewer approves it.
import type { Queryable } from '../../db/transaction.js';
import { recordEvent } from '../records/history.js';
import * as sql from './sql.js';

/** The article as it was before a save and as the save merges it (records columns). */
interface Article {
  status_id: number;
  is_draft: boolean;
}

/**
 * Whether a save's text waits in review instead of going live: the article is published
 * before and after the save.
 */
export const holdsPublishedText = (before: Article, after: Article): boolean =>
  !before.is_draft &&
  !after.is_draft &&
  before.status_id === sql.PUBLISHED &&
  after.status_id === sql.PUBLISHED;

/** The answer to a save that would publish without review (409). */
export const PUBLISH_THROUGH_REVIEW =
  'Publishing goes through review: submit the article, and a reviewer of its help desk approves it.';

/** Whether a save makes the article published: Published after it, and not before. */
export const publishes = (before: Article, after: Article): boolean =>
  !after.is_draft &&
  after.status_id === sql.PUBLISHED &&
  (before.is_draft || before.status_id !== sql.PUBLISHED);

/**
 * Whether `user` may publish an article of desk `hdId` by a save (its status set to Published):
 * only someone who may review it, an agent who reviews the desk (every agent when the desk names
 * no reviewers). Everyone else submits it, and a reviewer approves it.
 */
export async function mayPublishDirectly(
  q: Queryable,
  user: { id: number; user_is_hde: boolean },
  hdId: number | null,
): Promise<boolean> {
  if (!user.user_is_hde) return false;
  return hdId === null || sql.reviewsDesk(q, user.id, hdId);
}

/** The state a version saved now takes, by the article's state after the save. */
function stateAfter(after: Article, held: boolean): sql.VersionState {
  if (held) return 'in_review';
  if (after.is_draft) return 'draft';
  if (after.status_id === sql.IN_REVIEW) return 'in_review';
  if (after.status_id === sql.PUBLISHED) return 'published';
  return 'draft';
}

export interface SavedText {
  recordId: number;
  authorId: number;
  title: string;
  body: string;
  note: string | null;
  before: Article | null;
  after: Article;
  /** The text waits in review (holdsPublishedText). */
  held: boolean;
  restoredFrom?: number;
}

/**
 * Writes the version a save makes (when its text differs from the newest version, or it carries
 * a note, or it is a restore) and the history a review step needs: a draft turned into a
 * submitted article, or a published article's new text, is `submitted_for_review`. The caller
 * has written (or locked) the records row in this transaction.
 */
export async function recordArticleSave(
  tx: Queryable,
  s: SavedText,
): Promise<sql.VersionRow | undefined> {
  const latest = await sql.latestVersion(tx, s.recordId);
  const state = stateAfter(s.after, s.held);
  const changed =
    !latest ||
    latest.title !== s.title ||
    latest.body !== s.body ||
    s.note !== null ||
    s.restoredFrom !== undefined;
  let version: sql.VersionRow | undefined;
  if (changed) {
    version = await sql.insertVersion(tx, {
      recordId: s.recordId,
      authorId: s.authorId,
      title: s.title,
      body: s.body,
      note: s.note,
      state,
      restoredFrom: s.restoredFrom ?? null,
    });
  } else if (
    latest &&
    latest.state !== state &&
    (state === 'in_review' || state === 'published') &&
    !(s.held && latest.state === 'in_review')
  ) {
    await sql.setVersionState(tx, latest.id, state);
  }
  const submitted =
    (s.before?.is_draft === true && !s.after.is_draft && s.after.status_id === sql.IN_REVIEW) ||
    (s.held && changed);
  if (submitted) {
    const number = version?.number ?? latest?.number ?? 1;
    await recordEvent(tx, {
      recordId: s.recordId,
      actorId: s.authorId,
      action: 'submitted_for_review',
      details: { number },
    });
  }
  if (s.restoredFrom !== undefined && version) {
    await recordEvent(tx, {
      recordId: s.recordId,
      actorId: s.authorId,
      action: 'version_restored',
      details: { number: version.number, from: s.restoredFrom },
    });
  }
  return version;
}
