// Writing a delivery and its job, inside the caller's transaction: the delivery exists, and is
// sent, only if the change that caused it commits.
import { randomUUID } from 'node:crypto';
import { together, type Queryable } from '../db/transaction.js';
import type { JobQueue } from '../jobs/queue.js';

export interface NewDelivery {
  endpointId: number;
  event: string;
  recordId: number | null;
  /** What the receiver gets under `data`. */
  data: unknown;
}

/** The body every delivery sends: its id and event beside the event's data. */
export function deliveryBody(id: string, event: string, createdAt: string, data: unknown) {
  return { id, event, created_at: createdAt, data };
}

/** Writes the deliveries and sends one `webhook.deliver` job each; returns their ids. */
export async function queueDeliveries(
  q: Queryable,
  queue: JobQueue,
  items: NewDelivery[],
): Promise<string[]> {
  if (!items.length) return [];
  const createdAt = new Date().toISOString();
  const ids = items.map(() => randomUUID());
  const payloads = items.map((d, i) =>
    JSON.stringify(deliveryBody(ids[i], d.event, createdAt, d.data)),
  );
  // The rows and their jobs go out together (the pool's clients pipeline).
  await together([
    q.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event, record_id, payload, created_at)
       SELECT *, $6::timestamptz
         FROM unnest($1::uuid[], $2::int[], $3::text[], $4::bigint[], $5::jsonb[])`,
      [
        ids,
        items.map((d) => d.endpointId),
        items.map((d) => d.event),
        items.map((d) => d.recordId),
        payloads,
        createdAt,
      ],
    ),
    queue.sendMany(
      'webhook.deliver',
      ids.map((deliveryId) => ({ deliveryId, manual: false })),
      { tx: q },
    ),
  ]);
  return ids;
}
