// The four lists: search/{ticket,content}/{my,hd}: paging, every filter and sort, drafts,
// who sees what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET } from '../../routes/records/kinds.js';
import { buildListQueries } from '../../routes/records/sql.js';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let agent: { id: number; token: string };

async function person(fullname: string, hde = false) {
  const u = await createUser(env, { fullname, hde });
  return { id: u.id, token: await tokenFor(env, u.email, u.password) };
}

interface Row {
  type: 'T' | 'C';
  title: string;
  owner: number;
  day: number; // created on 2026-11-<day>
  status?: number;
  priority?: number | null;
  company?: number | null;
  hd?: number;
  contentType?: number | null;
  draft?: boolean;
}

async function insert(rows: Row[]) {
  for (const r of rows) {
    const created = `2026-11-${String(r.day).padStart(2, '0')}T12:00:00Z`;
    await env.db.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                            company_id, content_type_id, is_draft, created_at, updated_at)
       VALUES ($1, $2, '<p>x</p>', $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
      [
        r.type,
        r.title,
        r.owner,
        r.hd ?? (r.type === 'T' ? 1 : 5),
        r.status ?? (r.type === 'T' ? 1 : 6),
        r.type === 'T' ? (r.priority === undefined ? 2 : r.priority) : null,
        r.type === 'T' ? (r.company === undefined ? 1 : r.company) : null,
        r.type === 'C' ? (r.contentType === undefined ? 1 : r.contentType) : null,
        r.draft ?? false,
        created,
      ],
    );
  }
}

beforeAll(async () => {
  env = await startTestEnv();
  alice = await person('Alice List');
  bob = await person('Bob List');
  agent = await person('Agent List', true);
  await env.db.query('UPDATE users SET items_per_page = 25 WHERE id = $1', [bob.id]);
  // Alice: 12 tickets on days 1..12, alternating details; Bob: 3 tickets; drafts for both.
  const aliceTickets: Row[] = Array.from({ length: 12 }, (_, i) => ({
    type: 'T',
    title: `Alice ticket ${String(i + 1).padStart(2, '0')}`,
    owner: alice.id,
    day: i + 1,
    status: (i % 5) + 1,
    priority: (i % 4) + 1,
    company: (i % 2) + 1,
    hd: i % 3 === 0 ? 2 : 1,
  }));
  aliceTickets[4].title = 'Printer on floor 3 jams';
  aliceTickets[7].title = 'Café printer is out of toner';
  aliceTickets[9].title = '100% CPU on laptop';
  await insert(aliceTickets);
  await insert([
    { type: 'T', title: 'Bob ticket A', owner: bob.id, day: 13 },
    { type: 'T', title: 'Bob ticket B', owner: bob.id, day: 14 },
    { type: 'T', title: 'Bob printer', owner: bob.id, day: 15 },
    { type: 'T', title: 'Alice draft ticket', owner: alice.id, day: 16, draft: true },
    { type: 'T', title: 'Bob draft ticket', owner: bob.id, day: 16, draft: true },
    { type: 'C', title: 'Alice article one', owner: alice.id, day: 3, contentType: 1 },
    { type: 'C', title: 'Alice article two', owner: alice.id, day: 4, contentType: 2, hd: 7 },
    { type: 'C', title: 'Alice printers faq', owner: alice.id, day: 5, contentType: 2, status: 7 },
    { type: 'C', title: 'Bob article', owner: bob.id, day: 6, contentType: 3 },
    { type: 'C', title: 'Alice draft article', owner: alice.id, day: 7, draft: true },
  ]);
});
afterAll(() => env.close());

function list(path: string, token: string | null, payload: object = {}) {
  return env.app.inject({
    method: 'POST',
    url: `/api/search/${path}`,
    headers: token ? auth(token) : {},
    payload,
  });
}

async function titles(path: string, token: string, payload: object = {}) {
  const res = await list(path, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { subject?: string; title?: string }[]).map(
    (i) => i.subject ?? i.title,
  );
}

