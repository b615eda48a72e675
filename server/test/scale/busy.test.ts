// A busy API process: writes racing on one ticket, and a pool with fewer connections than
// requests. Each write is answered, none with 500 or 503 (found by the bench's 50 people).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool } from '../../db/pool.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let alice: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  alice = await person(env, 'Alice Busy');
  agent = await person(env, 'Agent Busy', true);
});
afterAll(() => env.close());

describe('a busy API process', () => {
  it('answers twenty replies to one ticket sent at once, and keeps all twenty', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Everyone answers at once' });
    const call = caller(env);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/api/ticket/${t.id}/communication/`, i % 4 ? agent.token : alice.token, {
          body: `<p>Reply ${i}</p>`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const thread = await call('GET', `/api/ticket/${t.id}/communication/`, agent.token);
    expect(thread.json().data).toHaveLength(20);
  });

  it('takes replies with a pool of one connection: queueing their mails needs no second one', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'One connection left' });
    // A new API process (its own job queue, not yet used) on the same database.
    const db = createPool(env.database.url, undefined, { max: 1, connectTimeoutMs: 3000 });
    const app = await buildApp({
      config: env.config,
      db,
      logger: false,
      testOnlyFastHashing: true,
    });
    try {
      // Each reply queues a mail to alice (a follower) inside the request's transaction.
      const reply = (i: number) =>
        caller({ ...env, app })('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
          body: `<p>Answer ${i}</p>`,
        });
      const results = await Promise.all([1, 2, 3].map(reply));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const { rows } = await env.db.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->'mail'->>'to' = $1`,
        [alice.email],
      );
      expect(rows[0].n).toBeGreaterThanOrEqual(3);
    } finally {
      await app.close();
      await db.end();
    }
  });
});
