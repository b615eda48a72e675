// The audit log at scale (docs/audit.md, "Reading and exporting"): a fresh database whose
// audit_log holds BENCH_AUDIT_ROWS (1,000,000) entries over the past year, from BENCH_AUDIT_USERS
// (1,000) users and the kinds a helpdesk writes most, then the administrator's calls through the
// server (a process of its own: bench/server-process.ts) beside the same SQL run directly: the
// first page, one user, a common and a rare kind, a week, one user's month, and the CSV export of
// one month. BENCH_ONLY=audit.
//
// The table is append-only (migration 047: triggers refuse UPDATE, DELETE and TRUNCATE), so the
// load is one INSERT ... SELECT over generate_series, in time order as the log grows, with the
// table's indexes dropped for the load and built again after it.
import pg from 'pg';
import { migrate } from '../server/db/migrate.js';
import type { Queryable } from '../server/db/transaction.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { allEntries, listEntries, type AuditFilter } from '../server/routes/audit/sql.js';
import {
  fmt,
  percentile,
  ratio,
  request,
  sampleCallAndFloor,
  RATIO_NOTE,
  type HttpAnswer,
} from './measure.js';
import { printHop, setUpDatabase } from './records.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { addCaseTargets, type CaseP95 } from './summary.js';

const PASSWORD = 'bench-password';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
/** The export reads a month (about 85,000 rows at a million): fewer turns. */
const EXPORT_SAMPLES = Number(process.env.BENCH_AUDIT_EXPORTS ?? 10);

function size(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a whole number >= 1`);
  return v;
}

/**
 * The kinds, each with its share of the log: sign-ins and sign-outs are most of it, an
 * administrator's change is rare. The shares add up to 1.
 */
const KINDS: [kind: string, share: number][] = [
  ['sign_in.password', 0.385],
  ['sign_out', 0.2],
  ['sign_in.code', 0.12],
  ['passkey.sign_in', 0.08],
  ['api_token.refused', 0.06],
  ['session.revoked', 0.05],
  ['sso.sign_in', 0.04],
  ['api_token.created', 0.02],
  ['passkey.added', 0.015],
  ['two_step.on', 0.01],
  ['record.deleted', 0.01],
  ['audit.exported', 0.005],
  ['setting.changed', 0.005],
];

/** A CASE over one random() per row that picks a kind by its share. */
function kindCase(): string {
  const total = KINDS.reduce((sum, [, share]) => sum + share, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error(`the kinds' shares add up to ${total}, not 1`);
  let upTo = 0;
  const arms = KINDS.slice(0, -1).map(([kind, share]) => {
    upTo += share;
    return `WHEN r.k < ${upTo.toFixed(4)} THEN '${kind}'`;
  });
  return `CASE ${arms.join(' ')} ELSE '${KINDS[KINDS.length - 1][0]}' END`;
}