describe('search/ticket/my', () => {
  it('pages with the user items_per_page by default, newest first', async () => {
    const res = await list('ticket/my', alice.token, {});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 12, total_is_capped: false, page: 1, page_size: 10 });
    expect(data.items).toHaveLength(10);
    expect(data.items[0]).toEqual({
      id: expect.any(Number),
      object_type: 'T',
      subject: 'Alice ticket 12',
      priority_id: 4,
      priority_name: 'Urgent',
      company_id: 2,
      company_name: 'Globex',
      hd_id: 1,
      hd_name: 'IT Support',
      status_id: 2,
      status_name: 'Open',
      requester_id: alice.id,
      requester_name: 'Alice List',
      assignee_id: null,
      assignee_name: null,
      is_draft: false,
      channel: 'web',
      version: 1,
      created_at: '2026-11-12T12:00:00.000Z',
      updated_at: '2026-11-12T12:00:00.000Z',
      access: 'owner',
      shared_with_me: false,
      following: true,
      tags: [],
      fields: {},
      // No SLA policy in this database: no due times (test/sla/ covers them).
      sla_policy_id: null,
      first_response_due_at: null,
      first_responded_at: null,
      next_response_due_at: null,
      resolution_due_at: null,
      resolved_at: null,
      sla: { state: 'none', target: null, due_at: null },
    });
    expect(data.items[0]).not.toHaveProperty('description');
    const page2 = await list('ticket/my', alice.token, { page: 2 });
    expect(page2.json().data).toMatchObject({ total: 12, page: 2, page_size: 10 });
    expect(page2.json().data.items.map((i: { subject: string }) => i.subject)).toEqual([
      'Alice ticket 02',
      'Alice ticket 01',
    ]);
    const bobs = await list('ticket/my', bob.token, {});
    expect(bobs.json().data).toMatchObject({ total: 3, page_size: 25 });
  });

  it('shows only the caller’s own records', async () => {
    expect(await titles('ticket/my', bob.token)).toEqual([
      'Bob printer',
      'Bob ticket B',
      'Bob ticket A',
    ]);
    // Even when filtering for someone else.
    const res = await list('ticket/my', bob.token, { filters: { requester_id: alice.id } });
    expect(res.json().data).toMatchObject({ total: 0, items: [] });
  });

  it('shows drafts only in the draft view', async () => {
    expect(await titles('ticket/my', alice.token, { page_size: 100 })).not.toContain(
      'Alice draft ticket',
    );
    expect(await titles('ticket/my', alice.token, { filters: { is_draft: true } })).toEqual([
      'Alice draft ticket',
    ]);
  });

  it('filters by status, priority, company, help desk, dates and text', async () => {
    const p = (filters: object) => titles('ticket/my', alice.token, { filters, sort: 'id' });
    expect(await p({ status_id: 2 })).toEqual([
      'Alice ticket 02',
      'Alice ticket 07',
      'Alice ticket 12',
    ]);
    expect(await p({ priority_id: 1 })).toEqual([
      'Alice ticket 01',
      'Printer on floor 3 jams',
      'Alice ticket 09',
    ]);
    expect(await p({ company_id: 2 })).toEqual([
      'Alice ticket 02',
      'Alice ticket 04',
      'Alice ticket 06',
      'Café printer is out of toner',
      '100% CPU on laptop',
      'Alice ticket 12',
    ]);
    expect(await p({ hd_id: 2 })).toEqual([
      'Alice ticket 01',
      'Alice ticket 04',
      'Alice ticket 07',
      '100% CPU on laptop',
    ]);
    expect(await p({ created_from: '2026-11-03', created_to: '2026-11-05' })).toEqual([
      'Alice ticket 03',
      'Alice ticket 04',
      'Printer on floor 3 jams',
    ]);
    expect(await p({ requester_id: alice.id, status_id: 1, priority_id: 1 })).toEqual([
      'Alice ticket 01',
    ]);
    // Case- and accent-insensitive substring; % and _ are literal.
    expect(await p({ text: 'PRINTER' })).toEqual([
      'Printer on floor 3 jams',
      'Café printer is out of toner',
    ]);
    expect(await p({ text: 'cafe' })).toEqual(['Café printer is out of toner']);
    expect(await p({ text: '100%' })).toEqual(['100% CPU on laptop']);
    expect(await p({ text: '%' })).toEqual(['100% CPU on laptop']);
    expect(await p({ text: 'ticket_0' })).toEqual([]);
    expect(await p({ text: '   ' })).toHaveLength(10);
  });

  it('sorts by every sortable column, both ways, ties on id', async () => {
    const s = (sort: string) => titles('ticket/my', alice.token, { sort, page_size: 3 });
    expect(await s('created_at')).toEqual([
      'Alice ticket 01',
      'Alice ticket 02',
      'Alice ticket 03',
    ]);
    expect(await s('-created_at')).toEqual([
      'Alice ticket 12',
      'Alice ticket 11',
      '100% CPU on laptop',
    ]);
    expect(await s('updated_at')).toEqual([
      'Alice ticket 01',
      'Alice ticket 02',
      'Alice ticket 03',
    ]);
    expect(await s('-updated_at')).toEqual([
      'Alice ticket 12',
      'Alice ticket 11',
      '100% CPU on laptop',
    ]);
    expect(await s('subject')).toEqual([
      '100% CPU on laptop',
      'Alice ticket 01',
      'Alice ticket 02',
    ]);
    expect(await s('-subject')).toEqual([
      'Printer on floor 3 jams',
      'Café printer is out of toner',
      'Alice ticket 12',
    ]);
    // status 1 = days 1, 6, 11; ties by id.
    expect(await s('status')).toEqual(['Alice ticket 01', 'Alice ticket 06', 'Alice ticket 11']);
    expect(await s('-status')).toEqual([
      '100% CPU on laptop',
      'Printer on floor 3 jams',
      'Alice ticket 09',
    ]);
    expect(await s('priority')).toEqual([
      'Alice ticket 01',
      'Printer on floor 3 jams',
      'Alice ticket 09',
    ]);
    expect(await s('-priority')).toEqual([
      'Alice ticket 12',
      'Café printer is out of toner',
      'Alice ticket 04',
    ]);
    expect(await s('id')).toEqual(['Alice ticket 01', 'Alice ticket 02', 'Alice ticket 03']);
    expect(await s('-id')).toEqual(['Alice ticket 12', 'Alice ticket 11', '100% CPU on laptop']);
  });

  it('answers 400 for a bad sort, page, page_size or filter, and 401 without a session', async () => {
    const res = await list('ticket/my', alice.token, {
      page: 0,
      page_size: 101,
      sort: 'password_hash',
      filters: { status_id: 'x', created_from: '2026-13-45', text: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      page: 'Page must be a whole number from 1.',
      page_size: 'Page size must be 1 to 100.',
      sort: 'Sort must be one of created_at, updated_at, subject, status, priority, id, sla, assignee or fields.<key>, optionally with a leading "-".',
      'filters.status_id': 'Choose a status.',
      'filters.created_from': 'Created from must be a date (YYYY-MM-DD).',
      'filters.text': 'Text must be at most 200 characters.',
    });
    expect((await list('ticket/my', alice.token, { sort: 'title' })).statusCode).toBe(400);
    // Pages stop at the count cap: deep offsets would cost what they skip.
    const deep = await list('ticket/my', alice.token, { page: 401, page_size: 25 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().fields.page).toBe(
      'Pages reach the first 10,000 records. Narrow the filters or reverse the sort to see older ones.',
    );
    expect((await list('ticket/my', alice.token, { page: 400, page_size: 25 })).statusCode).toBe(
      200,
    );
    expect((await list('ticket/my', null, {})).statusCode).toBe(401);
  });
});

