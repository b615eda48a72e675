// Relations: finding records to relate (only readable ones, no drafts) and related lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  makeSearchable,
  NOT_FOUND,
  newRecord,
  person,
  READ_ONLY,
  share,
  type Person,
} from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Rel');
  bob = await person(env, 'Bob Rel');
  agent = await person(env, 'Agent Rel', true);
});
afterAll(() => env.close());

describe('search/ticket/by-subject and subject-by-id', () => {
  it('finds only tickets the caller may read, never drafts, up to 10', async () => {
    const own = await newRecord(env, 'ticket', alice.token, { subject: 'Printer zebra jam' });
    const sharedToAlice = await newRecord(env, 'ticket', bob.token, { subject: 'Zebra shared' });
    await share(env, sharedToAlice.id, alice.id);
    const hidden = await newRecord(env, 'ticket', bob.token, { subject: 'Zebra hidden' });
    await newRecord(env, 'ticket', alice.token, { subject: 'Zebra draft', is_draft: true });
    const search = (token: string, body: object) =>
      call('POST', '/api/search/ticket/by-subject', token, body);

    const res = await search(alice.token, { text: 'ZEBRA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: sharedToAlice.id, subject: 'Zebra shared' },
      { id: own.id, subject: 'Printer zebra jam' },
    ]);
    const excluded = await search(alice.token, { text: 'zebra', exclude_id: own.id });
    expect(excluded.json().data).toEqual([{ id: sharedToAlice.id, subject: 'Zebra shared' }]);
    const byAgent = await search(agent.token, { text: 'zebra' });
    expect(byAgent.json().data.map((r: { id: number }) => r.id)).toEqual([
      hidden.id,
      sharedToAlice.id,
      own.id,
    ]);
    expect((await search(alice.token, { text: '  ' })).json().data).toEqual([]);
    for (let i = 0; i < 11; i++) {
      await newRecord(env, 'ticket', alice.token, { subject: `Many quokka ${i}` });
    }
    expect((await search(alice.token, { text: 'quokka' })).json().data).toHaveLength(10);

    const bad = await search(alice.token, { exclude_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['exclude_id', 'text']);
    expect((await search('', { text: 'zebra' })).statusCode).toBe(401);

    const one = await call('GET', `/api/search/ticket/subject-by-id/${own.id}`, alice.token);
    expect(one.json().data).toEqual({ id: own.id, subject: 'Printer zebra jam' });
    const notMine = await call('GET', `/api/search/ticket/subject-by-id/${hidden.id}`, alice.token);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(NOT_FOUND);
    const badId = await call('GET', '/api/search/ticket/subject-by-id/x', alice.token);
    expect(badId.statusCode).toBe(400);
    expect((await call('GET', `/api/search/ticket/subject-by-id/${own.id}`)).statusCode).toBe(401);
  });
});

describe('search/content/by-title and title-by-id', () => {
  it('finds own and searchable content', async () => {
    const own = await newRecord(env, 'content', alice.token, { title: 'Wombat guide' });
    const published = await newRecord(env, 'content', bob.token, { title: 'Wombat FAQ' });
    await makeSearchable(env, published.id);
    await newRecord(env, 'content', bob.token, { title: 'Wombat private' });
    const res = await call('POST', '/api/search/content/by-title', alice.token, {
      text: 'wombat',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: published.id, title: 'Wombat FAQ' },
      { id: own.id, title: 'Wombat guide' },
    ]);
    const one = await call('GET', `/api/search/content/title-by-id/${published.id}`, alice.token);
    expect(one.json().data).toEqual({ id: published.id, title: 'Wombat FAQ' });
    // A ticket id is not a content item.
    const ticket = await newRecord(env, 'ticket', alice.token);
    const wrongKind = await call(
      'GET',
      `/api/search/content/title-by-id/${ticket.id}`,
      alice.token,
    );
    expect(wrongKind.statusCode).toBe(404);
    const bad = await call('POST', '/api/search/content/by-title', alice.token, {});
    expect(bad.json().fields).toEqual({ text: 'Type some text to search for.' });
    expect((await call('POST', '/api/search/content/by-title', '', { text: 'a' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET/POST/DELETE {kind}/{id}/related/', () => {
  it('relates two records both ways, with events on both; duplicates just answer the list', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Laptop broken' });
    const c = await newRecord(env, 'content', alice.token, { title: 'Laptop repair guide' });
    const post = await call('POST', `/api/ticket/${t.id}/related/`, alice.token, {
      related_id: c.id,
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().data).toEqual([
      {
        id: c.id,
        object_type: 'C',
        title: 'Laptop repair guide',
        status_name: 'In review',
        status_closed: false,
        link: 'related',
      },
    ]);
    const again = await call('POST', `/api/ticket/${t.id}/related/`, alice.token, {
      related_id: c.id,
    });
    expect(again.json().data).toEqual(post.json().data);
    const fromContent = await call('GET', `/api/content/${c.id}/related/`, alice.token);
    expect(fromContent.json().data).toEqual([
      {
        id: t.id,
        object_type: 'T',
        title: 'Laptop broken',
        status_name: 'New',
        status_closed: false,
        link: 'related',
      },
    ]);
    const events = async (kind: string, id: number) =>
      (await call('GET', `/api/${kind}/${id}/history/`, alice.token))
        .json()
        .data.filter((e: { action: string }) => e.action.endsWith('related'));
    expect(await events('ticket', t.id)).toMatchObject([
      { action: 'related', details: { title: 'Laptop repair guide' } },
    ]);
    expect(await events('content', c.id)).toMatchObject([
      { action: 'related', details: { title: 'Laptop broken' } },
    ]);

    const del = await call('DELETE', `/api/content/${c.id}/related/${t.id}`, agent.token);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual([]);
    expect((await call('GET', `/api/ticket/${t.id}/related/`, alice.token)).json().data).toEqual(
      [],
    );
    expect((await events('ticket', t.id))[0]).toMatchObject({
      action: 'unrelated',
      actor_name: 'Agent Rel',
      details: { title: 'Laptop repair guide' },
    });
    expect((await events('content', c.id))[0]).toMatchObject({
      action: 'unrelated',
      details: { title: 'Laptop broken' },
    });
  });

  it('lists only related records the caller may read', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Shared with Bob' });
    const mine = await newRecord(env, 'ticket', alice.token, { subject: 'Alice only' });
    await call('POST', `/api/ticket/${t.id}/related/`, alice.token, { related_id: mine.id });
    await share(env, t.id, bob.id);
    const res = await call('GET', `/api/ticket/${t.id}/related/`, bob.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.body).not.toContain('Alice only');
  });

  it('answers 400 (self, bad ids), 403 (shared, reader), 404 (others, unreadable), 401', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    const bobs = await newRecord(env, 'ticket', bob.token);
    const url = `/api/ticket/${t.id}/related/`;
    const self = await call('POST', url, alice.token, { related_id: t.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ related_id: 'A record cannot be related to itself.' });
    const missing = await call('POST', url, alice.token, {});
    expect(missing.json().fields).toEqual({ related_id: 'Choose a record to relate.' });
    const unreadable = await call('POST', url, alice.token, { related_id: bobs.id });
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json().message).toBe(NOT_FOUND);
    const unreadableDelete = await call('DELETE', `${url}${bobs.id}`, alice.token);
    expect(unreadableDelete.statusCode).toBe(404);
    expect((await call('DELETE', `${url}x`, alice.token)).statusCode).toBe(400);

    const other = await newRecord(env, 'ticket', alice.token);
    for (const [method, u, payload] of [
      ['GET', url, undefined],
      ['POST', url, { related_id: other.id }],
      ['DELETE', `${url}${other.id}`, undefined],
    ] as const) {
      const res = await call(method, u, bob.token, payload);
      expect(res.statusCode).toBe(404);
      expect((await call(method, u, undefined, payload)).statusCode).toBe(401);
    }
    await share(env, t.id, bob.id);
    const shared = await call('POST', url, bob.token, { related_id: bobs.id });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().message).toBe(READ_ONLY);
    expect((await call('DELETE', `${url}${other.id}`, bob.token)).statusCode).toBe(403);

    const c = await newRecord(env, 'content', alice.token);
    await makeSearchable(env, c.id);
    const reader = await call('POST', `/api/content/${c.id}/related/`, bob.token, {
      related_id: bobs.id,
    });
    expect(reader.statusCode).toBe(403);
    // Readers of searchable content read its related records with it (the read-only page).
    expect((await call('GET', `/api/content/${c.id}/related/`, bob.token)).statusCode).toBe(200);
  });
});

describe('typed links: parent/child and duplicate-of', () => {
  const links = async (kind: string, id: number, token: string) =>
    (await call('GET', `/api/${kind}/${id}/related/`, token))
      .json()
      .data.map((r: { id: number; link: string }) => [r.id, r.link]);

  it('shows each side its inverse, with history, and plain relating keeps the type', async () => {
    const parent = await newRecord(env, 'ticket', agent.token, { subject: 'Office move' });
    const child = await newRecord(env, 'ticket', agent.token, { subject: 'Move printers' });
    const dup = await newRecord(env, 'ticket', agent.token, { subject: 'Printers moving?' });
    const link = (id: number, body: object) =>
      call('POST', `/api/ticket/${id}/related/`, agent.token, body);

    expect((await link(parent.id, { related_id: child.id, link: 'parent_of' })).statusCode).toBe(
      200,
    );
    expect((await link(dup.id, { related_id: child.id, link: 'duplicate_of' })).statusCode).toBe(
      200,
    );
    expect(await links('ticket', parent.id, agent.token)).toEqual([[child.id, 'parent_of']]);
    expect(await links('ticket', child.id, agent.token)).toEqual([
      [parent.id, 'child_of'],
      [dup.id, 'has_duplicate'],
    ]);
    expect(await links('ticket', dup.id, agent.token)).toEqual([[child.id, 'duplicate_of']]);
    // Plain relating again leaves the type; giving one changes it.
    await link(child.id, { related_id: parent.id });
    expect(await links('ticket', parent.id, agent.token)).toEqual([[child.id, 'parent_of']]);
    await link(child.id, { related_id: dup.id, link: 'related' });
    expect(await links('ticket', dup.id, agent.token)).toEqual([[child.id, 'related']]);

    const history = await call('GET', `/api/ticket/${child.id}/history/`, agent.token);
    expect(history.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'related',
          details: { title: 'Office move', link: 'child_of' },
        }),
      ]),
    );
  });

  it('refuses a loop of parents (409) and an unknown type (400)', async () => {
    const a = await newRecord(env, 'ticket', agent.token, { subject: 'Loop A' });
    const b = await newRecord(env, 'ticket', agent.token, { subject: 'Loop B' });
    const c = await newRecord(env, 'ticket', agent.token, { subject: 'Loop C' });
    const link = (id: number, body: object) =>
      call('POST', `/api/ticket/${id}/related/`, agent.token, body);
    await link(a.id, { related_id: b.id, link: 'parent_of' });
    await link(b.id, { related_id: c.id, link: 'parent_of' });
    const loop = await link(c.id, { related_id: a.id, link: 'parent_of' });
    expect(loop.statusCode).toBe(409);
    expect(loop.json().message).toBe(
      'This link would make a record its own parent: parent links cannot form a loop.',
    );
    const alsoLoop = await link(a.id, { related_id: c.id, link: 'child_of' });
    expect(alsoLoop.statusCode).toBe(409);
    // Turning a's link to b around is no loop: that link is the one replaced.
    expect((await link(b.id, { related_id: a.id, link: 'parent_of' })).statusCode).toBe(200);
    const bad = await link(a.id, { related_id: b.id, link: 'sibling_of' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.link).toBe(
      'Choose a link type: related, parent_of, child_of, duplicate_of or has_duplicate.',
    );
  });

  it('PUT with solve_children gives open children the closed status in the same change', async () => {
    const parent = await newRecord(env, 'ticket', agent.token, { subject: 'Outage' });
    const open1 = await newRecord(env, 'ticket', alice.token, { subject: 'Outage here' });
    const open2 = await newRecord(env, 'ticket', bob.token, { subject: 'Outage there' });
    const done = await newRecord(env, 'ticket', agent.token, { subject: 'Outage done' });
    for (const c of [open1, open2, done]) {
      await call('POST', `/api/ticket/${parent.id}/related/`, agent.token, {
        related_id: c.id,
        link: 'parent_of',
      });
    }
    await env.db.query('UPDATE records SET status_id = 5 WHERE id = $1', [done.id]);
    const put = (id: number, body: object) => call('PUT', `/api/ticket/${id}/`, agent.token, body);
    const status = async (id: number) =>
      (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data.status_name;

    // Without the flag the children stay as they are.
    const res = await put(parent.id, { version: parent.version, status_id: 4 });
    expect(res.statusCode).toBe(200);
    expect(await status(open1.id)).toBe('New');
    const reopened = await put(parent.id, { version: res.json().data.version, status_id: 2 });
    const solved = await put(parent.id, {
      version: reopened.json().data.version,
      status_id: 4,
      solve_children: true,
    });
    expect(solved.statusCode).toBe(200);
    expect(await status(open1.id)).toBe('Resolved');
    expect(await status(open2.id)).toBe('Resolved');
    expect(await status(done.id)).toBe('Closed');
    const history = await call('GET', `/api/ticket/${open2.id}/history/`, agent.token);
    expect(history.json().data[0]).toMatchObject({
      action: 'status_changed',
      actor_id: agent.id,
      details: { from: 'New', to: 'Resolved' },
    });
    const bad = await put(parent.id, { version: solved.json().data.version, solve_children: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.solve_children).toBe('Solve children must be true or false.');
  });
});