/** Index names a plan uses. */
function planIndexes(node: Record<string, unknown>, out = new Set<string>()): Set<string> {
  if (typeof node['Index Name'] === 'string') out.add(node['Index Name']);
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) {
    planIndexes(child, out);
  }
  return out;
}

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function auditBench(): Promise<void> {
  const log = (s: string) => console.log(s);
  const rows = size('BENCH_AUDIT_ROWS', 1_000_000);
  const users = size('BENCH_AUDIT_USERS', 1_000);
  const started = Date.now();
  const database = await setUpDatabase(log, 'helpdesk_bench_audit');
  const db = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
  let server: ServerProcess | undefined;
  try {
    await migrate(db);
    const hash = await createPasswordHasher(true).hash(PASSWORD);
    await db.query(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, user_is_admin, confirmed_at)
       VALUES ('Bench Admin', 'admin@bench.test', $1, true, true, now())`,
      [hash],
    );
    const people = await db.query<{ id: string }>(
      `INSERT INTO users (fullname, email, password_hash, confirmed_at)
       SELECT 'Audit User ' || g, 'audit' || g || '@example.com', $1, now()
         FROM generate_series(1, $2::int) g RETURNING id`,
      [hash, users],
    );
    const firstUser = Math.min(...people.rows.map((r) => Number(r.id)));

    log(`Loading ${rows.toLocaleString('en')} audit entries over a year, ${users} users:`);
    const load = await db.connect();
    try {
      await load.query(`SET maintenance_work_mem = '512MB'`);
      const indexes = await load.query<{ name: string; def: string }>(
        `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
           FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
          WHERE x.indrelid = 'audit_log'::regclass AND NOT x.indisprimary`,
      );
      for (const ix of indexes.rows) await load.query(`DROP INDEX ${ix.name}`);
      let t = Date.now();
      await load.query('SELECT setseed(0.45)');
      // In time order, as the log grows. 3% have no actor (a sign-in with an unknown address).
      await load.query(
        `INSERT INTO audit_log (at, actor_id, actor_label, address, kind, target_kind, target_id,
                                outcome, reason, details)
         SELECT now() - ($1::int - g) * (interval '365 days' / $1::int),
                CASE WHEN r.a < 0.03 THEN NULL ELSE u.id END,
                CASE WHEN r.a < 0.03 THEN 'nobody' || g || '@example.com'
                     ELSE 'audit' || (u.id - $2::bigint + 1) || '@example.com' END,
                '10.0.' || (g % 250) || '.' || (g % 200),
                k.kind,
                CASE WHEN k.kind LIKE 'setting.%' THEN 'setting' END,
                CASE WHEN k.kind LIKE 'setting.%' THEN 'audit_retention_days' END,
                CASE WHEN r.f < 0.1 THEN 'failure' ELSE 'success' END,
                CASE WHEN r.f < 0.1 THEN 'wrong_password' END,
                CASE WHEN k.kind LIKE 'setting.%'
                     THEN '{"before":{"value":"365"},"after":{"value":"400"}}'::jsonb
                     ELSE '{}'::jsonb END
           FROM generate_series(1, $1::int) g
          CROSS JOIN LATERAL (SELECT random() AS a, random() AS k, random() AS f,
                                     random() AS w, g AS seq) r
          CROSS JOIN LATERAL (SELECT $2::bigint + floor(r.w * $3::int)::bigint AS id) u
          CROSS JOIN LATERAL (SELECT ${kindCase()} AS kind) k`,
        [rows, firstUser, users],
      );
      log(`  rows: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      t = Date.now();
      for (const ix of indexes.rows) await load.query(ix.def);
      await load.query('VACUUM ANALYZE audit_log');
      log(`  indexes, VACUUM ANALYZE: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    } finally {
      load.release();
    }
    log(`  (load total ${((Date.now() - started) / 1000).toFixed(0)} s)`);

    server = await startServerProcess(database.url);
    const { address } = server;
    const signIn = await request(`${address}/api/login`, {
      method: 'POST',
      body: { str_username: 'admin@bench.test', str_password: PASSWORD },
    });
    const token = (JSON.parse(signIn.body) as { data: { token: string } }).data.token;

    // One user's entries (about rows / users of them), a month of the log.
    const someone = firstUser + Math.floor(users / 2);
    const month = { from: day(60), to: day(31) };
    const cases: { name: string; filter: AuditFilter; query: Record<string, string> }[] = [
      { name: 'first page', filter: {}, query: {} },
      {
        name: 'one user',
        filter: { userId: someone },
        query: { user_id: String(someone) },
      },
      {
        name: 'kind sign_in.password (38.5%)',
        filter: { kind: 'sign_in.password' },
        query: { kind: 'sign_in.password' },
      },
      {
        name: 'kind setting.changed (0.5%)',
        filter: { kind: 'setting.changed' },
        query: { kind: 'setting.changed' },
      },
      {
        name: 'a week',
        filter: { from: day(100), to: day(94) },
        query: { from: day(100), to: day(94) },
      },
      {
        name: "one user's month",
        filter: { userId: someone, ...month },
        query: { user_id: String(someone), ...month },
      },
      {
        name: 'a month, kind setting.changed',
        filter: { kind: 'setting.changed', ...month },
        query: { kind: 'setting.changed', ...month },
      },
    ];

    log(
      `\nBrowse calls (GET audit, 50 a page, ${SAMPLES} runs each, ms). HTTP = the whole call; ` +
        'SQL = its page and count statements run directly through pg, in parallel as the handler ' +
        'runs them.',
    );
    const header = `${'call'.padEnd(34)} ${'total'.padStart(7)}  ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}  ratio  ${'server p50 p95'.padStart(14)}  indexes`;
    log(header);
    log('-'.repeat(header.length + 16));
    const sqlPool = createPool(database.url, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
    const results: CaseP95[] = [];
    try {
      for (const c of cases) {
        const url = `${address}/api/audit?${new URLSearchParams(c.query).toString()}`;
        const call = async () => ok(await request(url, { token }), c.name);
        const first = JSON.parse((await call()).body) as {
          data: { total: number; total_capped: boolean };
        };
        const { http, direct, inServer } = await sampleCallAndFloor(
          server,
          url,
          call,
          () => listEntries(sqlPool, c.filter, 50, 0),
          SAMPLES,
        );
        const indexes = await pageIndexes(sqlPool, c.filter);
        const total = `${first.data.total}${first.data.total_capped ? '+' : ''}`;
        log(
          `${c.name.padEnd(34)} ${total.padStart(7)}  ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}  ${ratio(http, direct).toFixed(2).padStart(5)}  ${fmt(inServer, [50, 95]).padStart(14)}  ${indexes}`,
        );
        results.push({
          name: c.name,
          http: percentile(http, 95),
          sql: percentile(direct, 95),
          server: percentile(inServer, 95),
        });
      }

      // The export: every entry of a month as CSV, beside reading the same rows in the same
      // batches (keyset, 1,000 a statement) through pg.
      const url = `${address}/api/audit/export.csv?${new URLSearchParams(month).toString()}`;
      let lines = 0;
      const exported = async () => {
        const answer = ok(await request(url, { token }), 'export');
        lines = answer.body.split('\r\n').length - 2;
      };
      const readMonth = async () => {
        for await (const _ of allEntries(sqlPool, month)) {
          // read and dropped, as the floor of what the handler formats and sends
        }
      };
      const exp = await sampleCallAndFloor(server, url, exported, readMonth, EXPORT_SAMPLES);
      log(
        `${`CSV export, a month`.padEnd(34)} ${String(lines).padStart(7)}  ${fmt(exp.http).padStart(22)}  ${fmt(exp.direct).padStart(21)}  ${ratio(exp.http, exp.direct).toFixed(2).padStart(5)}  ${fmt(exp.inServer, [50, 95]).padStart(14)}  ${await exportIndexes(sqlPool, month)}`,
      );
      log(
        `${RATIO_NOTE}\nThe export's SQL reads the same rows in the same batches and formats ` +
          "nothing: its ratio is the CSV's cost (reported, not a target).",
      );
      addCaseTargets('audit browse calls', results, await printHop(log, database.url));
    } finally {
      await sqlPool.end();
    }
    log(`\nAudit bench took ${((Date.now() - started) / 1000).toFixed(0)} s in all.`);
  } finally {
    await server?.stop();
    await db.end();
    await database.stop();
  }
}

