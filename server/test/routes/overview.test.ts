// Home, what's new, dashboard (figures checked against inserted rows, and against the lists
// their links open), charts, the content collector, classification maintenance and contact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let agent: { id: number; token: string };

async function person(fullname: string, hde = false, admin = false) {
  const u = await createUser(env, { fullname, hde, admin });
  return { id: u.id, token: await tokenFor(env, u.email, u.password) };
}

interface Row {
  type: 'T' | 'C';
  title?: string;
  owner: number;
  status?: number;
  priority?: number;
  hd?: number;
  contentType?: number;
  assignee?: number | null;
  searchable?: boolean;
  draft?: boolean;
  created?: string;
}

async function record(r: Row): Promise<number> {
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                          content_type_id, assignee_id, searchable, is_draft, created_at)
     VALUES ($1, $2, '<p>x</p>', $3, $4, $5, $6, $7, $8, $9, $10,
             coalesce($11::timestamptz, now())) RETURNING id`,
    [
      r.type,
      r.title ?? 'Row',
      r.owner,
      r.hd ?? (r.type === 'T' ? 1 : 5),
      r.status ?? (r.type === 'T' ? 2 : 7),
      r.type === 'T' ? (r.priority ?? 2) : null,
      r.type === 'C' ? (r.contentType ?? 1) : null,
      r.assignee ?? null,
      r.searchable ?? false,
      r.draft ?? false,
      r.created ?? null,
    ],
  );
  return Number(rows[0].id);
}

async function message(recordId: number, authorId: number, hoursAgo: number) {
  await env.db.query(
    `INSERT INTO record_messages (record_id, thread, author_id, body, created_at)
     VALUES ($1, 'communication', $2, '<p>m</p>', now() - $3 * interval '1 hour')`,
    [recordId, authorId, hoursAgo],
  );
}

const get = (token: string, url: string) =>
  env.app.inject({ method: 'GET', url, headers: auth(token) });
const post = (token: string, url: string, payload: unknown) =>
  env.app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object });

async function listTotal(token: string, url: string, filters: Record<string, unknown>) {
  const res = await post(token, url, { filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}

const old = () => new Date(Date.now() - 3 * 86400000).toISOString();
const t: Record<string, number> = {};

beforeAll(async () => {
  env = await startTestEnv();
  alice = await person('Alice Overview');
  bob = await person('Bob Overview');
  agent = await person('Agent Overview', true, true);
  // Alice: 3 open tickets (one waiting for her, one overdue, one fresh), 1 closed, 1 draft.
  t.waiting = await record({ type: 'T', owner: alice.id, created: old(), assignee: agent.id });
  await message(t.waiting, alice.id, 30);
  await message(t.waiting, agent.id, 2);
  t.overdue = await record({ type: 'T', owner: alice.id, created: old(), hd: 3 });
  await message(t.overdue, alice.id, 30);
  t.fresh = await record({ type: 'T', owner: alice.id, status: 1 });
  t.closed = await record({ type: 'T', owner: alice.id, status: 5, created: old() });
  await message(t.closed, agent.id, 1);
  t.draft = await record({ type: 'T', owner: alice.id, draft: true });
  // Bob: one open never-answered old ticket (overdue), unassigned.
  t.bob = await record({ type: 'T', owner: bob.id, created: old(), hd: 4 });
  // Content: published + searchable (2), published not searchable, in review searchable.
  t.pub1 = await record({
    type: 'C',
    owner: bob.id,
    searchable: true,
    title: 'Pub one',
    created: old(),
  });
  t.pub2 = await record({ type: 'C', owner: bob.id, searchable: true, title: 'Pub two' });
  t.hidden = await record({ type: 'C', owner: bob.id, title: 'Bob private' });
  t.review = await record({ type: 'C', owner: bob.id, searchable: true, status: 6 });
  await env.db.query(
    `INSERT INTO record_events (record_id, actor_id, action, internal)
     VALUES ($1, $2, 'created', false), ($3, $4, 'worklog_added', true), ($5, $4, 'created', false)`,
    [t.fresh, alice.id, t.waiting, agent.id, t.bob],
  );
});

afterAll(async () => {
  await env?.close();
});

describe('dashboard and list filters', () => {
  it("a regular user's figures match the lists their links open", async () => {
    const res = await get(alice.token, '/api/dashboard/');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.role).toBe('user');
    expect(d.per_helpdesk).toBeUndefined();
    const byKey = Object.fromEntries(
      (d.figures as { key: string; value: number; link: string }[]).map((f) => [f.key, f]),
    );
    expect(byKey.my_open.value).toBe(3);
    expect(byKey.my_open.link).toBe('/ticket/my_ticket?status_group=open');
    expect(byKey.waiting_for_me.value).toBe(1);
    expect(byKey.recently_answered.value).toBe(2);
    const url = '/api/search/ticket/my';
    expect(await listTotal(alice.token, url, { status_group: 'open' })).toBe(3);
    expect(await listTotal(alice.token, url, { status_group: 'closed' })).toBe(1);
    expect(await listTotal(alice.token, url, { waiting_for_me: true })).toBe(1);
    expect(await listTotal(alice.token, url, { recently_answered: true })).toBe(2);
    // Activity: her own records' events, never internal ones.
    const actions = d.activity as { record_id: number; action: string; actor_name: string }[];
    expect(actions).toEqual([
      expect.objectContaining({
        record_id: t.fresh,
        action: 'created',
        actor_name: 'Alice Overview',
      }),
    ]);
  });

  it("an agent's figures, per help desk counts and activity", async () => {
    const d = (await get(agent.token, '/api/dashboard/')).json().data;
    expect(d.role).toBe('agent');
    const byKey = Object.fromEntries(
      (d.figures as { key: string; value: number }[]).map((f) => [f.key, f.value]),
    );
    // Overdue and due soon count SLA due times (test/sla/due-times.test.ts); no policy here.
    expect(byKey).toEqual({ unassigned: 3, assigned_to_me: 1, overdue: 0, due_soon: 0 });
    const url = '/api/search/ticket/hd';
    expect(await listTotal(agent.token, url, { status_group: 'open', assignee_id: 'none' })).toBe(
      3,
    );
    expect(await listTotal(agent.token, url, { assignee_id: agent.id })).toBe(1);
    expect(await listTotal(agent.token, url, { overdue: true })).toBe(2);
    const perHd = Object.fromEntries(
      (d.per_helpdesk as { hd_name: string; open: number }[]).map((h) => [h.hd_name, h.open]),
    );
    expect(perHd).toEqual({ 'IT Support': 2, Hardware: 0, Network: 1, HR: 1, Facilities: 0 });
    expect((d.activity as { action: string }[]).map((a) => a.action).sort()).toEqual([
      'created',
      'created',
      'worklog_added',
    ]);
  });

  it('validates the new filters', async () => {
    const res = await post(agent.token, '/api/search/ticket/hd', {
      filters: { status_group: 'half', assignee_id: 'someone', overdue: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'filters.status_group': 'Status group must be open or closed.',
      'filters.assignee_id': 'Assignee must be an id, "me" or "none".',
      'filters.overdue': 'Overdue must be true or false.',
    });
  });
});

describe('home and what is new', () => {
  it("home: the caller's open tickets and the newest published content", async () => {
    const d = (await get(alice.token, '/api/home/')).json().data;
    expect(d.open_ticket_count).toBe(3);
    expect((d.open_tickets as { id: number }[]).map((x) => x.id).sort()).toEqual(
      [t.waiting, t.overdue, t.fresh].sort(),
    );
    expect((d.latest_content as { id: number; access: string }[]).map((x) => x.id)).toEqual([
      t.pub2,
      t.pub1,
    ]);
    expect(d.latest_content[0].access).toBe('reader');
  });

  it("what's new pages like lists", async () => {
    const res = await post(alice.token, '/api/whats-new/', { page: 2, page_size: 1 });
    expect(res.json().data).toMatchObject({ total: 2, total_is_capped: false, page: 2 });
    expect(res.json().data.items.map((x: { id: number }) => x.id)).toEqual([t.pub1]);
  });
});

describe('charts', () => {
  it('counts records created in the period; agents all, users their own', async () => {
    const day = '2031-03-10';
    const inDay = `${day}T10:00:00Z`;
    const a = await record({
      type: 'T',
      owner: bob.id,
      created: inDay,
      priority: 3,
      hd: 2,
      status: 1,
    });
    await record({ type: 'T', owner: agent.id, created: inDay, priority: 4, hd: 6, status: 2 });
    await record({ type: 'T', owner: bob.id, created: inDay, draft: true });
    await record({ type: 'C', owner: bob.id, created: inDay, contentType: 2, status: 6 });
    await record({ type: 'T', owner: bob.id, created: '2031-03-12T23:59:00Z', status: 1 });
    // Closed on the 11th (into a closed status from an open one), then Resolved -> Closed.
    await env.db.query(
      `INSERT INTO record_events (record_id, actor_id, action, details, created_at) VALUES
         ($1, $2, 'status_changed', '{"from":"New","to":"Resolved"}', '2031-03-11T09:00:00Z'),
         ($1, $2, 'status_changed', '{"from":"Resolved","to":"Closed"}', '2031-03-11T10:00:00Z')`,
      [a, agent.id],
    );
    const res = await get(agent.token, `/api/charts/?from=${day}&to=2031-03-12`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.tickets_per_day).toEqual([
      { day: '2031-03-10', opened: 2, closed: 0 },
      { day: '2031-03-11', opened: 0, closed: 1 },
      { day: '2031-03-12', opened: 1, closed: 0 },
    ]);
    const bars = (k: string) =>
      Object.fromEntries(
        (d[k] as { label: string; value: number }[]).map((b) => [b.label, b.value]),
      );
    expect(bars('tickets_by_status')).toEqual({
      New: 2,
      Open: 1,
      Pending: 0,
      Resolved: 0,
      Closed: 0,
    });
    expect(bars('tickets_by_priority')).toEqual({ Low: 0, Normal: 1, High: 1, Urgent: 1 });
    expect(bars('tickets_by_helpdesk')).toMatchObject({
      Hardware: 1,
      Facilities: 1,
      'IT Support': 1,
    });
    expect(bars('content_by_type')).toMatchObject({ FAQ: 1, 'How-to': 0 });
    expect(bars('content_by_status')).toEqual({ 'In review': 1, Published: 0, Archived: 0 });

    const mine = (await get(bob.token, `/api/charts/?from=${day}&to=2031-03-12`)).json().data;
    expect(mine.tickets_per_day.map((x: { opened: number }) => x.opened)).toEqual([1, 0, 1]);
    expect(mine.tickets_per_day[1].closed).toBe(1);
  });

  it('defaults to the last 30 days and refuses bad periods', async () => {
    const d = (await get(alice.token, '/api/charts/')).json().data;
    expect(d.tickets_per_day).toHaveLength(30);
    expect(d.to).toBe(new Date().toISOString().slice(0, 10));
    const long = await get(alice.token, '/api/charts/?from=2030-01-01&to=2031-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ to: 'The period can be at most 366 days.' });
    const reversed = await get(alice.token, '/api/charts/?from=2030-02-01&to=2030-01-01');
    expect(reversed.json().fields).toEqual({ from: 'From must be on or before to.' });
    const bad = await get(alice.token, '/api/charts/?from=yesterday');
    expect(bad.json().fields).toEqual({ from: 'From must be a date (YYYY-MM-DD).' });
  });
});

describe('collector', () => {
  it('counts readable, submitted content under each node and its descendants', async () => {
    const vpn = await record({ type: 'C', owner: alice.id, title: 'VPN how-to' });
    const wifi = await record({ type: 'C', owner: alice.id, title: 'Wi-Fi how-to' });
    const bobs = await record({ type: 'C', owner: bob.id, title: 'Bob VPN notes' });
    const draft = await record({ type: 'C', owner: alice.id, draft: true });
    await env.db.query(
      `INSERT INTO record_categories VALUES ($1, 14), ($1, 13), ($2, 15), ($3, 14), ($4, 14),
                                            ($5, 14)`,
      [vpn, wifi, bobs, draft, t.pub1],
    );
    const roots = (await get(alice.token, '/api/collector/nodes/')).json().data;
    const network = roots.find((n: { category_id: number }) => n.category_id === 13);
    // vpn (counted once though classified twice), wifi, pub1 (searchable); not Bob's private one.
    expect(network).toEqual({
      category_id: 13,
      category_name: 'Network',
      has_children: true,
      content_count: 3,
    });
    const agentRoots = (await get(agent.token, '/api/collector/nodes/')).json().data;
    expect(
      agentRoots.find((n: { category_id: number }) => n.category_id === 13).content_count,
    ).toBe(4);
    const children = (await get(alice.token, '/api/collector/nodes/?parent_id=13')).json().data;
    expect(
      children.map((n: { category_name: string; content_count: number }) => [
        n.category_name,
        n.content_count,
      ]),
    ).toEqual([
      ['VPN', 2],
      ['Wi-Fi', 1],
      ['Internet access', 0],
    ]);
    const content = await post(alice.token, '/api/collector/content/', { category_id: 14 });
    expect(
      content
        .json()
        .data.items.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([vpn, t.pub1].sort());
    expect(content.json().data.total).toBe(2);
  });
});

describe('classification maintenance', () => {
  it('is for agents only', async () => {
    const res = await post(alice.token, '/api/classification/', { category_name: 'Nope' });
    expect(res.statusCode).toBe(403);
    const del = await env.app.inject({
      method: 'DELETE',
      url: '/api/classification/28',
      headers: auth(alice.token),
    });
    expect(del.statusCode).toBe(403);
  });

  it('adds, renames, moves and deletes nodes', async () => {
    const created = await post(agent.token, '/api/classification/', {
      category_name: ' Docking stations ',
      parent_id: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const node = created.json().data;
    expect(node).toMatchObject({
      category_name: 'Docking stations',
      has_children: false,
      path: 'Hardware > Docking stations',
    });
    const dup = await post(agent.token, '/api/classification/', {
      category_name: 'laptops',
      parent_id: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({
      category_name: 'A category with this name already exists here.',
    });
    const rootDup = await post(agent.token, '/api/classification/', { category_name: 'HR' });
    expect(rootDup.statusCode).toBe(409);
    const bad = await post(agent.token, '/api/classification/', {
      category_name: '',
      parent_id: 9999,
    });
    expect(bad.json().fields).toEqual({
      category_name: 'Category name must be 1 to 100 characters.',
    });
    const noParent = await post(agent.token, '/api/classification/', {
      category_name: 'Orphan',
      parent_id: 9999,
    });
    expect(noParent.json().fields).toEqual({ parent_id: 'Choose a parent category.' });

    const put = (id: number, payload: object) =>
      env.app.inject({
        method: 'PUT',
        url: `/api/classification/${id}`,
        headers: auth(agent.token),
        payload,
      });
    const moved = await put(node.category_id, { parent_id: 13, category_name: 'Docks' });
    expect(moved.json().data.path).toBe('Network > Docks');
    const cycle = await put(9, { parent_id: 10 }); // Operating system under Windows
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().fields).toEqual({
      parent_id: 'A category cannot move under itself or its sub-categories.',
    });
    expect((await put(9, { parent_id: 9 })).statusCode).toBe(400);
    expect((await put(14, { category_name: 'Wi-Fi' })).statusCode).toBe(409);
    expect((await put(99999, { category_name: 'x' })).statusCode).toBe(404);
    const toRoot = await put(node.category_id, { parent_id: null });
    expect(toRoot.json().data.path).toBe('Docks');

    const del = (id: number) =>
      env.app.inject({
        method: 'DELETE',
        url: `/api/classification/${id}`,
        headers: auth(agent.token),
      });
    const used = await del(14);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('This category is used by 4 records and cannot be deleted.');
    const parent = await del(25);
    expect(parent.json().message).toBe('This category has sub-categories and cannot be deleted.');
    const gone = await del(node.category_id);
    expect(gone.json().data).toEqual({ category_id: node.category_id });
    expect((await del(node.category_id)).statusCode).toBe(404);
  });
});

describe('contact', () => {
  it('lists the ticket help desks with their details', async () => {
    const res = await get(alice.token, '/api/contact/');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { hd_id: number; hd_name: string; email: string }[];
    expect(rows.map((r) => r.hd_id)).toEqual([1, 2, 3, 4, 6]);
    expect(rows[0]).toMatchObject({ hd_name: 'IT Support', email: 'it-support@example.com' });
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['description', 'email', 'hd_id', 'hd_name', 'hours', 'phone'].sort(),
    );
  });
});
