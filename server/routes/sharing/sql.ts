// SQL for sharing: finding people to share with, and a record's shared-with list.
import type { Queryable } from '../../db/transaction.js';

export interface Person {
  id: string;
  fullname: string;
  email: string | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * Up to 10 confirmed users (not the caller) whose name or email contains `text` (case- and
 * accent-insensitive) or whose id is `text`. Emails only for agents.
 */
export async function searchUsers(
  db: Queryable,
  viewer: { id: number; user_is_hde: boolean },
  text: string,
): Promise<Person[]> {
  const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const { rows } = await db.query<Person>(
    `SELECT u.id, u.fullname, CASE WHEN $4::boolean THEN u.email END AS email
       FROM users u
      WHERE u.confirmed_at IS NOT NULL AND u.id <> $1
        AND (u.id = $2
             OR records_search_text(u.fullname) LIKE records_search_text($3)
             OR records_search_text(u.email) LIKE records_search_text($3))
      ORDER BY u.id = $2 DESC NULLS LAST, u.fullname, u.id
      LIMIT 10`,
    [viewer.id, id, `%${escapeLike(text)}%`, viewer.user_is_hde],
  );
  return rows;
}

/** The people a record is shared with, by name. */
export async function sharedWith(
  db: Queryable,
  recordId: number,
): Promise<{ id: string; fullname: string }[]> {
  const { rows } = await db.query<{ id: string; fullname: string }>(
    `SELECT u.id, u.fullname
       FROM record_shares s JOIN users u ON u.id = s.user_id
      WHERE s.record_id = $1
      ORDER BY u.fullname, u.id`,
    [recordId],
  );
  return rows;
}

/** How many of `ids` are confirmed users (all must be, else 400). */
export async function countConfirmedUsers(db: Queryable, ids: number[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE id = ANY($1::bigint[]) AND confirmed_at IS NOT NULL`,
    [ids],
  );
  return rows[0].n;
}

/**
 * Makes the list exactly `userIds` (the owner is never a share). Returns whether anything
 * changed. Locks the record row first, so two concurrent PUTs apply one after the other.
 */
export async function replaceShares(
  db: Queryable,
  recordId: number,
  userIds: number[],
): Promise<boolean> {
  await db.query('SELECT 1 FROM records WHERE id = $1 FOR UPDATE', [recordId]);
  const removed = await db.query(
    `DELETE FROM record_shares WHERE record_id = $1 AND NOT (user_id = ANY($2::bigint[]))`,
    [recordId, userIds],
  );
  const added = await db.query(
    `INSERT INTO record_shares (record_id, user_id)
     SELECT $1, u.id FROM users u
      WHERE u.id = ANY($2::bigint[])
        AND u.id <> (SELECT owner_id FROM records WHERE id = $1)
     ON CONFLICT DO NOTHING`,
    [recordId, userIds],
  );
  return (removed.rowCount ?? 0) + (added.rowCount ?? 0) > 0;
}
