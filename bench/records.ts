// The records benchmark: a fresh database with 1,000,000 tickets and 100,000 content items over
// 10,000 users (BENCH_TICKETS / BENCH_CONTENT / BENCH_USERS to change), then each list call
// through the server (a process of its own: bench/server-process.ts) next to the same SQL run
// directly, and requests per second under autocannon. Uses its own embedded PostgreSQL in a temp
// folder, or, with DATABASE_URL, a database of its own on that server (created here and dropped
// afterwards). BENCH_KEEP=<name> keeps the loaded database (that database on DATABASE_URL's
// server, or the embedded cluster in $TMPDIR/helpdesk-bench-keep-<name>) and reuses it on the
// next run with the same sizes, so a query can be tried again without a ten-minute load.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg, { type PoolClient } from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../server/db/embedded.js';
import { statementStatsSettings } from './statement-stats.js';
import { migrate } from '../server/db/migrate.js';
import { runPageAndCount } from '../server/db/page-and-count.js';
import { createPool, LONG_TASK_SETTINGS, type Db } from '../server/db/pool.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import {
  CONTENT,
  LIST_COUNT_CAP,
  TICKET,
  type RecordKind,
} from '../server/routes/records/kinds.js';
import { buildListQueries, withFields, type ListFilters } from '../server/routes/records/sql.js';
import {
  closedLoop,
  fmt,
  percentile,
  ratio,
  request,
  sample,
  sampleCallAndFloor,
  sampleInTurns,
  RATIO_NOTE,
} from './measure.js';
import { seedBench } from './records-seed.js';
import { nodeFlags, startServerProcess, type ServerProcess } from './server-process.js';
import { addCaseTargets, addTarget, measuredOnce, type CaseP95 } from './summary.js';

const run = promisify(execFile);
const PASSWORD = 'bench-password';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** `BENCH_CASES=tag|product`: only the list cases whose name matches (a regular expression). */
const ONLY_CASES = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : undefined;

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

/** Index names a plan uses (for the "index-backed" column). */
function planIndexes(node: Record<string, unknown>, out = new Set<string>()): Set<string> {
  if (typeof node['Index Name'] === 'string') out.add(node['Index Name']);
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) {
    planIndexes(child, out);
  }
  return out;
}

