import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONTENT, DEMO_TICKETS } from '../../db/seed-records.js';
import { DEMO_MACROS, DEMO_MAIL_TICKET, DEMO_VIEWS } from '../../db/seed-work.js';
import { DEMO_ACCOUNTS, demoAccountsText, seedDemo } from '../../db/seed.js';
import { DEMO_ORGANIZATION, DEMO_ORGANIZATION_ACCOUNTS } from '../../db/seed-organization.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { SLA_BATCH, sweepDue } from '../../sla/jobs.js';
import { auth, login } from '../helpers.js';
import { startSlaEnv, type SlaEnv } from '../sla/sla-env.js';

// The SLA clock is now: the demo's service levels run as the first start's sweep runs them.
let env: SlaEnv;
beforeAll(async () => {
  env = await startSlaEnv(new Date());
});
afterAll(() => env.close());

describe('seedDemo', () => {
  it('creates the confirmed demo accounts once (idempotent)', async () => {
    const hasher = createPasswordHasher(true);
    expect(await seedDemo(env.db, hasher, 'demo-password')).toEqual(
      [...DEMO_ACCOUNTS, ...DEMO_ORGANIZATION_ACCOUNTS].map((a) => a.email),
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
      // The tickets, the one that came in by mail, the drafts and the organization's two; the
      // content drafts and the help centre's nine public articles (four en/es pairs and one).
      { object_type: 'T', n: DEMO_TICKETS + 9, owners: 5, hds: 5, statuses: 5, drafts: 6 },
      { object_type: 'C', n: DEMO_CONTENT + 4 + 9, owners: 3, hds: 4, statuses: 3, drafts: 4 },
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

  it('shows every feature at least once: macros, saved views, a followed, a shared and a mailed ticket, assignees, an overdue and a paused service level', async () => {
    const agent = (await login(env, 'agent@example.com', 'demo-password')).json().data.token;
    const get = async (url: string) =>
      (await env.app.inject({ method: 'GET', url, headers: auth(agent) })).json().data;
    const post = async (url: string, payload: object) =>
      (await env.app.inject({ method: 'POST', url, headers: auth(agent), payload })).json().data;

    const macros = (await get('/api/macros/')) as { name: string; body: string }[];
    expect(macros.map((m) => m.name).sort()).toEqual(DEMO_MACROS.map((m) => m.name).sort());
    expect(macros.some((m) => m.body.includes('{{requester_name}}'))).toBe(true);

    const views = (await get('/api/views/')) as { name: string; shared: boolean; mine: boolean }[];
    expect(views.map((v) => v.name).sort()).toEqual(DEMO_VIEWS.map((v) => v.name).sort());
    expect(views.some((v) => v.shared)).toBe(true);
    const colleague = (await login(env, 'agent2@example.com', 'demo-password')).json().data.token;
    const seen = await env.app.inject({
      method: 'GET',
      url: '/api/views/',
      headers: auth(colleague),
    });
    expect(seen.json().data.map((v: { name: string }) => v.name)).toEqual([
      'Unassigned open tickets',
    ]);

    // The agent follows a ticket of alice's; the list says so.
    const following = await env.db.query<{ id: string }>(
      `SELECT f.record_id AS id FROM record_follows f JOIN users u ON u.id = f.user_id
        WHERE u.email = 'agent@example.com' AND f.following`,
    );
    expect(following.rows).toHaveLength(1);
    const followed = await get(`/api/ticket/${following.rows[0].id}/`);
    expect(followed).toMatchObject({ following: true, requester_name: 'Alice Example' });

    // The mailed ticket, its mailed follow-up, and a history that says so.
    const mailed = (await post('/api/search/ticket/hd', { filters: { text: DEMO_MAIL_TICKET } }))
      .items as { id: number; channel: string; hd_name: string }[];
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({ channel: 'mail', hd_name: 'IT Support' });
    const thread = (await get(`/api/ticket/${mailed[0].id}/communication/`)) as {
      channel: string;
      from_email: string | null;
    }[];
    expect(thread).toEqual([
      expect.objectContaining({ channel: 'mail', from_email: 'bob@example.com' }),
    ]);
    const history = (await get(`/api/ticket/${mailed[0].id}/history/`)) as {
      action: string;
      details: object;
    }[];
    expect(history.map((e) => [e.action, e.details])).toEqual([
      ['message_added', { action: 'reply', channel: 'mail' }],
      ['created', { channel: 'mail' }],
    ]);

    // Assigned tickets for the Assignee column, and some left for the unassigned queue.
    const assigned = await post('/api/search/ticket/hd', { filters: { assignee_id: 'me' } });
    expect(assigned.total).toBeGreaterThan(10);
    const unassigned = await post('/api/search/ticket/hd', { filters: { assignee_id: 'none' } });
    expect(unassigned.total).toBeGreaterThan(10);

    // The first start's sweep gives the demo tickets their due times: some are overdue, the
    // pending ones paused.
    while ((await sweepDue(env.jobs)) === SLA_BATCH);
    const overdue = await post('/api/search/ticket/hd', { filters: { sla: 'overdue' } });
    expect(overdue.total).toBeGreaterThan(0);
    const pending = await post('/api/search/ticket/hd', { filters: { status_id: 3 } });
    expect(pending.total).toBeGreaterThan(0);
    for (const t of pending.items as { sla: { state: string } }[]) {
      expect(t.sla.state).toBe('paused');
    }
    const mailedNow = await get(`/api/ticket/${mailed[0].id}/`);
    expect(mailedNow.sla.state).toBe('overdue');
  });

  it("has an organization whose members see each other's tickets, and nobody else's", async () => {
    const token = async (email: string) =>
      (await login(env, email, 'demo-password')).json().data.token as string;
    const subjects = async (who: string, filters: object) => {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/search/ticket/my',
        headers: auth(await token(who)),
        payload: { filters },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { subject: string }[]).map((t) => t.subject).sort();
    };
    const both = [
      'Label printer at Northwind prints half labels',
      'Northwind shared mailbox is not syncing',
    ];
    for (const a of DEMO_ORGANIZATION_ACCOUNTS) {
      expect(await subjects(a.email, { organization_tickets: true })).toEqual(both);
    }
    // Carol's own list holds her ticket only; her colleague's answer is in its thread.
    expect(await subjects('carol@northwind.example', {})).toEqual([both[0]]);
    const found = await env.app.inject({
      method: 'POST',
      url: '/api/search/query',
      headers: auth(await token('carol@northwind.example')),
      payload: { q: 'mailbox', type: 'T' },
    });
    expect(found.json().data.items).toMatchObject([{ title: both[1], access: 'organization' }]);
    // Alice and Bob belong to no organization: they see none of it.
    for (const email of ['alice@example.com', 'bob@example.com']) {
      expect(await subjects(email, { organization_tickets: true })).toEqual([]);
      const { rows } = await env.db.query(
        `SELECT 1 FROM organization_members m JOIN users u ON u.id = m.user_id
          WHERE lower(u.email) = $1`,
        [email],
      );
      expect(rows).toEqual([]);
    }
    expect(demoAccountsText('pw')).toContain(`carol@northwind.example`);
    expect(demoAccountsText('pw')).toContain(DEMO_ORGANIZATION);
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
