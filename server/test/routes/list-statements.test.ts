// A call costs a bounded number of SQL statements (round trips). A list: the page and its count
// (a search page: one statement that carries its count), plus the session check when the session
// is not in the process's session cache, which a record's read calls use too. A hot write (a new
// ticket, a reply) takes the user from the cache and confirms the session with its BEGIN
// (docs/performance.md, "session cache"). Counted on every connection the app queries through,
// transactions included.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool, type Db } from '../../db/pool.js';
import { auth, createUser, raiseTicket, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { policyInput } from '../sla/sla-env.js';

let env: TestEnv;
let pool: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
const statements: string[] = [];
// Round trips: the longest chain of statements each sent after the one before it answered.
// A statement's place in the chain is one past the furthest answer it could have waited for;
// statements sent together (the pool's clients pipeline) share a place.
let furthestAnswered = 0;
let roundTrips = 0;
// Each counted call is a generation: an answer to a statement of an earlier one does not move
// this one's chain.
let generation = 0;

beforeAll(async () => {
  env = await startTestEnv();
  pool = createPool(env.database.url);
  pool.on('connect', (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = args[0];
      statements.push(typeof text === 'string' ? text : (text as { text: string }).text);
      const place = furthestAnswered + 1;
      const sentIn = generation;
      roundTrips = Math.max(roundTrips, place);
      const answer = query(...args);
      const done = () => {
        if (sentIn === generation) furthestAnswered = Math.max(furthestAnswered, place);
      };
      if (answer instanceof Promise) answer.then(done, done);
      else done();
      return answer;
    };
  });
  app = await buildApp({ config: env.config, db: pool, logger: false, testOnlyFastHashing: true });
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await env.close();
});

const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload });

async function statementsOf(call: () => Promise<{ statusCode: number }>): Promise<number> {
  statements.length = 0;
  roundTrips = 0;
  furthestAnswered = 0;
  generation += 1;
  expect((await call()).statusCode).toBe(200);
  return statements.length;
}

