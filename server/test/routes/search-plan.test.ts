// A regular user's search reads each of their matching records once, whatever the planner
// knows: on a table whose statistics are stale (a fresh install, a user who just raised many
// tickets), a join of the word's matches to the user's id set was planned as a nested loop that
// compared every match with every own record (161,906 comparisons for 400 tickets, 48 ms).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchQueries } from '../../routes/search/sql.js';
import { createUser, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
let userId: number;
const OWN = 400;

interface PlanNode {
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Filter'?: number;
  'Actual Rows'?: number;
  Output?: string[];
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

function rowsRemovedByJoinFilter(node: PlanNode): number {
  return (
    (node['Rows Removed by Join Filter'] ?? 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + rowsRemovedByJoinFilter(child), 0)
  );
}

beforeAll(async () => {
  env = await startTestEnv();
  userId = (await createUser(env)).id;
  await env.db.query(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                          content_type_id)
     SELECT 'T', 'Bench ticket ' || i, '<p>The printer shows an error.</p>', $1::bigint, 1, 1, 2, NULL
       FROM generate_series(1, $2::int) i
     UNION ALL
     SELECT 'C', 'Printer guide ' || i, '<p>How to clear the printer.</p>', $1, 5, 7, NULL, 1
       FROM generate_series(1, $2::int) i`,
    [userId, OWN],
  );
  // No ANALYZE: the planner sees the table as it was before these rows.
});

afterAll(async () => {
  await env?.close();
});

describe('search work for a regular user', () => {
  for (const type of ['T', 'C'] as const) {
    it(`reads each own match once (${type === 'T' ? 'tickets' : 'content'})`, async () => {
      const q = buildSearchQueries(
        { id: userId, user_is_hde: false },
        {
          q: 'printer ',
          type,
          page: 1,
          pageSize: 10,
          filters: {},
          rankWindow: 2000,
          language: 'en',
        },
      );
      if (!q) throw new Error('no query');
      const { rows } = await env.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${q.page.text}`,
        q.page.values,
      );
      expect(rowsRemovedByJoinFilter(rows[0]['QUERY PLAN'][0].Plan)).toBeLessThan(OWN);
      const page = await env.db.query<{ total: number }>(q.page.text, q.page.values);
      expect(page.rows[0]?.total).toBe(OWN);
    });
  }
});

describe('search ranking', () => {
  const agentSearch = (q: string, rankWindow: number) => {
    const built = buildSearchQueries(
      { id: userId, user_is_hde: true },
      { q, type: 'T', page: 1, pageSize: 10, filters: {}, rankWindow, language: 'en' },
    );
    if (!built) throw new Error('no query');
    return built.page;
  };

  it('ranks only the newest matches the rank window keeps', async () => {
    const page = agentSearch('printer ', 50);
    const { rows } = await env.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ${page.text}`,
      page.values,
    );
    const ranking = nodesOf(rows[0]['QUERY PLAN'][0].Plan).filter((n) =>
      (n.Output ?? []).some((o) => o.startsWith('ts_rank_cd(')),
    );
    expect(ranking.length).toBeGreaterThan(0);
    // All OWN tickets match; only the window's 50 are ranked.
    for (const node of ranking) expect(node['Actual Rows']).toBeLessThanOrEqual(50);
    const result = await env.db.query(page.text, page.values);
    expect(result.rows).toHaveLength(10);
  });

  it('asks once for a word both languages read alike', async () => {
    const page = agentSearch('password ', 2000);
    const { rows } = await env.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (VERBOSE) ${page.text}`,
      page.values,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain(`'''password'''::tsquery`);
    expect(plan).not.toMatch(/'password' \| 'password'/);
  });
});

describe("search over an organization's tickets", () => {
  it("reads no other user's tickets for a user of no sharing organization (its kept plan)", async () => {
    const other = (await createUser(env)).id;
    await env.db.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                            company_id)
       SELECT 'T', 'Printer ' || i, '<p>Paper jam.</p>', $1::bigint, 1, 1, 2, 1 + i % 5
         FROM generate_series(1, 2000) i`,
      [other],
    );
    await env.db.query('ANALYZE records');
    const built = buildSearchQueries(
      { id: userId, user_is_hde: false },
      {
        q: 'printer ',
        type: 'T',
        page: 1,
        pageSize: 10,
        filters: {},
        rankWindow: 2000,
        language: 'en',
      },
    );
    if (!built) throw new Error('no query');
    // As the named statement runs it once its plan is kept: generic.
    const client = await env.db.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      for (const q of [built.page, built.count]) {
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`,
          q.values,
        );
        const read = nodesOf(rows[0]['QUERY PLAN'][0].Plan).reduce(
          (sum, n) => sum + (n['Rows Removed by Filter'] ?? 0),
          0,
        );
        // Its own 400 matching tickets at most, never the other user's 2,000.
        expect(read).toBeLessThan(OWN);
      }
    } finally {
      await client.query('RESET plan_cache_mode');
      client.release();
    }
  });
});