function ok(answer: HttpAnswer, what: string): HttpAnswer {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${answer.body}`);
  return answer;
}

type Statement = { text: string; values: unknown[] };

/** A client that keeps each statement it runs, so a plan is of the route's own text. */
function recording(client: pg.PoolClient, seen: Statement[]): Queryable {
  const query = (text: string, values: unknown[]) => {
    seen.push({ text, values });
    return client.query(text, values);
  };
  return { query: query as unknown as pg.PoolClient['query'] };
}

/** The indexes of the page statement's plan, as the route runs it (routes/audit/sql.ts). */
async function pageIndexes(pool: pg.Pool, filter: AuditFilter): Promise<string> {
  const client = await pool.connect();
  try {
    const seen: Statement[] = [];
    await listEntries(recording(client, seen), filter, 50, 0);
    return await planOf(client, seen[0]);
  } finally {
    client.release();
  }
}

/** The same for the export's keyset statement (its second batch on: the one repeated). */
async function exportIndexes(pool: pg.Pool, filter: AuditFilter): Promise<string> {
  const client = await pool.connect();
  try {
    const seen: Statement[] = [];
    let n = 0;
    for await (const _ of allEntries(recording(client, seen), filter, 1000)) {
      if (++n > 1000) break;
    }
    return await planOf(client, seen[seen.length - 1]);
  } finally {
    client.release();
  }
}

async function planOf(client: pg.PoolClient, statement: Statement | undefined): Promise<string> {
  if (!statement) return '';
  const plan = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
    `EXPLAIN (FORMAT JSON) ${statement.text}`,
    statement.values,
  );
  return [...planIndexes(plan.rows[0]['QUERY PLAN'][0].Plan)]
    .map((n) => n.replace(/^audit_log_|_idx$/g, ''))
    .join(',');
}
