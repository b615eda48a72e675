// The `assign_next` action: the next agent by the desk's assignment rule. Automatic assignment
// is built beside the rules (server/assignment/assign-next.ts `assignNext(q, ticketId)`); until
// it is wired in here, the action fails, so the rules consumer retries it and logs why.
import type { Queryable } from '../db/transaction.js';

export class ActionNotAvailable extends Error {}

/** Assigns the ticket's next agent by its desk's rule (in `q`'s transaction). */
export async function assignNextForRule(_q: Queryable, _ticketId: number): Promise<void> {
  throw new ActionNotAvailable('The assign_next action is not available yet.');
}
