import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTENT, DEMO_TICKETS } from '../../db/seed-records.js';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { login, startTestEnv, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

describe('seedDemo', () => {
  it('creates the confirmed demo accounts once (idempotent)', async () => {
    const hasher = createPasswordHasher(true);
    expect(await seedDemo(env.db, hasher, 'demo-password')).toEqual(
      DEMO_ACCOUNTS.map((a) => a.email),
    );
    expect(await seedDemo(env.db, hasher, 'demo-password')).toEqual([]);
    const agent = await login(env, 'agent@example.com', 'demo-password');
    expect(agent.json().data.user).toMatchObject({
      user_is_hde: true,
      items_per_page: 10,
      language: 'en',
    });
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const res = await login(env, email, 'demo-password');
      expect(res.json().data.user.user_is_hde).toBe(false);
    }
  });

  it('loads demo tickets and content once, spread over users, help desks and statuses', async () => {
    const { rows } = await env.db.query<{
      object_type: string;
      n: number;
      owners: number;
      hds: number;
      statuses: number;
      drafts: number;
    }>(
      `SELECT object_type, count(*)::int AS n, count(DISTINCT owner_id)::int AS owners,
              count(DISTINCT hd_id)::int AS hds, count(DISTINCT status_id)::int AS statuses,
              count(*) FILTER (WHERE is_draft)::int AS drafts
         FROM records GROUP BY object_type ORDER BY object_type DESC`,
    );
    expect(rows).toEqual([
      { object_type: 'T', n: DEMO_TICKETS + 6, owners: 3, hds: 5, statuses: 5, drafts: 6 },
      { object_type: 'C', n: DEMO_CONTENT + 4, owners: 3, hds: 4, statuses: 3, drafts: 4 },
    ]);
    const alice = await login(env, 'alice@example.com', 'demo-password');
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/search/ticket/my',
      headers: { authorization: `JWT ${alice.json().data.token}` },
      payload: { filters: { is_draft: true } },
    });
    expect(res.json().data.total).toBe(3);
    // Working data: shares between alice and bob, classification, relations, favourites, events.
    const shared = await env.app.inject({
      method: 'POST',
      url: '/api/search/ticket/my',
      headers: { authorization: `JWT ${alice.json().data.token}` },
      payload: { filters: { shared_with_me: true } },
    });
    expect(shared.json().data.total).toBe(2);
    const counts = await env.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM record_shares) AS shares,
              (SELECT count(DISTINCT record_id)::int FROM record_categories) AS classified,
              (SELECT count(*)::int FROM record_relations) AS relations,
              (SELECT count(*)::int FROM favorite_categories) AS favourites,
              (SELECT count(*)::int FROM record_events WHERE action = 'created') AS created,
              (SELECT count(*)::int FROM records) AS records`,
    );
    const c = counts.rows[0];
    expect(c).toMatchObject({ shares: 5, favourites: 2, created: c.records });
    expect(c.classified).toBeGreaterThan(100);
    expect(c.relations).toBeGreaterThan(5);
  });

  it('gives IT Support and HR their demo mail addresses', async () => {
    const { rows } = await env.db.query(
      `SELECT h.name, c.address FROM mail_channels c JOIN helpdesks h ON h.id = c.hd_id
        ORDER BY h.id`,
    );
    expect(rows).toEqual([
      { name: 'IT Support', address: 'support@example.com' },
      { name: 'HR', address: 'hr@example.com' },
    ]);
  });
});
