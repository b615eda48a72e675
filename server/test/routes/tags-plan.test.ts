// A list filtered by a rare tag reads the tags' GIN index (migration 028), not every row of the
// list's sort index: pinned here on enough tickets for the planner to see the difference
// (docs/performance.md, the bench's tag cases at a million tickets).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET } from '../../routes/records/kinds.js';
import { buildListQueries } from '../../routes/records/sql.js';
import { createUser, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
let agentId: number;
let rare: number;
let common: number;

beforeAll(async () => {
  env = await startTestEnv();
  agentId = (await createUser(env, { hde: true })).id;
  const tags = await env.db.query<{ id: number }>(
    `INSERT INTO tags (name) VALUES ('plan-rare'), ('plan-common') RETURNING id`,
  );
  [rare, common] = tags.rows.map((r) => r.id);
  // 20,000 tickets: the common tag on half of them, the rare one on 20.
  await env.db.query(
    `INSERT INTO records (object_type, title, body, hd_id, status_id, owner_id, tag_ids)
     SELECT 'T', 'Plan ticket ' || g, '', 1, 1, $1,
            CASE WHEN g % 1000 = 0 THEN ARRAY[$2::int, $3::int]
                 WHEN g % 2 = 0 THEN ARRAY[$3::int] ELSE '{}' END
       FROM generate_series(1, 20000) g`,
    [agentId, rare, common],
  );
  await env.db.query('ANALYZE records');
});
afterAll(() => env.close());

const queries = (filters: { tag_ids: number[]; tag_mode?: 'any' | 'all' }) =>
  buildListQueries(
    TICKET,
    { id: agentId, user_is_hde: true },
    { scope: 'hd', now: new Date(), page: 1, pageSize: 25, sort: '-created_at', filters },
  );

async function planOf(filters: { tag_ids: number[]; tag_mode?: 'any' | 'all' }) {
  const q = queries(filters);
  const { rows } = await env.db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) ${q.page.text}`,
    q.page.values,
  );
  return JSON.stringify(rows[0]['QUERY PLAN']);
}

describe('a list filtered by tags', () => {
  it('reads a rare tag, and two tags all of, from the tags index', async () => {
    expect(await planOf({ tag_ids: [rare] })).toContain('"Index Name":"records_tag_ids_idx"');
    expect(await planOf({ tag_ids: [rare, common], tag_mode: 'all' })).toContain(
      '"Index Name":"records_tag_ids_idx"',
    );
  });

  it('is one statement (unnamed, planned with its values) that carries its count', async () => {
    const q = queries({ tag_ids: [rare] });
    expect(q.countInPage).toBe(true);
    expect('name' in q.page && q.page.name).toBeFalsy();
    const { rows } = await env.db.query<{ total: number }>(q.page.text, q.page.values);
    expect(rows).toHaveLength(20);
    expect(rows[0].total).toBe(20);
    // A common tag: counted to 1,000 (past it, the list says "1,000+").
    const many = queries({ tag_ids: [common] });
    const page = await env.db.query<{ total: number }>(many.page.text, many.page.values);
    expect(page.rows).toHaveLength(25);
    expect(page.rows[0].total).toBe(1001);
  });
});
