// Chaos: kill -9 in the middle of a merge, on the real server and its own embedded PostgreSQL.
// A ticket with a long thread is merged into another while a lock taken from outside holds the
// merge's transaction open halfway (its messages already moved, its followers not yet): seen
// waiting in pg_locks, the API process and every database process are killed with SIGKILL. After
// a restart on the same data folder (crash recovery) both tickets are whole: nothing of the merge
// happened. The same merge then runs to its end and moves everything.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  embeddedClient,
  killEverything,
  loginAs,
  makeDataDir,
  startServer,
  stopAndRemove,
  waitUntil,
  type ServerProcess,
} from './server-process.js';

const THREAD = 500;

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = makeDataDir('merge-kill');
  server = await startServer(dataDir); // first start: initdb, migrations, demo accounts
}, 120000);

afterAll(() => stopAndRemove(server, dataDir), 60000);

interface TicketState {
  merged_into_id: string | null;
  status: string;
  messages: number;
  followers: number;
  merge_events: number;
  vector_whole: boolean;
}

/** What a reader would check of a ticket, straight from the database. */
async function stateOf(db: pg.Client, id: number): Promise<TicketState> {
  const { rows } = await db.query<TicketState>(
    `SELECT r.merged_into_id, s.code AS status,
            (SELECT count(*)::int FROM record_messages m WHERE m.record_id = r.id) AS messages,
            (SELECT count(*)::int FROM record_follows f WHERE f.record_id = r.id) AS followers,
            (SELECT count(*)::int FROM record_events e
              WHERE e.record_id = r.id AND e.action IN ('merged', 'merged_into')) AS merge_events,
            strip(r.search_vector) = strip(record_search_vector(r.id, r.object_type, r.title, r.body))
              AS vector_whole
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

describe('kill -9 during a merge', () => {
  it('leaves both tickets whole (the merge did not happen); the merge then completes', async () => {
    const agent = await loginAs(server.base, 'agent@example.com');
    const alice = await loginAs(server.base, 'alice@example.com');
    const raise = async (subject: string) => {
      const res = await call(server.base, 'POST', '/api/ticket/', {
        token: alice,
        body: { subject, description: `<p>${subject}.</p>`, priority_id: 2 },
      });
      expect(res.status).toBe(200);
      return (res.body.data as { id: number }).id;
    };
    const target = await raise('Merge target under kill');
    const source = await raise('Merge source under kill');

    const db = await embeddedClient(dataDir);
    // The source's long thread, and a follower (the agent) the merge moves last.
    await db.query(
      `INSERT INTO record_messages (record_id, thread, author_id, action, body)
       SELECT $1, 'communication', r.owner_id, 'reply', '<p>Reply number ' || n || '.</p>'
         FROM records r, generate_series(1, $2) AS n WHERE r.id = $1`,
      [source, THREAD],
    );
    const follow = await call(server.base, 'PUT', `/api/ticket/${source}/follow/`, {
      token: agent,
      body: { following: true },
    });
    expect(follow.status).toBe(200);
    const before = { target: await stateOf(db, target), source: await stateOf(db, source) };
    expect(before.source).toMatchObject({ messages: THREAD, merged_into_id: null });
    expect(before.source.followers).toBeGreaterThan(0);

    // Hold the merge halfway: its followers' insert waits for this lock.
    await db.query('BEGIN');
    await db.query('LOCK TABLE record_follows IN SHARE MODE');
    const merging = call(server.base, 'POST', `/api/ticket/${target}/merge/`, {
      token: agent,
      body: { source_ids: [source] },
      timeoutMs: 60000,
    }).catch((err: Error) => err);
    await waitUntil(
      async () =>
        // pg_locks, not pg_stat_activity: the latter is a snapshot within this transaction.
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
              WHERE relation = 'record_follows'::regclass AND NOT granted`,
          )
        ).rows[0].n > 0,
      'the merge to wait inside its transaction',
    );
    // Its messages have moved by now (inside the open transaction, invisible from here).
    await killEverything(server, dataDir);
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await merging).toBeInstanceOf(Error); // no answer: the process was gone
    await db.end().catch(() => undefined);

    // A restart recovers the database: neither ticket shows any part of the merge.
    server = await startServer(dataDir);
    const after = await embeddedClient(dataDir);
    try {
      expect(await stateOf(after, target)).toEqual(before.target);
      expect(await stateOf(after, source)).toEqual(before.source);
      const thread = await call(server.base, 'GET', `/api/ticket/${source}/communication/`, {
        token: alice,
      });
      expect(thread.status).toBe(200);
      expect(thread.body.data as unknown[]).toHaveLength(THREAD);

      // The same merge now runs to its end: everything moved, the source closed as merged.
      const agentAgain = await loginAs(server.base, 'agent@example.com');
      const merged = await call(server.base, 'POST', `/api/ticket/${target}/merge/`, {
        token: agentAgain,
        body: { source_ids: [source] },
        timeoutMs: 60000,
      });
      expect(merged.status).toBe(200);
      const t = await stateOf(after, target);
      // The source's description becomes a message of the target, besides its thread.
      expect(t.messages).toBe(before.target.messages + THREAD + 1);
      expect(t).toMatchObject({ merge_events: 1, vector_whole: true });
      expect(t.followers).toBeGreaterThanOrEqual(before.source.followers);
      expect(await stateOf(after, source)).toMatchObject({
        merged_into_id: String(target),
        status: 'closed',
        messages: 0,
        merge_events: 1,
      });
    } finally {
      await after.end();
    }
  }, 180000);
});
