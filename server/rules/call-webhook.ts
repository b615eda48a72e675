// The `call_webhook` action: a delivery of the ticket to a registered webhook endpoint. Webhooks
// are built beside the rules; until their delivery is wired in here, the action fails, so the
// rules consumer retries it and logs why.
import type { Queryable } from '../db/transaction.js';
import { ActionNotAvailable } from './assign-next.js';

/** Queues a delivery of ticket `ticketId` to endpoint `webhookId` (in `q`'s transaction). */
export async function callWebhookForRule(
  _q: Queryable,
  _webhookId: number,
  _ticketId: number,
  _trigger: { id: number; name: string },
): Promise<void> {
  throw new ActionNotAvailable('The call_webhook action is not available yet.');
}
