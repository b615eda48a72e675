// The records benchmark: a fresh database with 1,000,000 tickets and 100,000 content items over
// 10,000 users (BENCH_TICKETS / BENCH_CONTENT / BENCH_USERS to change), then each list call
// through a real HTTP listener next to the same SQL run directly, and requests per second under
// autocannon. Uses its own embedded PostgreSQL in a temp folder, or, with DATABASE_URL, a
// database of its own on that server (created here and dropped afterwards).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg, { type PoolClient } from 'pg';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { ensureDatabase, startEmbeddedPostgres } from '../server/db/embedded.js';
import { migrate } from '../server/db/migrate.js';
import { createPool, LONG_TASK_SETTINGS, type Db } from '../server/db/pool.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import {
  CONTENT,
  LIST_COUNT_CAP,
  TICKET,
  type RecordKind,
} from '../server/routes/records/kinds.js';
import { buildListQueries, type ListFilters } from '../server/routes/records/sql.js';
import { seedBench } from './records-seed.js';

const run = promisify(execFile);
const PASSWORD = 'bench-password';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

function size(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a whole number >= 1`);
  return v;
}

interface Case {
  name: string;
  kind: RecordKind;
  scope: 'my' | 'hd';
  as: 'user' | 'agent';
  page?: number;
  page_size?: number;
  sort?: string;
  filters?: ListFilters;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function sample(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(); // warm up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

const fmt = (t: number[]) =>
  [50, 95, 99].map((p) => percentile(t, p).toFixed(1).padStart(6)).join(' ');

/** Index names a plan uses (for the "index-backed" column). */
function planIndexes(node: Record<string, unknown>, out = new Set<string>()): Set<string> {
  if (typeof node['Index Name'] === 'string') out.add(node['Index Name']);
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) {
    planIndexes(child, out);
  }
  return out;
}

async function setUpDatabase(log: (s: string) => void) {
  const serverUrl = process.env.DATABASE_URL;
  const dbName = `helpdesk_bench_${process.pid}`;
  if (serverUrl) {
    const admin = new URL(serverUrl);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    await ensureDatabase(admin.toString(), dbName);
    log(`Using a new database ${dbName} on DATABASE_URL's server (dropped at the end).`);
    return {
      url: url.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: admin.toString() });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter it
  const server = await startEmbeddedPostgres({
    dataDir: dir,
    logger: { info: () => undefined, debug: () => undefined, error: (m) => console.error(m) },
    // A throwaway cluster: no durability needed; memory for a million-row table and its indexes.
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      shared_buffers: '1GB',
      max_wal_size: '8GB',
      checkpoint_timeout: '30min',
    },
  });
  await ensureDatabase(server.adminUrl, 'bench');
  log(`Embedded PostgreSQL in ${dir} (removed at the end).`);
  return {
    url: server.urlFor('bench'),
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a later section (bench/search.ts) gets: the loaded database and a listening app. */
export interface BenchContext {
  db: Db;
  databaseUrl: string;
  address: string;
  tokens: Record<'agent' | 'user', string>;
  people: Record<'agent' | 'user', { id: number; user_is_hde: boolean; email: string }>;
}

export interface RecordsBenchOptions {
  /** Run the list calls and the throughput test (default true). */
  lists?: boolean;
  /** During the load, after the rows and before the indexes (e.g. search vectors). */
  beforeIndexes?: (client: PoolClient) => Promise<void>;
  /** After the list calls, on the same database and app. */
  after?: (ctx: BenchContext) => Promise<void>;
}

export async function recordsBench(opts: RecordsBenchOptions = {}): Promise<void> {
  const log = (s: string) => console.log(s);
  const benchSize = {
    users: size('BENCH_USERS', 10_000),
    tickets: size('BENCH_TICKETS', 1_000_000),
    content: size('BENCH_CONTENT', 100_000),
  };
  const started = Date.now();
  const database = await setUpDatabase(log);
  const db = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 10 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-data-'));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrate(db);
    log('Loading:');
    const passwordHash = await createPasswordHasher(true).hash(PASSWORD);
    const { firstUserId } = await seedBench(db, benchSize, passwordHash, log, opts.beforeIndexes);
    log(`  (load total ${((Date.now() - started) / 1000).toFixed(0)} s)`);

    app = await buildApp({
      config: { ...loadConfig({}), dataDir, distDir: path.join(dataDir, 'no-dist') },
      db,
      logger: false,
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    // bench1 is an agent (users 1-10 are); bench11 a regular user with ~100 tickets.
    const people = {
      agent: { id: firstUserId, user_is_hde: true, email: 'bench1@example.com' },
      user: { id: firstUserId + 10, user_is_hde: false, email: 'bench11@example.com' },
    };
    const tokens: Record<'agent' | 'user', string> = { agent: '', user: '' };
    for (const [who, p] of Object.entries(people)) {
      const res = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ str_username: p.email, str_password: PASSWORD }),
      });
      tokens[who as 'agent' | 'user'] = (
        (await res.json()) as { data: { token: string } }
      ).data.token;
    }
    if (opts.lists !== false) await listCalls();
    await opts.after?.({ db, databaseUrl: database.url, address, tokens, people });
    log(`\nRecords bench took ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);

    async function listCalls() {
      const userTickets = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM records WHERE owner_id = $1 AND object_type = 'T' AND NOT is_draft`,
        [people.user.id],
      );
      const lastMyPage = Math.max(1, Math.ceil(userTickets.rows[0].n / 25));
      // Pages reach the first LIST_COUNT_CAP records (the API refuses deeper offsets).
      const deeperTicketPage = Math.floor(LIST_COUNT_CAP / 25);
      const deepTicketPage = Math.floor(deeperTicketPage / 2);
      const deepContentPage = deeperTicketPage;

      const cases: Case[] = [
        { name: 'my tickets, page 1', kind: TICKET, scope: 'my', as: 'user' },
        {
          name: `my tickets, last page (${lastMyPage}), by subject`,
          kind: TICKET,
          scope: 'my',
          as: 'user',
          page: lastMyPage,
          sort: 'subject',
        },
        {
          name: 'my tickets, status Open, by -priority',
          kind: TICKET,
          scope: 'my',
          as: 'user',
          sort: '-priority',
          filters: { status_id: 2 },
        },
        { name: 'my content, page 1', kind: CONTENT, scope: 'my', as: 'user' },
        { name: 'hd tickets, page 1', kind: TICKET, scope: 'hd', as: 'agent' },
        {
          name: `hd tickets, page ${deepTicketPage}`,
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          page: deepTicketPage,
        },
        {
          name: `hd tickets, page ${deeperTicketPage}`,
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          page: deeperTicketPage,
        },
        // Service levels (docs/sla.md): the overdue and due-soon lists (target p95 <= 20 ms).
        {
          name: 'hd tickets, SLA overdue, by sla',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: 'sla',
          filters: { sla: 'overdue' },
        },
        {
          name: 'hd tickets, SLA due soon, by sla',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: 'sla',
          filters: { sla: 'due_soon' },
        },
        {
          name: 'hd tickets, SLA overdue, newest first',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { sla: 'overdue' },
        },
        { name: 'hd tickets, by sla', kind: TICKET, scope: 'hd', as: 'agent', sort: 'sla' },
        {
          name: 'hd tickets, Open+High, by -updated_at',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: '-updated_at',
          filters: { status_id: 2, priority_id: 3 },
        },
        {
          name: 'hd tickets, company+month, by subject',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: 'subject',
          filters: {
            company_id: 2,
            created_from: new Date(Date.now() - 60 * 86400000).toISOString().slice(0, 10),
            created_to: new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 10),
          },
        },
        {
          name: 'hd tickets, one requester, by status',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: 'status',
          filters: { requester_id: people.user.id },
        },
        {
          name: 'hd tickets, drafts',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { is_draft: true },
        },
        {
          name: 'hd tickets, text "printer" (5%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { text: 'printer' },
        },
        {
          name: 'hd tickets, text "#424242" (rare)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { text: '#424242' },
        },
        { name: 'hd content, page 1', kind: CONTENT, scope: 'hd', as: 'agent' },
        {
          name: `hd content, page ${deepContentPage}, by title`,
          kind: CONTENT,
          scope: 'hd',
          as: 'agent',
          page: deepContentPage,
          sort: 'title',
        },
        {
          name: 'hd content, text "policy", FAQ type',
          kind: CONTENT,
          scope: 'hd',
          as: 'agent',
          filters: { text: 'policy', content_type_id: 2 },
        },
      ];

      log(
        `\nList calls (page_size 25, ${SAMPLES} runs each, ms). HTTP = the whole call through the ` +
          'listener (session check, page + count, JSON);\nSQL = the same page and count queries ' +
          'run directly through pg (in parallel, as the handler does).',
      );
      const header = `${'call'.padEnd(42)} ${'total'.padStart(7)}  ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}  indexes`;
      log(header);
      log('-'.repeat(header.length + 20));
      const sqlPool = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
      try {
        for (const c of cases) {
          const body = {
            page: c.page ?? 1,
            page_size: c.page_size ?? 25,
            sort: c.sort ?? '-created_at',
            filters: c.filters ?? {},
          };
          const url = `${address}/api/search/${c.kind.path}/${c.scope}`;
          const init = {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `JWT ${tokens[c.as]}` },
            body: JSON.stringify(body),
          };
          const first = await fetch(url, init);
          const json = (await first.json()) as {
            data: { total: number; total_is_capped: boolean; items: unknown[] };
          };
          if (first.status !== 200) throw new Error(`${c.name}: HTTP ${first.status}`);
          const http = await sample(async () => {
            const res = await fetch(url, init);
            await res.arrayBuffer();
          }, SAMPLES);
          const q = buildListQueries(c.kind, people[c.as], {
            scope: c.scope,
            page: body.page,
            pageSize: body.page_size,
            sort: body.sort,
            filters: body.filters,
            now: new Date(),
          });
          const direct = await sample(
            () =>
              Promise.all([
                sqlPool.query(q.page.text, q.page.values),
                sqlPool.query(q.count.text, q.count.values),
              ]),
            SAMPLES,
          );
          const plan = await sqlPool.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
            `EXPLAIN (FORMAT JSON) ${q.page.text}`,
            q.page.values,
          );
          const indexes = [...planIndexes(plan.rows[0]['QUERY PLAN'][0].Plan)]
            .filter((n) => n.startsWith('records_'))
            .map((n) => n.replace(/^records_|_idx$/g, ''))
            .join(',');
          const total = `${json.data.total}${json.data.total_is_capped ? '+' : ''}`;
          log(
            `${c.name.padEnd(42)} ${total.padStart(7)}  ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}  ${indexes}`,
          );
        }
        log('Target: p95 <= 20 ms for every list (the SLA overdue / due-soon rows included).');
        // Details: one statement.
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM records WHERE owner_id = $1 AND object_type = 'T' LIMIT 1`,
          [people.user.id],
        );
        const detailUrl = `${address}/api/ticket/${rows[0].id}/`;
        const details = await sample(async () => {
          const res = await fetch(detailUrl, {
            headers: { authorization: `JWT ${tokens.user}` },
          });
          await res.arrayBuffer();
        }, SAMPLES);
        log(
          `${'ticket details (GET ticket/{id}/)'.padEnd(42)} ${''.padStart(7)}  ${fmt(details).padStart(22)}`,
        );
      } finally {
        await sqlPool.end();
      }

      log('\nThroughput: autocannon, 10 connections, 10 s, POST search/ticket/hd page 1 (agent):');
      const { stdout } = await run(
        process.execPath,
        [
          'node_modules/autocannon/autocannon.js',
          '-c',
          '10',
          '-d',
          '10',
          '-m',
          'POST',
          '-H',
          'content-type=application/json',
          '-H',
          `authorization=JWT ${tokens.agent}`,
          '-b',
          JSON.stringify({ page: 1, page_size: 25 }),
          '--json',
          `${address}/api/search/ticket/hd`,
        ],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const result = JSON.parse(stdout) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      log(
        `  ${result.requests.average.toFixed(0)} requests/s (${result.requests.total} in all, ` +
          `${result.non2xx} non-2xx, ${result.errors} errors), latency p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms`,
      );
    }
  } finally {
    await app?.close();
    await db.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
