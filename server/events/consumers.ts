// The consumers of record events (server/events/outbox.ts) that worker processes run.
import { rulesConsumer, type RulesContext, type RulesLogger } from '../rules/engine.js';
import type { EventConsumer } from './outbox.js';

export function eventConsumers(ctx: RulesContext, log: RulesLogger): EventConsumer[] {
  return [rulesConsumer(ctx, log)];
}
