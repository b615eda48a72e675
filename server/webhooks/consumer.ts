// The outbox consumer `webhooks` (server/events/outbox.ts): each ticket event some enabled
// endpoint subscribes to becomes one delivery per such endpoint, written with its job in the
// transaction that removes the event, so each is sent exactly once. The consumer is active only
// while an enabled endpoint exists (migration 040's trigger).
import { together } from '../db/transaction.js';
import type { EventConsumer } from '../events/outbox.js';
import type { JobQueue } from '../jobs/queue.js';
import { ticketSnapshot, webhookEventOf } from './events.js';
import { queueDeliveries } from './queue.js';

export const WEBHOOK_CONSUMER = 'webhooks';

export function webhookConsumer(deps: { queue: JobQueue; publicUrl: string }): EventConsumer {
  // Whether the last event sent jobs: the delivery workers of this process are woken once it
  // commits, so a delivery does not wait for their next poll.
  let sent = false;
  return {
    name: WEBHOOK_CONSUMER,
    committed: () => {
      if (sent) deps.queue.wake('webhook.deliver');
      sent = false;
    },
    handle: async (tx, e) => {
      const event = webhookEventOf(e.action);
      if (!event) return;
      // Sent at once (the pool's clients pipeline): one round trip for the three reads.
      const [{ rows: endpoints }, ticket, { rows: actors }] = await together([
        tx.query<{ id: number }>(
          `SELECT id FROM webhook_endpoints WHERE active AND $1 = ANY (events) ORDER BY id`,
          [event],
        ),
        ticketSnapshot(tx, e.recordId, deps.publicUrl),
        tx.query<{ fullname: string }>(`SELECT fullname FROM users WHERE id = $1`, [e.actorId]),
      ] as const);
      if (!endpoints.length || !ticket) return;
      const data = {
        ticket,
        change: {
          action: e.action,
          details: e.details,
          internal: e.internal,
          at: e.createdAt.toISOString(),
        },
        actor: e.actorId !== null && actors[0] ? { id: e.actorId, name: actors[0].fullname } : null,
      };
      await queueDeliveries(
        tx,
        deps.queue,
        endpoints.map((ep) => ({ endpointId: ep.id, event, recordId: e.recordId, data })),
      );
      sent = true;
    },
  };
}
