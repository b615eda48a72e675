// The consumers of record events (server/events/outbox.ts) that worker processes run.
import type { JobQueue } from '../jobs/queue.js';
import { webhookConsumer } from '../webhooks/consumer.js';
import type { EventConsumer } from './outbox.js';

export interface ConsumerDeps {
  queue: JobQueue;
  publicUrl: string;
}

export function eventConsumers(deps: ConsumerDeps): EventConsumer[] {
  return [webhookConsumer(deps)];
}
