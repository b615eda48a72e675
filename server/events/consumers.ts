// The consumers of record events (server/events/outbox.ts) that worker processes run.
import type { JobQueue } from '../jobs/queue.js';
import { rulesConsumer, type RulesContext, type RulesLogger } from '../rules/engine.js';
import { webhookConsumer } from '../webhooks/consumer.js';
import { satisfactionConsumer } from '../ratings/consumer.js';
import type { EventConsumer } from './outbox.js';

export type ConsumerDeps = RulesContext & { queue: JobQueue; publicUrl: string };

export function eventConsumers(deps: ConsumerDeps, log: RulesLogger): EventConsumer[] {
  return [rulesConsumer(deps, log), webhookConsumer(deps), satisfactionConsumer(deps)];
}
