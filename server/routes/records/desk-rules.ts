// The messages of the restricted-desk rules (docs/api-admin.md): an assignee must work on the
// record's desk, and a record moves into a restricted desk only by one of its members.
import type { Queryable } from '../../db/transaction.js';
import { deskOpenToUser } from './visibility.js';

export const NOT_DESK_MEMBER = 'This agent is not a member of the help desk of this record.';
export const DESK_MOVE_DENIED =
  'This help desk is restricted to its members: only they can put records into it.';

/** Whether user `userId` works on desk `hdId`: it is not restricted, or they are its member. */
export async function worksOnDesk(q: Queryable, userId: number, hdId: number): Promise<boolean> {
  const { rows } = await q.query<{ open: boolean }>(
    `SELECT ${deskOpenToUser('$1::bigint', '$2::int')} AS open`,
    [userId, hdId],
  );
  return rows[0].open;
}