describe('search/ticket/hd', () => {
  it('shows every record to an agent, with filters by requester', async () => {
    const res = await list('ticket/hd', agent.token, { page_size: 100 });
    expect(res.json().data.total).toBe(15);
    expect(await titles('ticket/hd', agent.token, { filters: { requester_id: bob.id } })).toEqual([
      'Bob printer',
      'Bob ticket B',
      'Bob ticket A',
    ]);
    expect(await titles('ticket/hd', agent.token, { filters: { is_draft: true } })).toEqual([
      'Bob draft ticket',
      'Alice draft ticket',
    ]);
    expect(
      await titles('ticket/hd', agent.token, { filters: { text: 'printer' }, sort: 'subject' }),
    ).toEqual(['Bob printer', 'Café printer is out of toner', 'Printer on floor 3 jams']);
  });

  it("sorts an agent's queue by assignee: each assignee's tickets together, unassigned last (first reversed)", async () => {
    const other = await person('Zed Agent', true);
    const bobs = async () =>
      Object.fromEntries(
        (
          (await list('ticket/hd', agent.token, { filters: { requester_id: bob.id } })).json().data
            .items as { id: number; subject: string }[]
        ).map((t) => [t.subject, t.id]),
      );
    const ids = await bobs();
    await env.db.query('UPDATE records SET assignee_id = $2 WHERE id = $1', [
      ids['Bob ticket A'],
      agent.id,
    ]);
    await env.db.query('UPDATE records SET assignee_id = $2 WHERE id = $1', [
      ids['Bob ticket B'],
      other.id,
    ]);
    try {
      const sorted = async (sort: string) => {
        const res = await list('ticket/hd', agent.token, {
          sort,
          filters: { requester_id: bob.id },
        });
        return (res.json().data.items as { subject: string; assignee_name: string | null }[]).map(
          (t) => [t.subject, t.assignee_name],
        );
      };
      expect(await sorted('assignee')).toEqual([
        ['Bob ticket A', 'Agent List'],
        ['Bob ticket B', 'Zed Agent'],
        ['Bob printer', null],
      ]);
      expect(await sorted('-assignee')).toEqual([
        ['Bob printer', null],
        ['Bob ticket B', 'Zed Agent'],
        ['Bob ticket A', 'Agent List'],
      ]);
      // Bob sorts his own list the same way.
      expect(await titles('ticket/my', bob.token, { sort: 'assignee' })).toEqual([
        'Bob ticket A',
        'Bob ticket B',
        'Bob printer',
      ]);
    } finally {
      await env.db.query('UPDATE records SET assignee_id = NULL WHERE owner_id = $1', [bob.id]);
    }
  });

  it("reads the agents' assignee order from its own index (no sort of the whole list)", async () => {
    const client = await env.db.connect();
    try {
      // As on a million tickets: the planner may not read the table and sort it.
      await client.query('SET enable_seqscan = off');
      for (const sort of ['assignee', '-assignee']) {
        const q = buildListQueries(
          TICKET,
          { id: agent.id, user_is_hde: true },
          { scope: 'hd', now: new Date(), page: 1, pageSize: 25, sort, filters: {} },
        );
        const plan = await client.query<{ 'QUERY PLAN': unknown }>(
          `EXPLAIN (FORMAT JSON) ${q.page.text}`,
          q.page.values,
        );
        expect(JSON.stringify(plan.rows[0]['QUERY PLAN']), sort).toContain(
          '"Index Name":"records_hd_assignee_idx"',
        );
      }
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });

  it('answers 403 to a regular user and 401 without a session', async () => {
    const res = await list('ticket/hd', alice.token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await list('content/hd', alice.token, {})).statusCode).toBe(403);
    expect((await list('ticket/hd', null, {})).statusCode).toBe(401);
  });

  it('never carries an email address', async () => {
    const res = await list('ticket/hd', agent.token, { page_size: 100 });
    expect(res.body).not.toMatch(/@|email|password/);
  });
});

