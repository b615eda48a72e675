// A list filtered by a rare value of a single-choice custom field reads the fields' GIN index
// (records_fields_idx, migration 031; statistics of migration 034), not every row of the list's
// sort index: pinned here on enough tickets for the planner to see the difference (the bench's
// custom field case at a million tickets, docs/performance.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET } from '../../routes/records/kinds.js';
import type { FieldFilter } from '../../routes/records/field-filters.js';
import { buildListQueries, withFields, type ListRequest } from '../../routes/records/sql.js';
import { createUser, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
let agentId: number;

beforeAll(async () => {
  env = await startTestEnv();
  agentId = (await createUser(env, { hde: true })).id;
  await env.db.query(
    `INSERT INTO custom_fields (object_type, key, type, label_en, label_es, choices)
     VALUES ('T', 'plan_product', 'single_choice', 'Product', 'Producto',
             '[{"value":"rare","label_en":"Rare","label_es":"Rara"},
               {"value":"common","label_en":"Common","label_es":"Común"},
               {"value":"scarce","label_en":"Scarce","label_es":"Escasa"},
               {"value":"other","label_en":"Other","label_es":"Otra"}]')`,
  );
  // 20,000 tickets: "common" on half of them, "rare" and "scarce" on 20 each, "other" on the rest.
  await env.db.query(
    `INSERT INTO records (object_type, title, body, hd_id, status_id, owner_id, fields)
     SELECT 'T', 'Plan ticket ' || g, '', 1, 1, $1,
            jsonb_build_object('plan_product', CASE WHEN g % 1000 = 0 THEN 'rare'
                                                    WHEN g % 1000 = 1 THEN 'scarce'
                                                    WHEN g % 2 = 0 THEN 'common' ELSE 'other' END)
       FROM generate_series(1, 20000) g`,
    [agentId],
  );
  await env.db.query('ANALYZE records');
});
afterAll(() => env.close());

async function queries(fields: Record<string, FieldFilter>) {
  const viewer = { id: agentId, user_is_hde: true };
  const req: ListRequest = {
    scope: 'hd',
    now: new Date(),
    page: 1,
    pageSize: 25,
    sort: '-created_at',
    filters: { fields },
  };
  return buildListQueries(TICKET, viewer, await withFields(env.db, TICKET, viewer, req));
}

async function planOf(fields: Record<string, FieldFilter>) {
  const q = await queries(fields);
  const { rows } = await env.db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) ${q.page.text}`,
    q.page.values,
  );
  return JSON.stringify(rows[0]['QUERY PLAN']);
}

describe('a list filtered by a single-choice field', () => {
  it('reads a rare value, and any of two rare ones, from the fields index', async () => {
    expect(await planOf({ plan_product: { equals: 'rare' } })).toContain(
      '"Index Name":"records_fields_idx"',
    );
    expect(await planOf({ plan_product: { any_of: ['rare', 'scarce'] } })).toContain(
      '"Index Name":"records_fields_idx"',
    );
  });

  it('is one statement (unnamed, planned with its values) that carries its count', async () => {
    const q = await queries({ plan_product: { equals: 'rare' } });
    expect(q.countInPage).toBe(true);
    expect('name' in q.page && q.page.name).toBeFalsy();
    const { rows } = await env.db.query<{ total: number }>(q.page.text, q.page.values);
    expect(rows).toHaveLength(20);
    expect(rows[0].total).toBe(20);
    // A common value: counted to 1,000 (past it, the list says "1,000+").
    const many = await queries({ plan_product: { equals: 'common' } });
    const page = await env.db.query<{ total: number }>(many.page.text, many.page.values);
    expect(page.rows).toHaveLength(25);
    expect(page.rows[0].total).toBe(1001);
  });
});
