// The static hot statements are named (server/db/prepared.ts): a connection plans each once and
// keeps it, instead of planning it on every call (planning was 43% of the database's statement
// time under load). So are the lists' first pages, whose text carries the
// caller's role, but not a list with a text filter or a date range (its plan depends on them).
// Read from pg_prepared_statements on the app's only connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool, type Db } from '../../db/pool.js';
import { auth, createUser, raiseTicket, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let pool: Db;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  env = await startTestEnv();
  // One connection: every statement the app sends is prepared (or not) on it.
  pool = createPool(env.database.url, undefined, { max: 1 });
  app = await buildApp({ config: env.config, db: pool, logger: false, testOnlyFastHashing: true });
});
afterAll(async () => {
  await app.close();
  await pool.end();
  await env.close();
});

/** A new regular user and a new agent, signed in. */
async function userAndAgent(): Promise<{ userToken: string; agentToken: string }> {
  const user = await createUser(env);
  const agent = await createUser(env, { hde: true });
  return {
    userToken: await tokenFor(env, user.email, user.password),
    agentToken: await tokenFor(env, agent.email, agent.password),
  };
}

describe('named statements', () => {
  it('a ticket raised, replied to and read twice, lists read: the static statements are kept', async () => {
    const { userToken, agentToken } = await userAndAgent();
    const id = await raiseTicket(app, userToken);
    for (let i = 0; i < 2; i++) {
      const reply = await app.inject({
        method: 'POST',
        url: `/api/ticket/${id}/communication/`,
        headers: auth(agentToken),
        payload: { body: `<p>Looking into it (${i}).</p>` },
      });
      expect(reply.statusCode).toBe(200);
      expect(
        (await app.inject({ url: `/api/ticket/${id}/`, headers: auth(userToken) })).statusCode,
      ).toBe(200);
      const list = await app.inject({
        method: 'POST',
        url: '/api/search/ticket/hd',
        headers: auth(agentToken),
        payload: {},
      });
      expect(list.statusCode).toBe(200);
    }

    // The agent's list six times more, and once with a text filter and once with a date range.
    const list = (filters: object) =>
      app.inject({
        method: 'POST',
        url: '/api/search/ticket/hd',
        headers: auth(agentToken),
        payload: { filters },
      });
    for (let i = 0; i < 6; i++) expect((await list({})).statusCode).toBe(200);
    expect((await list({ text: 'jams' })).statusCode).toBe(200);
    expect((await list({ created_from: '2020-01-01' })).statusCode).toBe(200);

    const { rows } = await pool.query<{ statement: string; plans: number; generic: number }>(
      `SELECT statement, (generic_plans + custom_plans)::int AS plans, generic_plans::int AS generic
         FROM pg_prepared_statements`,
    );
    const named = (fragment: string) => rows.filter((r) => r.statement.includes(fragment));
    // Each named once, and each one round trip for what it reads or writes together.
    const statement = (fragment: string, ...together: string[]) => {
      const found = named(fragment);
      expect(found, fragment).toHaveLength(1);
      for (const part of together) expect(found[0].statement, part).toContain(part);
      return found[0];
    };
    statement('FROM sessions s JOIN users u'); // the session check
    // A write's settings (who acts) with its cached session's confirmation, sent with BEGIN.
    statement('FROM sessions WHERE jti', "set_config('helpdesk.actor_id'");
    // A new record's insert with its history event, and its job's insert (pg-boss).
    statement('INSERT INTO records', 'INSERT INTO record_events');
    statement('INSERT INTO pgboss.job');
    // The access check a reply starts from.
    statement('r.is_draft, r.searchable, r.version');
    // A new ticket's desk and status, and the policy they match, before its insert.
    statement('FROM statuses s WHERE s.code = $4', 'FROM sla_policies p');
    // A ticket's service-level state, with its policy, its pauses and the escalations fired.
    const sla = statement(
      'FOR NO KEY UPDATE OF r',
      'FROM sla_policies p',
      'FROM record_sla_pauses',
      'FROM sla_escalations',
    );
    statement('UPDATE records SET sla_policy_id'); // and written
    // Who hears of a reply, with the desk and the thread their mail goes out under.
    statement('FROM record_follows f WHERE f.record_id = $1 AND f.following', 'up AS (');
    // A mail's log row and its Message-ID.
    statement('INSERT INTO record_mail_log', 'INSERT INTO mail_message_ids');
    // Read on every reply (a raise writes its service levels with its row), kept on this
    // connection after its first use.
    expect(sla.plans).toBe(2);
    // A reply's message and its history event: one named statement (one round trip).
    const message = named('INSERT INTO record_messages');
    expect(message).toHaveLength(1);
    expect(message[0].statement).toContain('INSERT INTO record_events');
    expect(message[0].plans).toBe(2);
    // The agent's list page: named, its visibility the role's own text (the restricted desks
    // they are not a member of, read once per statement), and after five plans made with its
    // values PostgreSQL keeps one plan for it.
    const page = named('LIMIT 10 OFFSET 0');
    expect(page).toHaveLength(1);
    expect(page[0].statement).toContain(
      "r.object_type = 'T' AND r.is_draft = FALSE AND (r.hd_id <> ALL (ARRAY(",
    );
    expect(page[0].plans).toBe(8);
    expect(page[0].generic).toBeGreaterThan(0);
    // A text filter's or a date range's list is planned with its values each time: never named.
    expect(named('LIKE records_search_text')).toEqual([]);
    expect(named('r.created_at >=')).toEqual([]);
  });

  it("a regular user's ticket search keeps one plan for every word; an agent's and content's do not", async () => {
    const { userToken, agentToken } = await userAndAgent();
    const printer = await raiseTicket(app, userToken);
    const vpn = await app.inject({
      method: 'POST',
      url: '/api/ticket/',
      headers: auth(userToken),
      payload: { subject: 'VPN drops', description: '<p>Every hour.</p>', priority_id: 2 },
    });
    expect(vpn.statusCode).toBe(200);
    const search = async (token: string, q: string, type = 'T') => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/search/query',
        headers: auth(token),
        payload: { q, type },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { items: { id: number }[] } }).data.items.map((i) => i.id);
    };
    for (let i = 0; i < 7; i++) expect(await search(userToken, 'printer ')).toEqual([printer]);
    // The kept plan finds another word's tickets, and the word being typed (a prefix).
    expect(await search(userToken, 'vpn ')).toEqual([vpn.json().data.id]);
    expect(await search(userToken, 'jam')).toEqual([printer]);
    await search(agentToken, 'printer ');
    await search(userToken, 'printer ', 'C');

    const { rows } = await pool.query<{ statement: string; runs: number }>(
      `SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
        WHERE statement LIKE '%ts_rank_cd%'`,
    );
    // Two texts: full words, and a word being typed (a prefix); each the user's own and shared.
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.statement).toContain('tsq AS MATERIALIZED');
      expect(row.statement).toContain('record_shares');
      expect(row.statement).not.toContain('r.searchable');
    }
    // "printer" seven times and "vpn" once: one statement, whatever the words.
    const words = rows.find((r) => r.statement.includes('plainto_tsquery'));
    expect(words?.runs).toBe(8);
  });
});
