// A submitted ticket is written once: its service-level state is computed before the insert
// (newTicketSla) instead of inserted and then updated, which wrote the new row a second time
// through every index, and its id is taken with its defaults, so its wake-up job goes out with
// the insert.
import { assignOnEntry } from '../assignment/assign-next.js';
import { together, type Queryable } from '../db/transaction.js';
import { TICKET, type RecordRowWithBody } from '../routes/records/kinds.js';
import {
  insertRecord,
  newTicketDefaults,
  type NewRecord,
  type NewTicketStart,
} from '../routes/records/sql.js';
import type { Viewer } from '../routes/records/visibility.js';
import { newTicketSla, startNewTicketSla, type SlaContext } from './recompute.js';

/**
 * Inserts a submitted (not draft) ticket with its service-level state and its `created` event
 * (`created`: the event's details), assigned by its desk's rule (docs/assignment.md); answers
 * its row. `start`: its defaults, when the caller read
 * them already (with its BEGIN).
 */
export async function insertSubmittedTicket(
  tx: Queryable,
  ctx: SlaContext,
  owner: Viewer,
  r: NewRecord,
  opts: { created?: Record<string, unknown>; start?: NewTicketStart } = {},
): Promise<RecordRowWithBody> {
  const { created } = opts;
  // The desk, the status and the policy in one round trip; the desk the policy was picked for is
  // the one written (not the default read again).
  const start = opts.start ?? (await newTicketDefaults(tx, r, owner.id));
  const fields = { ...r, hd_id: start.hd_id, company_id: start.company_id, is_draft: false };
  const sla = newTicketSla(ctx, start.policy, start);
  // The row and its service-level wake-up go out together: the id came with the defaults.
  const [row] = await together([
    insertRecord(tx, owner, TICKET, fields, { sla: sla.values, created, id: start.id }),
    startNewTicketSla(tx, ctx, Number(start.id), sla),
  ]);
  // Only a desk with a rule costs the assignment's round trips (the defaults said which).
  const agent = start.assigns ? await assignOnEntry(tx, ctx, Number(row.id)) : null;
  if (!agent) return row;
  return {
    ...row,
    assignee_id: String(agent.id),
    assignee_name: agent.fullname,
    version: row.version + 1,
  };
}