export async function setUpDatabase(
  log: (s: string) => void,
  prefix = 'helpdesk_bench',
  keep?: string,
) {
  const serverUrl = process.env.DATABASE_URL;
  const dbName = keep ?? `${prefix}_${process.pid}`;
  if (serverUrl) {
    const admin = new URL(serverUrl);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    await ensureDatabase(admin.toString(), dbName);
    log(
      keep
        ? `Using the kept database ${dbName} on DATABASE_URL's server (BENCH_KEEP).`
        : `Using a new database ${dbName} on DATABASE_URL's server (dropped at the end).`,
    );
    return {
      url: url.toString(),
      stop: async () => {
        if (keep) return;
        const c = new pg.Client({ connectionString: admin.toString() });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = keep
    ? path.join(os.tmpdir(), `helpdesk-bench-keep-${keep}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-'));
  fs.mkdirSync(dir, { recursive: true });
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
      ...statementStatsSettings(),
    },
  });
  await ensureDatabase(server.adminUrl, 'bench');
  log(`Embedded PostgreSQL in ${dir} (${keep ? 'kept: BENCH_KEEP' : 'removed at the end'}).`);
  return {
    url: server.localUrlFor('bench'),
    stop: async () => {
      await server.stop();
      if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a later section (bench/search.ts) gets: the loaded database and a listening app. */
export interface BenchContext {
  db: Db;
  databaseUrl: string;
  address: string;
  /** The server at `address`, for its own time per call (its log). */
  server: ServerProcess;
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
  const keep = process.env.BENCH_KEEP;
  if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) {
    throw new Error('BENCH_KEEP must be a name (a-z, 0-9, _)');
  }
  const database = await setUpDatabase(log, undefined, keep);
  const db = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 10 });
  let server: ServerProcess | undefined;
  try {
    await migrate(db);
    const sizes = JSON.stringify(benchSize);
    await db.query('CREATE TABLE IF NOT EXISTS bench_loaded (sizes text, first_user_id int)');
    // Whether the load has search vectors: a database kept by a lists-only run has none.
    await db.query(
      'ALTER TABLE bench_loaded ADD COLUMN IF NOT EXISTS search_vectors boolean NOT NULL DEFAULT false',
    );
    const loaded = await db.query<{ first_user_id: number; search_vectors: boolean }>(
      'SELECT first_user_id, search_vectors FROM bench_loaded WHERE sizes = $1',
      [sizes],
    );
    let firstUserId = loaded.rows[0]?.first_user_id ?? 0;
    if (loaded.rowCount) {
      log(`Reusing the kept database's load (${sizes}).`);
      if (opts.beforeIndexes && !loaded.rows[0].search_vectors) {
        log('  the kept load has no search vectors yet:');
        const client = await db.connect();
        try {
          await opts.beforeIndexes(client);
          await client.query('VACUUM ANALYZE records');
        } finally {
          client.release();
        }
        await db.query('UPDATE bench_loaded SET search_vectors = true WHERE sizes = $1', [sizes]);
      }
    } else {
      log('Loading:');
      const passwordHash = await createPasswordHasher(true).hash(PASSWORD);
      ({ firstUserId } = await seedBench(db, benchSize, passwordHash, log, opts.beforeIndexes));
      await db.query('INSERT INTO bench_loaded VALUES ($1, $2, $3)', [
        sizes,
        firstUserId,
        Boolean(opts.beforeIndexes),
      ]);
      log(`  (load total ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }

    // `server` is for the cleanup below; the calls use it as started.
    const serverProcess = await startServerProcess(database.url);
    server = serverProcess;
    const { address } = serverProcess;

    // bench1 is an agent (users 1-10 are); bench11 a regular user with ~100 tickets.
    const people = {
      agent: { id: firstUserId, user_is_hde: true, email: 'bench1@example.com' },
      user: { id: firstUserId + 10, user_is_hde: false, email: 'bench11@example.com' },
    };
    const tokens: Record<'agent' | 'user', string> = { agent: '', user: '' };
    for (const [who, p] of Object.entries(people)) {
      const res = await request(`${address}/api/login`, {
        method: 'POST',
        body: { str_username: p.email, str_password: PASSWORD },
      });
      tokens[who as 'agent' | 'user'] = (
        JSON.parse(res.body) as { data: { token: string } }
      ).data.token;
    }
    if (opts.lists !== false) await listCalls();
    await opts.after?.({
      db,
      databaseUrl: database.url,
      address,
      server: serverProcess,
      tokens,
      people,
    });
    log(`\nRecords bench took ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);

    async function listCalls() {
      // The bench user belongs to Globex, whose members see each other's tickets (migration 030).
      await db.query('UPDATE companies SET members_see_tickets = true WHERE id = 2');
      await db.query(
        `INSERT INTO organization_members (user_id, company_id, is_primary) VALUES ($1, 2, true)
         ON CONFLICT DO NOTHING`,
        [people.user.id],
      );
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
        // Service levels (docs/sla.md): the overdue and due-soon lists.
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
        // Satisfaction (docs/satisfaction.md): the latest rating (records_satisfaction_idx).
        {
          name: 'hd tickets, rated bad, newest first',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { satisfaction: 'bad' },
        },
        {
          name: 'hd tickets, rated good, newest first',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { satisfaction: 'good' },
        },
        // An agent's queue grouped by who has each ticket (records_hd_assignee_idx).
        {
          name: 'hd tickets, by assignee',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: 'assignee',
        },
        {
          name: 'hd tickets, open, by -assignee',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          sort: '-assignee',
          filters: { status_group: 'open' },
        },
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
        // Organizations: one organization's list (records_hd_company_idx), and a
        // member's "My organization's tickets" (the user is a member of Globex, which shares).
        {
          name: 'hd tickets, one organization',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { company_id: 2 },
        },
        {
          name: "my organization's tickets",
          kind: TICKET,
          scope: 'my',
          as: 'user',
          filters: { organization_tickets: true },
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
        // Tags (records-seed.ts BENCH_TAGS): a common one, a rare one, and two all-of.
        {
          name: 'hd tickets, tag "billing" (20%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { tag_ids: [1] },
        },
        {
          name: 'hd tickets, tag "legal" (1%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { tag_ids: [4] },
        },
        {
          name: 'hd tickets, tags billing+vip, all of (2%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { tag_ids: [1, 2], tag_mode: 'all' },
        },
        // A single-choice custom field (records-seed.ts BENCH_PRODUCT): a common value, a rare one.
        {
          name: 'hd tickets, product "printer" (20%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { fields: { product: { equals: 'printer' } } },
        },
        {
          name: 'hd tickets, product "badge" (1%)',
          kind: TICKET,
          scope: 'hd',
          as: 'agent',
          filters: { fields: { product: { equals: 'badge' } } },
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
      const header = `${'call'.padEnd(42)} ${'total'.padStart(7)}  ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}  ratio  ${'server p50 p95'.padStart(14)}  indexes`;
      log(header);
      log('-'.repeat(header.length + 20));
      const sqlPool = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
      const results: CaseP95[] = [];
      try {
        for (const c of cases.filter((k) => !ONLY_CASES || ONLY_CASES.test(k.name))) {
          const body = {
            page: c.page ?? 1,
            page_size: c.page_size ?? 25,
            sort: c.sort ?? '-created_at',
            filters: c.filters ?? {},
          };
          const url = `${address}/api/search/${c.kind.path}/${c.scope}`;
          const call = () => request(url, { method: 'POST', token: tokens[c.as], body });
          const first = await call();
          if (first.status !== 200) throw new Error(`${c.name}: HTTP ${first.status}`);
          const json = JSON.parse(first.body) as {
            data: { total: number; total_is_capped: boolean; items: unknown[] };
          };
          // The custom fields it names are read first, as the route reads them (records/sql.ts).
          const listRequest = await withFields(sqlPool, c.kind, people[c.as], {
            // The member's organizations, as the route reads them first (records/sql.ts).
            organizations: body.filters.organization_tickets ? [2] : undefined,
            scope: c.scope,
            page: body.page,
            pageSize: body.page_size,
            sort: body.sort,
            filters: body.filters,
            now: new Date(),
          });
          const q = buildListQueries(c.kind, people[c.as], listRequest);
          const { http, direct, inServer } = await sampleCallAndFloor(
            serverProcess,
            url,
            call,
            () => runPageAndCount(sqlPool, q),
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
          const r = ratio(http, direct);
          log(
            `${c.name.padEnd(42)} ${total.padStart(7)}  ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}  ${r.toFixed(2).padStart(5)}  ${fmt(inServer, [50, 95]).padStart(14)}  ${indexes}`,
          );
          results.push({
            name: c.name,
            http: percentile(http, 95),
            sql: percentile(direct, 95),
            server: percentile(inServer, 95),
          });
        }
        log(
          `${RATIO_NOTE}\nTargets: server p95 <= 1.5x SQL p95; HTTP p95 <= SQL p95 + the bare ` +
            "Fastify's p95 below + 1 ms.",
        );
        addCaseTargets('list calls', results, await printHop(log, database.url));
        // Details: one statement.
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM records WHERE owner_id = $1 AND object_type = 'T' LIMIT 1`,
          [people.user.id],
        );
        const detailUrl = `${address}/api/ticket/${rows[0].id}/`;
        const details = await sample(() => request(detailUrl, { token: tokens.user }), SAMPLES);
        log(
          `${'ticket details (GET ticket/{id}/)'.padEnd(42)} ${''.padStart(7)}  ${fmt(details).padStart(22)}`,
        );
      } finally {
        await sqlPool.end();
      }

      await throughput();
    }

    /** autocannon against the list call, beside the same page + count through pg, both at 10. */
    async function throughput() {
      const seconds = size('BENCH_SECONDS', 10);
      log(
        `\nThroughput at 10 connections, ${seconds} s each, POST search/ticket/hd page 1 (agent):`,
      );
      const { stdout } = await run(
        process.execPath,
        [
          'node_modules/autocannon/autocannon.js',
          '-c',
          '10',
          '-d',
          String(seconds),
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
        `  HTTP (autocannon): ${result.requests.average.toFixed(0)} requests/s (${result.requests.total} in all, ` +
          `${result.non2xx} non-2xx, ${result.errors} errors), latency p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms`,
      );
      // The floor: the handler's two queries, in parallel, from 10 closed loops on a pool of the
      // app's size (10).
      const q = buildListQueries(TICKET, people.agent, {
        scope: 'hd',
        page: 1,
        pageSize: 25,
        sort: '-created_at',
        filters: {},
        now: new Date(),
      });
      const floorPool = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 10 });
      try {
        const floor = await closedLoop(10, seconds, () => runPageAndCount(floorPool, q));
        const share = result.requests.average / floor.perSecond;
        measuredOnce.floorPairsPerSecond = floor.perSecond;
        log(
          `  SQL floor (pg, 10 loops): ${floor.perSecond.toFixed(0)} page+count pairs/s, ` +
            `latency p50 ${percentile(floor.latencies, 50).toFixed(1)} ms, p99 ` +
            `${percentile(floor.latencies, 99).toFixed(1)} ms`,
        );
        log(`  HTTP / floor: ${(share * 100).toFixed(0)}% (target >= 50%)`);
        addTarget({
          what: 'list throughput, 10 connections, HTTP / SQL floor',
          measured: `${result.requests.average.toFixed(0)} / ${floor.perSecond.toFixed(0)} = ${(share * 100).toFixed(0)}%`,
          target: '>= 50%',
          met: share >= 0.5 && result.non2xx === 0 && result.errors === 0,
        });
      } finally {
        await floorPool.end();
      }
    }
  } finally {
    await server?.stop();
    await db.end();
    await database.stop();
  }
}

/**
 * The hop: a bare Fastify in a process of its own (bench/bare-server.ts), answering at once and
 * after one `SELECT 1`, in turns with `SELECT 1` run directly. A list call cannot cost less than
 * its SQL plus what the second line adds to the third: that difference of p95s is the hop the
 * targets use. Returns it (also kept in `measuredOnce` for the search
 * section).
 */
export async function printHop(log: (s: string) => void, databaseUrl: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [...nodeFlags(), '--import', 'tsx', 'bench/bare-server.ts'],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const pool = createPool(databaseUrl, undefined, 2);
  try {
    const address = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bench/bare-server.ts exited (${code})`)));
      child.stdout.on('data', (d: Buffer) => {
        const found = /listening at (\S+)/.exec(d.toString());
        if (found) resolve(found[1]);
      });
    });
    const [bare, withDb, direct] = await sampleInTurns(
      [() => request(address), () => request(`${address}/db`), () => pool.query('SELECT 1')],
      SAMPLES,
    );
    const row = (what: string, t: number[]) =>
      log(`${what.padEnd(42)} ${''.padStart(7)}  ${fmt(t).padStart(22)}`);
    row('bare Fastify, a process of its own', bare);
    row('the same, answering after SELECT 1', withDb);
    row('SELECT 1 through pg (its floor)', direct);
    measuredOnce.hopP95 = Math.max(0, percentile(withDb, 95) - percentile(direct, 95));
    log(`the hop (second p95 - third p95)${''.padStart(39)}${measuredOnce.hopP95.toFixed(1)}`);
    return measuredOnce.hopP95;
  } finally {
    child.kill();
    await pool.end();
  }
}
