// The search benchmark: on the records bench's database (1,000,000 tickets, 100,000 content
// items), POST search/query through HTTP next to the same SQL run directly, for a selective term,
// common terms and an as-you-type prefix. Targets: as the lists' (summary.ts, addCaseTargets).
import type { PoolClient } from 'pg';
import { loadConfig } from '../server/config.js';
import { runPageAndCount } from '../server/db/page-and-count.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { buildSearchQueries, type SearchRequest } from '../server/routes/search/sql.js';
import { fmt, percentile, RATIO_NOTE, ratio, request, sampleCallAndFloor } from './measure.js';
import { printHop, type BenchContext } from './records.js';
import { addCaseTargets, measuredOnce, type CaseP95 } from './summary.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

/**
 * Set-based: every record's vector in one UPDATE, run by the records seed while the table has no
 * secondary indexes (the GIN index is built afterwards, then VACUUM ANALYZE).
 */
export async function buildSearchVectors(client: PoolClient): Promise<void> {
  const start = Date.now();
  await client.query(
    `UPDATE records r
        SET search_vector = record_search_vector(r.id, r.object_type, r.title, r.body,
                                                 r.tag_ids, r.fields)`,
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
  const header = `${'call'.padEnd(44)} ${'total'.padStart(7)}  ${'HTTP p50    p95    p99'.padStart(22)}  ${'SQL p50    p95    p99'.padStart(21)}  ratio  ${'server p50 p95'.padStart(14)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const sqlPool = createPool(ctx.databaseUrl, undefined, { ...LONG_TASK_SETTINGS, max: 4 });
  const results: CaseP95[] = [];
  try {
    for (const c of CASES) {
      const url = `${ctx.address}/api/search/query`;
      const body = { q: c.q, type: c.type, page: 1, page_size: 10 };
      const call = () => request(url, { method: 'POST', token: ctx.tokens[c.as], body });
      const first = await call();
      if (first.status !== 200) throw new Error(`${c.name}: HTTP ${first.status}`);
      const json = JSON.parse(first.body) as { data: { total: number; total_is_capped: boolean } };
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
      // What the handler runs: the page alone when it carries the count, else both.
      const { http, direct, inServer } = await sampleCallAndFloor(
        ctx.server,
        url,
        call,
        () => runPageAndCount(sqlPool, q),
        SAMPLES,
      );
      const total = `${json.data.total}${json.data.total_is_capped ? '+' : ''}`;
      const r = ratio(http, direct);
      console.log(
        `${c.name.padEnd(44)} ${total.padStart(7)}  ${fmt(http).padStart(22)}  ${fmt(direct).padStart(21)}  ${r.toFixed(2).padStart(5)}  ${fmt(inServer, [50, 95]).padStart(14)}`,
      );
      results.push({
        name: c.name,
        http: percentile(http, 95),
        sql: percentile(direct, 95),
        server: percentile(inServer, 95),
      });
    }
    console.log(RATIO_NOTE);
    // The hop is measured with the lists; a search-only run measures it here.
    const hop = measuredOnce.hopP95 ?? (await printHop(console.log, ctx.databaseUrl));
    addCaseTargets('search', results, hop);
  } finally {
    await sqlPool.end();
  }
}
