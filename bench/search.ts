// The search benchmark: on the records bench's database (1,000,000 tickets, 100,000 content
// items), POST search/query through HTTP next to the same SQL run directly, for a selective term,
// common terms and an as-you-type prefix. Targets: p95 <= 50 ms selective, <= 150 ms common.
import type { PoolClient } from 'pg';
import { loadConfig } from '../server/config.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { buildSearchQueries, type SearchRequest } from '../server/routes/search/sql.js';
import type { BenchContext } from './records.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

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

/**
 * Set-based: every record's vector in one UPDATE, run by the records seed while the table has no
 * secondary indexes (the GIN index is built afterwards, then VACUUM ANALYZE).
 */
export async function buildSearchVectors(client: PoolClient): Promise<void> {
  const start = Date.now();
  await client.query(
    `UPDATE records r
        SET search_vector = record_search_vector(r.id, r.object_type, r.title, r.body)`,
  );
  console.log(`  search vectors: ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

interface Case {
  name: string;
  as: 'agent' | 'user';
  q: string;
  type: 'T' | 'C';
}

const CASES: Case[] = [
  { name: 'tickets "kerberos" (selective, agent)', as: 'agent', q: 'kerberos ', type: 'T' },
  { name: 'tickets "printer" (common, agent)', as: 'agent', q: 'printer ', type: 'T' },
  {
    name: 'tickets "password reset" (common, agent)',
    as: 'agent',
    q: 'password reset ',
    type: 'T',
  },
  { name: 'tickets "netw" (prefix, common, agent)', as: 'agent', q: 'netw', type: 'T' },
  { name: 'tickets "printer" (own only, user)', as: 'user', q: 'printer ', type: 'T' },
  { name: 'content "policy" (readable, user)', as: 'user', q: 'policy ', type: 'C' },
  { name: 'content "#4242" (selective, user)', as: 'user', q: '4242 ', type: 'C' },
];

export async function searchBench(ctx: BenchContext): Promise<void> {
  const rankWindow = loadConfig({}).searchRankWindow;
  console.log(
    `\nSearch (POST search/query, page_size 10, rank window ${rankWindow}, ${SAMPLES} runs each, ms)`,
  );
  const header = `${'call'.padEnd(44)} ${'total'.padStart(7)}  ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const sqlPool = createPool(ctx.databaseUrl, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
  try {
    for (const c of CASES) {
      const url = `${ctx.address}/api/search/query`;
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${ctx.tokens[c.as]}` },
        body: JSON.stringify({ q: c.q, type: c.type, page: 1, page_size: 10 }),
      };
      const first = await fetch(url, init);
      if (first.status !== 200) throw new Error(`${c.name}: HTTP ${first.status}`);
      const json = (await first.json()) as { data: { total: number; total_is_capped: boolean } };
      const http = await sample(async () => {
        const res = await fetch(url, init);
        await res.arrayBuffer();
      }, SAMPLES);
      const req: SearchRequest = {
        q: c.q,
        type: c.type,
        page: 1,
        pageSize: 10,
        filters: {},
        rankWindow,
        language: 'en',
      };
      const q = buildSearchQueries(ctx.people[c.as], req);
      if (!q) throw new Error(`${c.name}: no query`);
      const direct = await sample(
        () =>
          Promise.all([
            sqlPool.query(q.page.text, q.page.values),
            sqlPool.query(q.count.text, q.count.values),
          ]),
        SAMPLES,
      );
      const total = `${json.data.total}${json.data.total_is_capped ? '+' : ''}`;
      console.log(
        `${c.name.padEnd(44)} ${total.padStart(7)}  ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}`,
      );
    }
  } finally {
    await sqlPool.end();
  }
}
