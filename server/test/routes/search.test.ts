// POST search/query: stemming (English and Spanish), accents, prefixes, ranking, messages,
// permissions, filters, snippet safety and the 400 messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let agent: { id: number; token: string };

async function person(fullname: string, hde = false) {
  const u = await createUser(env, { fullname, hde });
  return { id: u.id, token: await tokenFor(env, u.email, u.password) };
}

async function record(r: {
  type: 'T' | 'C';
  title: string;
  body?: string;
  owner: number;
  searchable?: boolean;
  draft?: boolean;
  status?: number;
  hd?: number;
  created?: string;
}): Promise<number> {
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                          content_type_id, searchable, is_draft, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()))
     RETURNING id`,
    [
      r.type,
      r.title,
      r.body ?? '<p>Nothing to see.</p>',
      r.owner,
      r.hd ?? (r.type === 'T' ? 1 : 5),
      r.status ?? (r.type === 'T' ? 1 : 7),
      r.type === 'T' ? 2 : null,
      r.type === 'C' ? 1 : null,
      r.searchable ?? false,
      r.draft ?? false,
      r.created ?? null,
    ],
  );
  return Number(rows[0].id);
}

async function search(token: string, body: Record<string, unknown>) {
  return env.app.inject({
    method: 'POST',
    url: '/api/search/query',
    headers: auth(token),
    payload: body,
  });
}

async function ids(token: string, body: Record<string, unknown>): Promise<number[]> {
  const res = await search(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number }[]).map((i) => i.id);
}

const r: Record<string, number> = {};

beforeAll(async () => {
  env = await startTestEnv();
  alice = await person('Alice Search');
  bob = await person('Bob Search');
  agent = await person('Agent Search', true);
  r.titleMatch = await record({ type: 'C', title: 'Firewall rules explained', owner: alice.id });
  r.bodyMatch = await record({
    type: 'C',
    title: 'Office guide',
    body: '<p>Our firewall blocks most ports.</p>',
    owner: alice.id,
    created: '2030-01-01T00:00:00Z', // newer, so only the rank puts the title match first
  });
  r.connections = await record({
    type: 'C',
    title: 'Network connections drop',
    owner: alice.id,
  });
  r.impresoras = await record({
    type: 'C',
    title: 'Configurar las impresoras de la oficina',
    owner: alice.id,
  });
  r.contrasena = await record({
    type: 'C',
    title: 'Cambiar la contraseña del correo',
    owner: alice.id,
  });
  r.bobPrivate = await record({ type: 'C', title: 'Zanzibar private notes', owner: bob.id });
  r.bobSearchable = await record({
    type: 'C',
    title: 'Zanzibar public guide',
    owner: bob.id,
    searchable: true,
  });
  r.bobDraft = await record({
    type: 'C',
    title: 'Zanzibar draft guide',
    owner: bob.id,
    searchable: true,
    draft: true,
  });
  r.script = await record({
    type: 'C',
    title: 'Sanitised body',
    body: '<p>&lt;script&gt;alert("xss")&lt;/script&gt; the quokka &amp; friends</p>',
    owner: alice.id,
  });
  r.ticket = await record({ type: 'T', title: 'Laptop problem', owner: alice.id });
  r.bobTicket = await record({ type: 'T', title: 'Laptop problem too', owner: bob.id });
  await env.db.query(
    `INSERT INTO record_messages (record_id, thread, author_id, body)
     VALUES ($1, 'communication', $2, '<p>The wombat adapter is broken.</p>'),
            ($1, 'worklog', $3, '<p>Internal: platypus spare parts.</p>')`,
    [r.ticket, alice.id, agent.id],
  );
});

afterAll(async () => {
  await env?.close();
});

describe('matching', () => {
  it('ranks a title match above a body match (ties newest first)', async () => {
    const found = await ids(alice.token, { q: 'firewall ' });
    expect(found).toEqual([r.titleMatch, r.bodyMatch]);
  });

  it('stems English words both ways', async () => {
    expect(await ids(alice.token, { q: 'connection ' })).toEqual([r.connections]);
    expect(await ids(alice.token, { q: 'connecting networks ' })).toEqual([r.connections]);
  });

  it('stems Spanish words', async () => {
    expect(await ids(alice.token, { q: 'impresora ' })).toEqual([r.impresoras]);
    expect(await ids(alice.token, { q: 'oficinas impresora' })).toEqual([r.impresoras]);
  });

  it('ignores accents in the text and in the query', async () => {
    expect(await ids(alice.token, { q: 'contrasena' })).toEqual([r.contrasena]);
    expect(await ids(alice.token, { q: 'CONTRASEÑA correo' })).toEqual([r.contrasena]);
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(await ids(alice.token, { q: 'netw' })).toEqual([r.connections]);
    expect(await ids(alice.token, { q: 'network conn' })).toEqual([r.connections]);
    // Finished words (a trailing space) are whole words.
    expect(await ids(alice.token, { q: 'firew ' })).toEqual([]);
  });

  it('never passes raw text to to_tsquery', async () => {
    for (const q of ["fire:* & !'", '(((', "'; DROP TABLE records; --", '|&!<->', 'a:*b']) {
      const res = await search(alice.token, { q });
      expect(res.statusCode, q).toBe(200);
    }
    expect(await ids(alice.token, { q: 'firewall!!' })).toEqual([r.titleMatch, r.bodyMatch]);
  });

  it('finds tickets by their public messages, never by the work log', async () => {
    expect(await ids(alice.token, { q: 'wombat', type: 'T' })).toEqual([r.ticket]);
    expect(await ids(agent.token, { q: 'platypus', type: 'T' })).toEqual([]);
    // A new message updates the ticket's vector; removing it takes it out again.
    const { rows } = await env.db.query<{ id: string }>(
      `INSERT INTO record_messages (record_id, thread, author_id, body)
       VALUES ($1, 'communication', $2, '<p>Try the echidna cable</p>') RETURNING id`,
      [r.ticket, agent.id],
    );
    expect(await ids(alice.token, { q: 'echidna', type: 'T' })).toEqual([r.ticket]);
    await env.db.query('DELETE FROM record_messages WHERE id = $1', [rows[0].id]);
    expect(await ids(alice.token, { q: 'echidna', type: 'T' })).toEqual([]);
  });

  it('follows edits of the title and body', async () => {
    const id = await record({ type: 'C', title: 'Before edit', owner: alice.id });
    await env.db.query(`UPDATE records SET title = 'Kookaburra after edit' WHERE id = $1`, [id]);
    expect(await ids(alice.token, { q: 'kookaburra' })).toEqual([id]);
    expect(await ids(alice.token, { q: 'before ' })).not.toContain(id);
  });
});

describe('permissions', () => {
  it("never returns another user's private record or a draft; searchable content for all", async () => {
    expect(await ids(alice.token, { q: 'zanzibar' })).toEqual([r.bobSearchable]);
    const bobs = await search(bob.token, { q: 'zanzibar' });
    const items = bobs.json().data.items as { id: number; access: string }[];
    // His searchable guide is both his own and searchable: found once, counted once.
    expect(items.map((i) => i.id).sort()).toEqual([r.bobPrivate, r.bobSearchable].sort());
    expect(bobs.json().data.total).toBe(2);
    expect(items.every((i) => i.access === 'owner')).toBe(true);
    const agents = await search(agent.token, { q: 'zanzibar' });
    expect((agents.json().data.items as { id: number }[]).map((i) => i.id).sort()).toEqual(
      [r.bobPrivate, r.bobSearchable].sort(),
    );
    expect(agents.json().data.items[0].access).toBe('agent');
    const readers = (await search(alice.token, { q: 'zanzibar' })).json().data.items;
    expect(readers[0].access).toBe('reader');
  });

  it('tickets: own and shared ones for users, all for agents', async () => {
    expect(await ids(alice.token, { q: 'laptop', type: 'T' })).toEqual([r.ticket]);
    expect((await ids(agent.token, { q: 'laptop', type: 'T' })).sort()).toEqual(
      [r.ticket, r.bobTicket].sort(),
    );
    await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
      r.bobTicket,
      alice.id,
    ]);
    const res = await search(alice.token, { q: 'laptop', type: 'T' });
    const items = res.json().data.items as { id: number; access: string }[];
    expect(items.find((i) => i.id === r.bobTicket)?.access).toBe('shared');
    // A record in more than one of the readable sets (her own ticket also shared with her, his
    // searchable guide shared with her) is found once and counted once.
    await env.db.query(
      'INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2), ($3, $2), ($4, $2)',
      [r.ticket, alice.id, r.bobSearchable, r.bobPrivate],
    );
    const twice = await search(alice.token, { q: 'laptop', type: 'T' });
    expect((twice.json().data.items as { id: number }[]).map((i) => i.id).sort()).toEqual(
      [r.ticket, r.bobTicket].sort(),
    );
    expect(twice.json().data.total).toBe(2);
    const guides = await search(alice.token, { q: 'zanzibar' });
    expect((guides.json().data.items as { id: number }[]).map((i) => i.id).sort()).toEqual(
      [r.bobPrivate, r.bobSearchable].sort(),
    );
    expect(guides.json().data.total).toBe(2);
    await env.db.query('DELETE FROM record_shares WHERE user_id = $1 AND record_id <> $2', [
      alice.id,
      r.bobTicket,
    ]);
  });

  it('answers 401 without a session', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/search/query',
      payload: { q: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('answer', () => {
  it('highlights matches in an escaped snippet', async () => {
    const res = await search(alice.token, { q: 'quokka' });
    const item = res.json().data.items[0];
    expect(item.id).toBe(r.script);
    expect(item.snippet).toContain('<mark>quokka</mark>');
    expect(item.snippet).toContain('&lt;/script&gt;');
    expect(item.snippet).toContain('&quot;xss&quot;');
    expect(item.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(item).toMatchObject({
      object_type: 'C',
      title: 'Sanitised body',
      status_name: 'Published',
      hd_name: 'Knowledge base',
    });
  });

  it('filters by status, help desk, category (with descendants) and dates', async () => {
    const a = await record({ type: 'C', title: 'Dingo one', owner: alice.id, hd: 7 });
    const b = await record({
      type: 'C',
      title: 'Dingo two',
      owner: alice.id,
      status: 6,
      created: '2020-05-05T10:00:00Z',
    });
    await env.db.query('INSERT INTO record_categories VALUES ($1, 14)', [a]); // Network > VPN
    expect(await ids(alice.token, { q: 'dingo', filters: { hd_id: 7 } })).toEqual([a]);
    expect(await ids(alice.token, { q: 'dingo', filters: { status_id: 6 } })).toEqual([b]);
    expect(await ids(alice.token, { q: 'dingo', filters: { category_id: 13 } })).toEqual([a]);
    expect(await ids(alice.token, { q: 'dingo', filters: { category_id: 1 } })).toEqual([]);
    expect(
      await ids(alice.token, {
        q: 'dingo',
        filters: { created_from: '2020-05-05', created_to: '2020-05-05' },
      }),
    ).toEqual([b]);
  });

  it('pages and counts', async () => {
    for (let i = 0; i < 3; i++) {
      await record({ type: 'C', title: `Emu page ${i}`, owner: alice.id });
    }
    const res = await search(alice.token, { q: 'emu', page: 2, page_size: 2 });
    expect(res.json().data).toMatchObject({
      total: 3,
      total_is_capped: false,
      page: 2,
      page_size: 2,
    });
    expect(res.json().data.items).toHaveLength(1);
    // Past the last match: no rows, and still the count.
    const past = await search(alice.token, { q: 'emu', page: 3, page_size: 2 });
    expect(past.json().data).toMatchObject({ items: [], total: 3, total_is_capped: false });
  });

  it('counts up to 1,000 and then says there are more', async () => {
    await env.db.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, content_type_id,
                            searchable)
       SELECT 'C', 'Wombat note ' || i, '<p>x</p>', $1, 5, 7, 1, true FROM generate_series(1, $2) i`,
      [alice.id, 1001],
    );
    const res = await search(bob.token, { q: 'wombat', page: 1, page_size: 5 });
    expect(res.json().data).toMatchObject({ total: 1000, total_is_capped: true });
    expect(res.json().data.items).toHaveLength(5);
    await env.db.query(`DELETE FROM records WHERE title = 'Wombat note 1'`);
    const exact = await search(bob.token, { q: 'wombat', page: 200, page_size: 5 });
    expect(exact.json().data).toMatchObject({ total: 1000, total_is_capped: false });
    expect(exact.json().data.items).toHaveLength(5);
  });

  it('answers 400 with the exact messages', async () => {
    for (const q of ['', '   ']) {
      const res = await search(alice.token, { q });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ q: 'Type something to search for.' });
    }
    const missing = await search(alice.token, {});
    expect(missing.json().fields).toEqual({ q: 'Type something to search for.' });
    const long = await search(alice.token, { q: 'a'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ q: 'Search text must be at most 200 characters.' });
    expect((await search(alice.token, { q: ` ${'a'.repeat(200)} ` })).statusCode).toBe(200);
    const bad = await search(alice.token, { q: 'x', type: 'X', filters: { created_from: 'no' } });
    expect(bad.json().fields).toEqual({
      type: 'Type must be T or C.',
      'filters.created_from': 'Created from must be a date (YYYY-MM-DD).',
    });
  });
});