describe('search/content/my and search/content/hd', () => {
  it('lists own content with filters and sorts', async () => {
    const res = await list('content/my', alice.token, {});
    expect(res.json().data).toMatchObject({ total: 3, page_size: 10 });
    expect(res.json().data.items[0]).toEqual({
      id: expect.any(Number),
      object_type: 'C',
      title: 'Alice printers faq',
      content_type_id: 2,
      content_type_name: 'FAQ',
      hd_id: 5,
      hd_name: 'Knowledge base',
      status_id: 7,
      status_name: 'Published',
      author_id: alice.id,
      author_name: 'Alice List',
      searchable: false,
      is_public: false,
      is_draft: false,
      channel: 'web',
      version: 1,
      created_at: '2026-11-05T12:00:00.000Z',
      updated_at: '2026-11-05T12:00:00.000Z',
      access: 'owner',
      shared_with_me: false,
      following: true,
      tags: [],
      fields: {},
    });
    const c = (payload: object) => titles('content/my', alice.token, payload);
    expect(await c({ filters: { content_type_id: 2 }, sort: 'title' })).toEqual([
      'Alice article two',
      'Alice printers faq',
    ]);
    expect(await c({ filters: { hd_id: 7 } })).toEqual(['Alice article two']);
    expect(await c({ filters: { status_id: 7 } })).toEqual(['Alice printers faq']);
    expect(await c({ filters: { text: 'PRINT' } })).toEqual(['Alice printers faq']);
    expect(await c({ filters: { author_id: alice.id, created_to: '2026-11-03' } })).toEqual([
      'Alice article one',
    ]);
    expect(await c({ filters: { is_draft: true } })).toEqual(['Alice draft article']);
    expect(await c({ sort: '-title' })).toEqual([
      'Alice printers faq',
      'Alice article two',
      'Alice article one',
    ]);
    expect(await c({ sort: 'status', page_size: 1, page: 3 })).toEqual(['Alice printers faq']);
    const bad = await list('content/my', alice.token, { sort: 'priority' });
    expect(bad.json().fields).toEqual({
      sort: 'Sort must be one of created_at, updated_at, title, status, id or fields.<key>, optionally with a leading "-".',
    });
  });

  it('lists all content for an agent', async () => {
    expect(await titles('content/hd', agent.token, { sort: '-updated_at' })).toEqual([
      'Bob article',
      'Alice printers faq',
      'Alice article two',
      'Alice article one',
    ]);
    expect(
      await titles('content/hd', agent.token, {
        filters: { author_id: bob.id, content_type_id: 3 },
      }),
    ).toEqual(['Bob article']);
  });
});

