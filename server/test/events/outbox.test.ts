// The event outbox: an active consumer gets every history event once, in its record's order,
// inside a transaction of its own; a failing consumer is retried and never undoes the change.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  handleNext,
  setConsumerActive,
  startOutboxWorker,
  type EventConsumer,
  type OutboxEvent,
} from '../../events/outbox.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { caller, newRecord, person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
const log = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  await env.db.query(`CREATE TABLE consumer_seen (event_id bigint, record_id bigint, action text)`);
});
afterAll(() => env.close());

/** A consumer that writes what it saw into `consumer_seen`, in its transaction. */
function recorder(name: string, fail?: (e: OutboxEvent) => boolean): EventConsumer {
  return {
    name,
    handle: async (tx: pg.PoolClient, e: OutboxEvent) => {
      await tx.query(`INSERT INTO consumer_seen VALUES ($1, $2, $3)`, [e.id, e.recordId, e.action]);
      if (fail?.(e)) throw new Error('the endpoint said no');
    },
  };
}

async function pending(name: string) {
  const { rows } = await env.db.query<{ attempts: number; last_error: string | null }>(
    `SELECT attempts, last_error FROM event_outbox WHERE consumer = $1 ORDER BY id`,
    [name],
  );
  return rows;
}

async function drain(consumer: EventConsumer) {
  while (await handleNext(env.db, consumer, log));
}

describe('event outbox', () => {
  it('gives an active consumer each history event once, and an inactive one nothing', async () => {
    const alice = await person(env, 'Alice Outbox');
    await newRecord(env, 'ticket', alice.token, { subject: 'Before the consumer is on' });
    expect(await pending('audit')).toEqual([]);

    await setConsumerActive(env.db, 'audit', true);
    const { id } = await newRecord(env, 'ticket', alice.token, { subject: 'Printer on fire' });
    const events = await env.db.query<{ id: string; action: string }>(
      `SELECT id, action FROM record_events WHERE record_id = $1 ORDER BY id`,
      [id],
    );
    expect((await pending('audit')).length).toBe(events.rows.length);

    await drain(recorder('audit'));
    const seen = await env.db.query<{ event_id: string; action: string }>(
      `SELECT event_id, action FROM consumer_seen WHERE record_id = $1`,
      [id],
    );
    expect(seen.rows.map((r) => r.event_id)).toEqual(events.rows.map((r) => r.id));
    expect(await pending('audit')).toEqual([]);
    await setConsumerActive(env.db, 'audit', false);
  });

  it('retries a failing consumer without its writes, and never undoes the change', async () => {
    const bob = await person(env, 'Bob Outbox');
    await setConsumerActive(env.db, 'flaky', true);
    const { id } = await newRecord(env, 'ticket', bob.token, { subject: 'Flaky consumer' });
    await setConsumerActive(env.db, 'flaky', false);
    let failures = 1;
    const consumer = recorder('flaky', () => failures-- > 0);

    expect(await handleNext(env.db, consumer, log)).toBe(true);
    const [first] = await pending('flaky');
    expect(first).toMatchObject({ attempts: 1, last_error: 'the endpoint said no' });
    const seen = await env.db.query(`SELECT 1 FROM consumer_seen WHERE record_id = $1`, [id]);
    expect(seen.rowCount).toBe(0);
    // The ticket itself is there, whatever the consumer did.
    expect((await call('GET', `/api/ticket/${id}/`, bob.token)).statusCode).toBe(200);

    // Not yet due: the retry waits its delay; once due it runs and the event is done.
    expect(await handleNext(env.db, consumer, log)).toBe(false);
    await env.db.query(`UPDATE event_outbox SET available_at = now() WHERE consumer = 'flaky'`);
    await drain(consumer);
    expect(await pending('flaky')).toEqual([]);
    const after = await env.db.query(`SELECT 1 FROM consumer_seen WHERE record_id = $1`, [id]);
    expect(after.rowCount).toBeGreaterThan(0);
  });

  it('handles one record in order across workers running at once', async () => {
    const carol = await person(env, 'Carol Outbox');
    await setConsumerActive(env.db, 'ordered', true);
    const { id } = await newRecord(env, 'ticket', carol.token, { subject: 'Ordered' });
    for (let i = 0; i < 5; i++) {
      const body = { body: `<p>Message ${i}</p>` };
      const res = await call('POST', `/api/ticket/${id}/communication/`, carol.token, body);
      expect(res.statusCode).toBe(200);
    }
    await setConsumerActive(env.db, 'ordered', false);
    const order: number[] = [];
    // Each handling makes a round trip in its transaction, so the workers interleave.
    const ordered: EventConsumer = {
      name: 'ordered',
      handle: async (tx, e) => {
        order.push(e.id);
        await tx.query('SELECT 1');
      },
    };
    const workers = [1, 2, 3].map(() => startOutboxWorker(env.db, ordered, log, { idleMs: 20 }));
    await eventually(async () => expect(await pending('ordered')).toEqual([]));
    await Promise.all(workers.map((w) => w.stop()));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
  });
});
