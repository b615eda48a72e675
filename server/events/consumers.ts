// The consumers of record events (server/events/outbox.ts) that worker processes run.
import type { EventConsumer } from './outbox.js';

export function eventConsumers(): EventConsumer[] {
  return [];
}
