// Solving a parent ticket with its open children (docs/api-working.md "Relations"): PUT
// ticket/{id}/ with `solve_children: true` gives every open child the parent's new (closed)
// status in the same transaction, each with its history, mails and service levels.
import type { Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { queueFollowerMails } from '../../mail/record-mail.js';
import { recomputeSla } from '../../sla/recompute.js';
import { recordEvent } from '../records/history.js';
import { openChildren } from '../relations/sql.js';

export const SOLVE_CHILDREN_MESSAGE = 'Solve children must be true or false.';

/** The ids of the children solved (none when `statusId` is not a closed status). */
export async function solveChildren(
  tx: Queryable,
  ctx: AppContext,
  actor: { id: number; fullname: string },
  parentId: number,
  statusId: number,
): Promise<number[]> {
  const { rows } = await tx.query<{ name: string }>(
    'SELECT name FROM statuses WHERE id = $1 AND is_closed',
    [statusId],
  );
  const to = rows[0]?.name;
  if (to === undefined) return [];
  const children = await openChildren(tx, parentId);
  for (const child of children) {
    const id = Number(child.id);
    await tx.query(
      `UPDATE records SET status_id = $2, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, statusId],
    );
    await recordEvent(tx, {
      recordId: id,
      actorId: actor.id,
      action: 'status_changed',
      details: { from: child.status_name, to },
    });
    await queueFollowerMails(tx, ctx, { id, object_type: 'T', title: child.title }, actor.id, {
      type: 'status_changed',
      actor: actor.fullname,
      from: child.status_name,
      to,
    });
    await recomputeSla(tx, ctx, id);
  }
  return children.map((c) => Number(c.id));
}
