// The statements of the satisfaction survey: solves, their tokens and ratings.
import type { Queryable } from '../db/transaction.js';
import { recordEvent } from '../routes/records/history.js';

export type Rating = 'good' | 'bad';
export const RATINGS: readonly Rating[] = ['good', 'bad'];

export interface SolveRow {
  record_id: string;
  solve_no: number;
  solved_at: Date;
  rating: Rating | null;
  comment: string | null;
  rated_at: Date | null;
  changed_at: Date | null;
  /** The token's expiry (solved_at + 14 days). */
  expires_at: Date;
  /** The ticket's latest solve is this one. */
  latest: boolean;
  owner_id: string;
  title: string;
  language: 'en' | 'es';
}

const SOLVE_COLUMNS = `s.record_id, s.solve_no, s.solved_at, s.rating, s.comment, s.rated_at,
  s.changed_at, s.solved_at + interval '14 days' AS expires_at,
  NOT EXISTS (SELECT 1 FROM satisfaction_ratings n
               WHERE n.record_id = s.record_id AND n.solve_no > s.solve_no) AS latest,
  r.owner_id, r.title, u.language`;

/** The solve a token rates, locked for the change; undefined for no such token. */
export async function solveOfToken(
  q: Queryable,
  t: { recordId: number; solveNo: number; hash: string },
): Promise<SolveRow | undefined> {
  const { rows } = await q.query<SolveRow>(
    `SELECT ${SOLVE_COLUMNS}
       FROM satisfaction_tokens k
       JOIN satisfaction_ratings s ON s.record_id = k.record_id AND s.solve_no = k.solve_no
       JOIN records r ON r.id = s.record_id
       JOIN users u ON u.id = r.owner_id
      WHERE k.hash = $1 AND k.record_id = $2 AND k.solve_no = $3
        FOR UPDATE OF s`,
    [t.hash, t.recordId, t.solveNo],
  );
  return rows[0];
}

/** A ticket's solves, newest first. */
export async function solvesOf(q: Queryable, recordId: number, lock = false): Promise<SolveRow[]> {
  const { rows } = await q.query<SolveRow>(
    `SELECT ${SOLVE_COLUMNS}
       FROM satisfaction_ratings s
       JOIN records r ON r.id = s.record_id
       JOIN users u ON u.id = r.owner_id
      WHERE s.record_id = $1
      ORDER BY s.solve_no DESC ${lock ? 'FOR UPDATE OF s' : ''}`,
    [recordId],
  );
  return rows;
}

/**
 * Records the requester's answer for one solve: the rating (and the comment, when given; an
 * empty one removes it). Writes the `rated` history event when something changed, which is what
 * triggers ("a satisfaction rating arrives") and webhooks (`ticket.rated`) act on. The ticket's
 * `satisfaction` follows its latest solve. True when something changed.
 */
export async function saveRating(
  tx: Queryable,
  solve: SolveRow,
  to: { rating: Rating; comment?: string },
): Promise<boolean> {
  const comment = to.comment === undefined ? solve.comment : to.comment.trim() || null;
  if (solve.rating === to.rating && comment === solve.comment) return false;
  const recordId = Number(solve.record_id);
  await tx.query(
    `UPDATE satisfaction_ratings
        SET rating = $3, comment = $4, rated_at = coalesce(rated_at, now()),
            changed_at = CASE WHEN rated_at IS NULL THEN NULL ELSE now() END
      WHERE record_id = $1 AND solve_no = $2`,
    [recordId, solve.solve_no, to.rating, comment],
  );
  if (solve.latest) {
    await tx.query(
      `UPDATE records SET satisfaction = $2 WHERE id = $1 AND satisfaction IS DISTINCT FROM $2`,
      [recordId, to.rating],
    );
  }
  await recordEvent(tx, {
    recordId,
    actorId: Number(solve.owner_id),
    action: 'rated',
    details: { rating: to.rating, comment, solve: solve.solve_no },
  });
  solve.rating = to.rating;
  solve.comment = comment;
  return true;
}
