// Suggestions while a ticket is typed: visibility (public to everyone, readable ones to the
// signed-in caller, nothing else), five at most, the per-address limit, views and deflections
// written in batches, the articles viewed before raising (agents only) and the article sent in a
// message.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, raiseTicket, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let agent: { id: number; token: string };

async function person(fullname: string, hde = false) {
  const u = await createUser(env, { fullname, hde });
  return { id: u.id, token: await tokenFor(env, u.email, u.password) };
}

async function article(a: {
  title: string;
  owner: number;
  isPublic?: boolean;
  searchable?: boolean;
  draft?: boolean;
  status?: number;
}): Promise<number> {
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, content_type_id,
                          searchable, is_draft, is_public)
     VALUES ('C', $1, '<p>How to fix it.</p>', $2, 5, $3, 1, $4, $5, $6) RETURNING id`,
    [a.title, a.owner, a.status ?? 7, a.searchable ?? false, a.draft ?? false, a.isPublic ?? false],
  );
  return Number(rows[0].id);
}

async function suggestions(q: string, token?: string, ip?: string) {
  return env.app.inject({
    method: 'GET',
    url: `/api/suggestions?q=${encodeURIComponent(q)}`,
    headers: token ? auth(token) : {},
    remoteAddress: ip,
  });
}

async function suggestedIds(q: string, token?: string): Promise<number[]> {
  const res = await suggestions(q, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((s) => s.id);
}

const a: Record<string, number> = {};

beforeAll(async () => {
  // A long flush interval: the batch test flushes by closing, so nothing is written before.
  env = await startTestEnv({ suggestionCountsFlushMs: 3_600_000, suggestionsPerMinute: 1000 });
  alice = await person('Alice Suggest');
  bob = await person('Bob Suggest');
  agent = await person('Agent Suggest', true);
  a.public = await article({ title: 'Zebraprinter offline fix', owner: agent.id, isPublic: true });
  a.privateOne = await article({ title: 'Zebraprinter private notes', owner: agent.id });
  a.signedIn = await article({
    title: 'Zebraprinter drivers for staff',
    owner: agent.id,
    searchable: true,
  });
  a.publicDraft = await article({
    title: 'Zebraprinter draft',
    owner: agent.id,
    isPublic: true,
    draft: true,
  });
  a.publicUnpublished = await article({
    title: 'Zebraprinter in review',
    owner: agent.id,
    isPublic: true,
    status: 6,
  });
  a.alicesOwn = await article({ title: 'Zebraprinter Alice own', owner: alice.id });
  for (let i = 0; i < 7; i++) {
    await article({ title: `Quokkaphone guide ${i}`, owner: agent.id, isPublic: true });
  }
}, 180_000);

afterAll(async () => {
  await env?.close();
});

describe('GET suggestions', () => {
  it('suggests only public, published, non-draft articles to an anonymous caller', async () => {
    const ids = await suggestedIds('zebraprinter');
    expect(ids).toEqual([a.public]);
    const res = await suggestions('zebraprint');
    expect(res.json().data[0]).toMatchObject({
      id: a.public,
      title: 'Zebraprinter offline fix',
      public: true,
      url: `/help/articles/${a.public}`,
    });
  });

  it('also suggests the articles a signed-in user may read, never others', async () => {
    const ids = await suggestedIds('zebraprinter', alice.token);
    expect(ids.sort()).toEqual([a.public, a.signedIn, a.alicesOwn].sort());
    const bobs = await suggestedIds('zebraprinter', bob.token);
    expect(bobs.sort()).toEqual([a.public, a.signedIn].sort());
    const res = await suggestions('zebraprinter drivers', alice.token);
    expect(res.json().data[0]).toMatchObject({ id: a.signedIn, public: false });
    expect(res.json().data[0].url).toBe(`/read-only/details?contentId=${a.signedIn}`);
  });

  it('suggests from a sentence with words no article holds, whole matches first', async () => {
    // "cannot", "print" and "morning" are in no article: the search's all-words rule found none.
    expect(await suggestedIds('My zebraprinter cannot print this morning ')).toEqual([a.public]);
    const ids = await suggestedIds('Zebraprinter drivers cannot be installed', alice.token);
    expect(ids[0]).toBe(a.signedIn);
    expect(ids.sort()).toEqual([a.public, a.signedIn, a.alicesOwn].sort());
    // Still only what the caller may be suggested, and nothing for words no article holds.
    expect(await suggestedIds('private zebraprinter notes please ')).toEqual([a.public]);
    expect(await suggestedIds('nothing here matches anything ')).toEqual([]);
  });

  it('answers five at most', async () => {
    expect(await suggestedIds('quokkaphone')).toHaveLength(5);
  });

  it('answers nothing for text without words and 400 for a too long text', async () => {
    expect(await suggestedIds('  ?! ')).toEqual([]);
    const res = await suggestions('x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.q).toBe('Search text must be at most 200 characters.');
  });
});

describe('the side panel', () => {
  it('opens a public article for anyone, a private one for nobody anonymous (404)', async () => {
    const session = randomUUID();
    const open = (id: number, token?: string) =>
      env.app.inject({
        method: 'POST',
        url: `/api/suggestions/articles/${id}/view`,
        headers: token ? auth(token) : {},
        payload: { session_id: session },
      });
    const ok = await open(a.public);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Zebraprinter offline fix', public: true });
    const hidden = await open(a.signedIn);
    const missing = await open(99999999);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect((await open(a.privateOne)).statusCode).toBe(404);
    expect((await open(a.signedIn, bob.token)).statusCode).toBe(200);
  });
});

describe('viewed before raising', () => {
  it('stores the viewed articles with the ticket and shows them to agents only', async () => {
    const session = randomUUID();
    const view = await env.app.inject({
      method: 'POST',
      url: `/api/suggestions/articles/${a.public}/view`,
      headers: auth(alice.token),
      payload: { session_id: session },
    });
    expect(view.statusCode).toBe(200);
    const ticket = await raiseTicket(env.app, alice.token, { subject: 'Zebraprinter offline' });
    // Bob may not attach a session to Alice's ticket.
    const foreign = await env.app.inject({
      method: 'POST',
      url: '/api/suggestions/raised',
      headers: auth(bob.token),
      payload: { session_id: session, ticket_id: ticket },
    });
    expect(foreign.statusCode).toBe(404);
    const raised = await env.app.inject({
      method: 'POST',
      url: '/api/suggestions/raised',
      headers: auth(alice.token),
      payload: { session_id: session, ticket_id: ticket },
    });
    expect(raised.json().data).toEqual({ attached: 1 });

    const viewed = (token: string) =>
      env.app.inject({
        method: 'GET',
        url: `/api/suggestions/tickets/${ticket}/viewed`,
        headers: auth(token),
      });
    const forAgent = await viewed(agent.token);
    expect(forAgent.statusCode).toBe(200);
    expect(forAgent.json().data).toMatchObject([
      { id: a.public, title: 'Zebraprinter offline fix' },
    ]);
    expect((await viewed(alice.token)).statusCode).toBe(403);
    expect((await viewed(bob.token)).statusCode).toBe(403);

    // A raised session is no deflection.
    const deflect = await env.app.inject({
      method: 'POST',
      url: '/api/suggestions/deflections',
      payload: { session_id: session },
    });
    expect(deflect.json().data).toEqual({ counted: 0 });
  });
});

describe('answering with articles', () => {
  it('records the article sent in a message, for agents', async () => {
    const ticket = await raiseTicket(env.app, alice.token, { subject: 'Printer again' });
    const sent = await env.app.inject({
      method: 'POST',
      url: `/api/ticket/${ticket}/communication/`,
      headers: auth(agent.token),
      payload: { body: `<p>See /help/articles/${a.public}</p>` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId = sent.json().data.id as number;
    const mark = (token: string, articleId: number) =>
      env.app.inject({
        method: 'PUT',
        url: `/api/suggestions/messages/${messageId}/article`,
        headers: auth(token),
        payload: { article_id: articleId },
      });
    expect((await mark(alice.token, a.public)).statusCode).toBe(403);
    const marked = await mark(agent.token, a.public);
    expect(marked.json().data).toEqual({
      message_id: messageId,
      article_id: a.public,
      title: 'Zebraprinter offline fix',
    });
    const list = await env.app.inject({
      method: 'GET',
      url: `/api/suggestions/records/${ticket}/sent`,
      headers: auth(agent.token),
    });
    expect(list.json().data).toEqual([
      { message_id: messageId, article_id: a.public, title: 'Zebraprinter offline fix' },
    ]);
  });
});

describe('the per-address limit', () => {
  it('answers 429 with Retry-After to a burst from one address', async () => {
    // The limit of this environment is 1000 a minute; text without words costs no query.
    const get = (ip: string) =>
      env.app.inject({ method: 'GET', url: '/api/suggestions?q=%3F', remoteAddress: ip });
    for (let i = 0; i < 1000; i++) {
      const res = await get('10.1.1.1');
      if (res.statusCode !== 200) throw new Error(`call ${i}: ${res.statusCode}`);
    }
    const refused = await get('10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe('Too many requests. Try again later.');
    expect((await get('10.1.1.2')).statusCode).toBe(200);
  });
});

describe('views and deflections', () => {
  it('appear in the agents’ statistics', async () => {
    await env.db.query(
      `INSERT INTO article_daily_stats (record_id, day, views, helpful, unhelpful, deflections)
       VALUES ($1, current_date, 4, 2, 1, 3)`,
      [a.public],
    );
    const res = await env.app.inject({
      method: 'GET',
      url: '/api/suggestions/stats?days=7',
      headers: auth(agent.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.days).toHaveLength(7);
    expect(data.days[6]).toMatchObject({ views: 4, helpful: 2, unhelpful: 1, deflections: 3 });
    expect(data.articles[0]).toMatchObject({ id: a.public, views: 4, deflections: 3 });
    const user = await env.app.inject({
      method: 'GET',
      url: '/api/suggestions/stats',
      headers: auth(alice.token),
    });
    expect(user.statusCode).toBe(403);
  });

  // Last: it stops the app (the buffer is written at shutdown).
  it('are counted once per session and written in one batch, not per event', async () => {
    const id = await article({ title: 'Wombatrouter reset', owner: agent.id, isPublic: true });
    const sessions = [randomUUID(), randomUUID(), randomUUID()];
    const post = (url: string, session_id: string) =>
      env.app.inject({ method: 'POST', url, payload: { session_id } });
    for (const session of sessions) {
      for (let i = 0; i < 2; i++) await post(`/api/suggestions/articles/${id}/view`, session);
      const first = await post('/api/suggestions/deflections', session);
      expect(first.json().data).toEqual({ counted: 1 });
      const again = await post('/api/suggestions/deflections', session);
      expect(again.json().data).toEqual({ counted: 0 });
    }
    const stats = () =>
      env.db.query(`SELECT views, deflections FROM article_daily_stats WHERE record_id = $1`, [id]);
    // Buffered: nothing written yet.
    expect((await stats()).rows).toEqual([]);
    await env.app.close();
    expect((await stats()).rows).toEqual([{ views: 3, deflections: 3 }]);
  });
});