describe('statements per list call', () => {
  it('page + count, plus the session check only when the session is not cached', async () => {
    const agent = await createUser(env, { hde: true, admin: true });
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

  it('a list narrowed by text or a creation range is one statement that carries its count', async () => {
    const agent = await createUser(env, { hde: true, admin: true });
    const token = await tokenFor(env, agent.email, agent.password);
    const marker = `narrowed-${Date.now()}`;
    for (const subject of ['Charlie', 'Alpha', 'Bravo']) {
      await raiseTicket(app, token, { subject: `${marker} ${subject}` });
    }
    const list = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/search/ticket/hd',
        headers: auth(token),
        payload: { sort: 'subject', ...payload },
      });
    const data = async (payload: object) =>
      (await list(payload)).json().data as { total: number; items: { subject: string }[] };
    await list({}); // the session into the cache
    const today = new Date().toISOString().slice(0, 10);
    for (const filters of [{ text: marker }, { text: marker, created_from: today }]) {
      expect(await statementsOf(() => list({ filters })), JSON.stringify(filters)).toBe(1);
      const page = await data({ filters });
      expect(page.total).toBe(3);
      expect(page.items.map((i) => i.subject)).toEqual(
        ['Alpha', 'Bravo', 'Charlie'].map((w) => `${marker} ${w}`),
      );
    }
    // The second page of two: sorted from the same matches.
    const second = await data({ filters: { text: marker }, page: 2, page_size: 2 });
    expect(second).toMatchObject({ total: 3, items: [{ subject: `${marker} Charlie` }] });
    // Nothing on the first page: nothing matches, no count needed.
    expect(await statementsOf(() => list({ filters: { text: `${marker}-none` } }))).toBe(1);
    expect(await data({ filters: { text: `${marker}-none` } })).toMatchObject({
      total: 0,
      items: [],
    });
    // A page past the last match asks the count.
    expect(
      await statementsOf(() => list({ filters: { text: marker }, page: 3, page_size: 2 })),
    ).toBe(2);
    expect(await data({ filters: { text: marker }, page: 3, page_size: 2 })).toMatchObject({
      total: 3,
      items: [],
    });
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
  });

  it('a new ticket and a reply take the session from the cache and confirm it with BEGIN', async () => {
    const user = await createUser(env);
    const agent = await createUser(env, { hde: true, admin: true });
    const token = await tokenFor(env, user.email, user.password);
    const agentToken = await tokenFor(env, agent.email, agent.password);
    // Each session's first call puts it in the cache.
    for (const t of [token, agentToken]) {
      await statementsOf(() => app.inject({ url: '/api/user/me', headers: auth(t) }));
    }
    const sessionChecks = () => statements.filter((s) => s.includes('FROM sessions'));
    let id = 0;
    // No service-level policy here. BEGIN, the actor's settings with the session's
    // confirmation, the desk, status and policy, the custom field definitions, the insert (with
    // its history event), COMMIT (was 7: the session, BEGIN, the desk, the policy, the insert,
    // the event, COMMIT).
    expect(
      await statementsOf(async () => {
        const res = await post(token, '/api/ticket/', {
          subject: 'Printer jams',
          description: '<p>Again.</p>',
          priority_id: 2,
        });
        id = (res.json() as { data: { id: number } }).data.id;
        return res;
      }),
    ).toBe(6);
    expect(statements[0]).toBe('BEGIN');
    expect(sessionChecks()).toEqual([expect.stringMatching(/^SELECT set_config.*FROM sessions/s)]);
    // The settings, the desk, status and policy, and the definitions go out with BEGIN: 3 round
    // trips (were 4).
    expect(roundTrips).toBe(3);
    expect(statements[2]).toMatch(/AS policy/);
    // BEGIN, the settings with the confirmation, the access check, the message (with its event), who hears of
    // it (with the mail's desk and thread), the ticket's service levels (with their policy,
    // pauses and escalations), the mail's log row (with its Message-ID) and its job, the service
    // levels written (its first response), COMMIT (was 13).
    const reply = () =>
      post(agentToken, `/api/ticket/${id}/communication/`, { body: '<p>Looking into it.</p>' });
    expect(await statementsOf(reply)).toBe(10);
    expect(sessionChecks()).toEqual([expect.stringMatching(/^SELECT set_config.*FROM sessions/s)]);
    // Sent together: BEGIN, the settings and the access check; the message, who hears of it (each with the
    // id of their mail's log row) and the ticket's service levels; the mail's log row, its job
    // and the service levels written. Then COMMIT: 4 round trips (were 9; 5 with the job after
    // its log row).
    expect(roundTrips).toBe(4);
    // Two more followers: three mails (a log row and a job each; the service levels have
    // nothing new to write), and still 4 round trips (the mails were two each).
    for (const hde of [true, false]) {
      const follower = await createUser(env, { hde });
      if (!hde) {
        await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
          id,
          follower.id,
        ]);
      }
      await env.db.query(
        'INSERT INTO record_follows (record_id, user_id, following) VALUES ($1, $2, true)',
        [id, follower.id],
      );
    }
    expect(await statementsOf(reply)).toBe(13);
    expect(roundTrips).toBe(4);
    // A work log entry: its access check goes out with BEGIN, then the entry and COMMIT.
    const entry = () =>
      post(agentToken, `/api/ticket/${id}/worklog/`, { body: '<p>Called the requester.</p>' });
    expect(await statementsOf(entry)).toBe(5);
    expect(roundTrips).toBe(3);

    // Under a service-level policy a new ticket also queues its wake-up job: the ticket's id
    // comes from the sequence with the defaults, so the job goes out with the insert and the
    // round trips stay 3 (were 4, the job after the insert).
    const policy = await post(agentToken, '/api/sla/policies/', policyInput({ priority_ids: [2] }));
    expect(policy.statusCode).toBe(200);
    expect(
      await statementsOf(() =>
        post(token, '/api/ticket/', {
          subject: 'Scanner',
          description: '<p>Off.</p>',
          priority_id: 2,
        }),
      ),
    ).toBe(7);
    expect(statements.filter((s) => s.includes('pgboss'))).toHaveLength(1);
    expect(roundTrips).toBe(3);
  });
});
