// A webhook call a trigger's action makes ("call a webhook" with a chosen payload): one delivery
// of the event `trigger.called` to one endpoint, written with its job in the trigger's own
// transaction. An endpoint that is off (or gone) gets nothing: null.
import type { Queryable } from '../db/transaction.js';
import type { JobQueue } from '../jobs/queue.js';
import { TRIGGER_EVENT } from './events.js';
import { queueDeliveries } from './queue.js';

export interface WebhookCall {
  endpointId: number;
  recordId: number | null;
  /** Sent as the body's `data`. */
  payload: unknown;
}

/** Returns the delivery id (the X-Helpdesk-Delivery header), or null when the endpoint is off. */
export async function queueWebhookCall(
  q: Queryable,
  queue: JobQueue,
  call: WebhookCall,
): Promise<string | null> {
  const { rowCount } = await q.query(`SELECT 1 FROM webhook_endpoints WHERE id = $1 AND active`, [
    call.endpointId,
  ]);
  if (!rowCount) return null;
  const [id] = await queueDeliveries(q, queue, [
    {
      endpointId: call.endpointId,
      event: TRIGGER_EVENT,
      recordId: call.recordId,
      data: call.payload,
    },
  ]);
  return id;
}