describe('capped totals', () => {
  it('reports totals beyond 10,000 as 10,000 with total_is_capped', async () => {
    const heavy = await person('Heavy User');
    await env.db.query(
      `INSERT INTO records (object_type, title, owner_id, hd_id, status_id, priority_id)
       SELECT 'T', 'Bulk ' || g, $1, 1, 1, 2 FROM generate_series(1, 10005) g`,
      [heavy.id],
    );
    const res = await list('ticket/my', heavy.token, { page: 400, page_size: 25 });
    expect(res.json().data).toMatchObject({ total: 10000, total_is_capped: true, page: 400 });
    expect(res.json().data.items).toHaveLength(25);
    // The page after the cap is refused with a reason, not computed at full cost.
    const beyond = await list('ticket/my', heavy.token, { page: 401, page_size: 25 });
    expect(beyond.statusCode).toBe(400);
    // A text filter counts (and pages) to 1,000: its matches are confirmed row by row.
    const text = await list('ticket/my', heavy.token, { page: 1, filters: { text: 'bulk' } });
    expect(text.json().data).toMatchObject({ total: 1000, total_is_capped: true });
    const textBeyond = await list('ticket/my', heavy.token, {
      page: 41,
      page_size: 25,
      filters: { text: 'bulk' },
    });
    expect(textBeyond.json().fields.page).toBe(
      'Pages reach the first 1,000 records. Narrow the filters or reverse the sort to see older ones.',
    );
    await env.db.query('DELETE FROM records WHERE owner_id = $1', [heavy.id]);
  });
});
