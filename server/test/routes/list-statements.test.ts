// A list call costs a bounded number of SQL statements: the page and its count (a search page: one
// statement that carries its count), plus the session check when the session is not in the
// process's session cache, which a record's read calls use too (docs/performance.md). Counted by wrapping the pool the app queries
// through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool, type Db } from '../../db/pool.js';
import { auth, createUser, raiseTicket, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let pool: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
const statements: string[] = [];

beforeAll(async () => {
  env = await startTestEnv();
  pool = createPool(env.database.url);
  const query = pool.query.bind(pool) as (text: unknown, values?: unknown) => Promise<unknown>;
  pool.query = ((text: unknown, values?: unknown) => {
    statements.push(typeof text === 'string' ? text : JSON.stringify(text));
    return query(text, values);
  }) as typeof pool.query;
  app = await buildApp({ config: env.config, db: pool, logger: false, testOnlyFastHashing: true });
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await env.close();
});

async function statementsOf(call: () => Promise<{ statusCode: number }>): Promise<number> {
  statements.length = 0;
  expect((await call()).statusCode).toBe(200);
  return statements.length;
}

describe('statements per list call', () => {
  it('page + count, plus the session check only when the session is not cached', async () => {
    const agent = await createUser(env, { hde: true });
    // Another session's call first: the app reads the stored JWT secret once, on first use.
    const other = await tokenFor(env, agent.email, agent.password);
    await app.inject({ method: 'GET', url: '/api/user/me', headers: auth(other) });
    const token = await tokenFor(env, agent.email, agent.password);
    const call = (url: string, payload: object) => () =>
      app.inject({ method: 'POST', url, headers: auth(token), payload });
    // The first call of a session checks it in the database: 3 in all.
    expect(await statementsOf(call('/api/search/ticket/my', {}))).toBe(3);
    for (const [url, payload] of [
      ['/api/search/ticket/my', {}],
      ['/api/search/ticket/hd', { filters: { text: 'printer' } }],
      ['/api/search/content/hd', { page: 2, sort: 'title' }],
      ['/api/search/ticket/hd', { filters: { sla: 'overdue' }, sort: 'sla' }],
    ] as const) {
      expect(await statementsOf(call(url, payload))).toBeLessThanOrEqual(2);
    }
    // A search page carries its capped count: one statement.
    expect(await statementsOf(call('/api/search/query', { q: 'printer', type: 'T' }))).toBe(1);
  });

  it("a record's read calls take the session from the cache once it holds it", async () => {
    const user = await createUser(env);
    const token = await tokenFor(env, user.email, user.password);
    const id = await raiseTicket(app, token);
    const sessionChecks = () => statements.filter((s) => s.includes('FROM sessions')).length;
    for (const url of [
      `/api/ticket/${id}/`,
      `/api/ticket/${id}/details/`,
      `/api/ticket/${id}/communication/`,
    ]) {
      await statementsOf(() => app.inject({ url, headers: auth(token) }));
      expect(sessionChecks(), url).toBe(0);
    }
    // A write still checks its session in the database.
    await statementsOf(() =>
      app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/communication/`,
        headers: auth(token),
        payload: { body: '<p>Still jamming.</p>' },
      }),
    );
    expect(sessionChecks()).toBe(1);
  });
});
