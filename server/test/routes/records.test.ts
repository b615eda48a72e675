// Tickets and content items: create, read, edit (versions), discard drafts, who sees what.
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

beforeAll(async () => {
  env = await startTestEnv();
  alice = await person('Alice Test');
  bob = await person('Bob Test');
  agent = await person('Agent Test', true);
});
afterAll(() => env.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) {
  return env.app.inject({ method, url, headers: token ? auth(token) : {}, payload });
}

const ticketInput = {
  subject: 'VPN drops every hour',
  description: '<p>Since Monday the VPN drops.</p>',
  priority_id: 2,
  company_id: 1,
  is_draft: false,
};
const contentInput = {
  title: 'How to reset your VPN token',
  body: '<p>Open the portal.</p>',
  content_type_id: 1,
  is_draft: false,
};

async function newTicket(token: string, extra: object = {}) {
  const res = await call('POST', '/api/ticket/', token, { ...ticketInput, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function newContent(token: string, extra: object = {}) {
  const res = await call('POST', '/api/content/', token, { ...contentInput, ...extra });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('POST ticket/', () => {
  it('creates a ticket in the default help desk with status New', async () => {
    const res = await call('POST', '/api/ticket/', alice.token, ticketInput);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data).toEqual({
      id: expect.any(Number),
      object_type: 'T',
      subject: 'VPN drops every hour',
      description: '<p>Since Monday the VPN drops.</p>',
      priority_id: 2,
      priority_name: 'Normal',
      company_id: 1,
      company_name: 'Acme Corp',
      hd_id: 1,
      hd_name: 'IT Support',
      status_id: 1,
      status_name: 'New',
      requester_id: alice.id,
      requester_name: 'Alice Test',
      assignee_id: null,
      assignee_name: null,
      is_draft: false,
      channel: 'web',
      version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
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
  });

  it('takes a chosen help desk and saves a draft with only a subject', async () => {
    const t = await newTicket(alice.token, { hd_id: 3 });
    expect(t).toMatchObject({ hd_id: 3, hd_name: 'Network' });
    const draft = await newTicket(alice.token, {
      subject: 'Half-written',
      description: '',
      priority_id: null,
      company_id: undefined,
      is_draft: true,
    });
    expect(draft).toMatchObject({ is_draft: true, priority_id: null, description: '' });
  });

  it('answers 400 with a message per field', async () => {
    const res = await call('POST', '/api/ticket/', alice.token, {
      subject: '   ',
      description: 'x',
      priority_id: 'high',
      hd_id: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      subject: 'Subject is required.',
      priority_id: 'Choose a priority.',
      hd_id: 'Choose a help desk.',
    });
    const long = await call('POST', '/api/ticket/', alice.token, {
      ...ticketInput,
      subject: 'x'.repeat(201),
    });
    expect(long.json().fields).toEqual({ subject: 'Subject must be at most 200 characters.' });
    const missing = await call('POST', '/api/ticket/', alice.token, {});
    expect(missing.json().fields).toEqual({ subject: 'Subject is required.' });
  });

  it('needs a description with text and a priority unless it is a draft', async () => {
    const res = await call('POST', '/api/ticket/', alice.token, {
      subject: 'Printer',
      description: '<p><br></p>',
      is_draft: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      description: 'Description is required.',
      priority_id: 'Choose a priority.',
    });
    const scriptOnly = await call('POST', '/api/ticket/', alice.token, {
      ...ticketInput,
      description: '<script>alert(1)</script>',
    });
    expect(scriptOnly.json().fields).toEqual({ description: 'Description is required.' });
    const tooLong = await call('POST', '/api/ticket/', alice.token, {
      ...ticketInput,
      description: 'x'.repeat(100_001),
    });
    expect(tooLong.json().fields).toEqual({
      description: 'Description must be at most 100,000 characters.',
    });
  });

  it('answers 400 on the field for unknown ids (not 500)', async () => {
    for (const [field, value, message] of [
      ['priority_id', 99, 'Choose a priority.'],
      ['company_id', 999, 'Choose a company.'],
      ['hd_id', 9999, 'Choose a help desk.'],
      ['hd_id', 5, 'Choose a help desk.'], // a content help desk
    ] as const) {
      const res = await call('POST', '/api/ticket/', alice.token, {
        ...ticketInput,
        [field]: value,
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().fields).toEqual({ [field]: message });
    }
  });

  it('sanitises the description: no script, event handlers or javascript: links', async () => {
    const t = await newTicket(alice.token, {
      description:
        '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script>' +
        '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a> ' +
        '<a href="https://example.com" target="_blank">good</a></p><iframe src="https://x"></iframe>',
    });
    expect(t.description).toBe(
      '<p>Hi <strong>there</strong><a>bad</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
    const read = await call('GET', `/api/ticket/${t.id}/`, alice.token);
    expect(read.json().data.description).toBe(t.description);
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/api/ticket/', undefined, ticketInput)).statusCode).toBe(401);
  });
});

describe('POST content/', () => {
  it('creates a content item in the Knowledge base, In review', async () => {
    const res = await call('POST', '/api/content/', alice.token, contentInput);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      object_type: 'C',
      title: 'How to reset your VPN token',
      body: '<p>Open the portal.</p>',
      content_type_id: 1,
      content_type_name: 'How-to',
      hd_id: 5,
      hd_name: 'Knowledge base',
      status_id: 6,
      status_name: 'In review',
      author_id: alice.id,
      author_name: 'Alice Test',
      searchable: false,
      is_public: false,
      is_draft: false,
      channel: 'web',
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      access: 'owner',
      shared_with_me: false,
      following: true,
      tags: [],
      fields: {},
    });
  });

  it('answers 400 with field messages', async () => {
    const res = await call('POST', '/api/content/', alice.token, {
      title: '',
      body: '',
      content_type_id: 77,
      hd_id: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ title: 'Title is required.' });
    const submitted = await call('POST', '/api/content/', alice.token, {
      title: 'Article',
      body: '<p> </p>',
    });
    expect(submitted.json().fields).toEqual({
      body: 'Body is required.',
      content_type_id: 'Choose a content type.',
    });
    const wrongHd = await call('POST', '/api/content/', alice.token, { ...contentInput, hd_id: 1 });
    expect(wrongHd.json().fields).toEqual({ hd_id: 'Choose a help desk.' });
    const unknownType = await call('POST', '/api/content/', alice.token, {
      ...contentInput,
      content_type_id: 77,
    });
    expect(unknownType.json().fields).toEqual({ content_type_id: 'Choose a content type.' });
    expect((await call('POST', '/api/content/', undefined, contentInput)).statusCode).toBe(401);
  });
});

describe('GET ticket/{id}/ and content/{id}/', () => {
  it('shows the owner their record and an agent every record', async () => {
    const t = await newTicket(alice.token);
    const asAgent = { access: 'agent', following: false };
    for (const [token, seen] of [
      [alice.token, t],
      [agent.token, { ...t, ...asAgent }],
    ]) {
      const res = await call('GET', `/api/ticket/${t.id}/`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(seen);
    }
    const c = await newContent(alice.token);
    expect((await call('GET', `/api/content/${c.id}`, agent.token)).json().data).toEqual({
      ...c,
      ...asAgent,
    });
  });

  it("answers 404 for another user's record exactly as for a missing one", async () => {
    const t = await newTicket(alice.token);
    const c = await newContent(alice.token);
    const other = await call('GET', `/api/ticket/${t.id}/`, bob.token);
    const missing = await call('GET', '/api/ticket/999999999/', bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Sorry! the data you are looking for could not be found',
    });
    expect((await call('GET', `/api/content/${c.id}/`, bob.token)).statusCode).toBe(404);
    // The id of a ticket is not a content item.
    expect((await call('GET', `/api/content/${t.id}/`, alice.token)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await call('GET', '/api/ticket/abc/', alice.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/ticket/1/')).statusCode).toBe(401);
  });

  it('never carries an email address', async () => {
    const t = await newTicket(alice.token);
    const res = await call('GET', `/api/ticket/${t.id}/`, agent.token);
    expect(res.body).not.toMatch(/@|email|password/);
  });
});

describe('PUT ticket/{id}/', () => {
  it('edits fields, increments version and updated_at', async () => {
    const t = await newTicket(alice.token);
    const res = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      subject: 'VPN drops every 30 minutes',
      priority_id: 3,
      company_id: null,
      hd_id: 3,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      subject: 'VPN drops every 30 minutes',
      description: t.description,
      priority_id: 3,
      priority_name: 'High',
      company_id: null,
      company_name: null,
      hd_id: 3,
      version: 2,
      created_at: t.created_at,
    });
    expect(data.updated_at > t.updated_at).toBe(true);
  });

  it('answers 409 with the current record for a stale version; nothing is overwritten', async () => {
    const t = await newTicket(alice.token);
    const first = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: 1,
      subject: 'Agent edit',
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      subject: 'Alice edit',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Someone else changed this record. The current version is shown.',
      current: { ...first.json().data, access: 'owner', following: true },
    });
    const read = await call('GET', `/api/ticket/${t.id}/`, alice.token);
    expect(read.json().data.subject).toBe('Agent edit');
  });

  it("answers 404 for another user's record, as for a missing one", async () => {
    const t = await newTicket(alice.token);
    const other = await call('PUT', `/api/ticket/${t.id}/`, bob.token, {
      version: 1,
      subject: 'x',
    });
    const missing = await call('PUT', '/api/ticket/999999999/', bob.token, {
      version: 1,
      subject: 'x',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    // Even when the body also asks for something forbidden.
    const status = await call('PUT', `/api/ticket/${t.id}/`, bob.token, {
      version: 1,
      status_id: 3,
    });
    expect(status.statusCode).toBe(404);
  });

  it('answers 400 with field messages', async () => {
    const t = await newTicket(alice.token);
    const res = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      subject: '',
      priority_id: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      version: 'Version is required.',
      subject: 'Subject is required.',
      priority_id: 'Choose a priority.',
    });
    const unknown = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: 1,
      status_id: 7, // a content status
    });
    expect(unknown.json().fields).toEqual({ status_id: 'Choose a status.' });
    const cleared = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      description: '<p></p>',
      priority_id: null,
    });
    expect(cleared.json().fields).toEqual({
      description: 'Description is required.',
      priority_id: 'Choose a priority.',
    });
    expect((await call('PUT', `/api/ticket/${t.id}/`, undefined, { version: 1 })).statusCode).toBe(
      401,
    );
  });

  it('lets agents change the status; regular users only close or reopen their own ticket', async () => {
    const t = await newTicket(alice.token);
    const pending = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      status_id: 3,
    });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe('Only helpdesk agents can change the status.');
    // Sending the unchanged status is not a change.
    const same = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      status_id: 1,
      subject: 'Same status',
    });
    expect(same.statusCode).toBe(200);
    const closed = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 2,
      status_id: 5,
    });
    expect(closed.json().data).toMatchObject({ status_id: 5, status_name: 'Closed', version: 3 });
    const reopened = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 3,
      status_id: 2,
    });
    expect(reopened.json().data).toMatchObject({ status_name: 'Open' });
    const byAgent = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: 4,
      status_id: 3,
    });
    expect(byAgent.json().data).toMatchObject({ status_name: 'Pending', version: 5 });
  });

  it('turns a draft into a submitted ticket, never the reverse', async () => {
    const draft = await newTicket(alice.token, {
      is_draft: true,
      description: '',
      priority_id: null,
    });
    const incomplete = await call('PUT', `/api/ticket/${draft.id}/`, alice.token, {
      version: 1,
      is_draft: false,
    });
    expect(incomplete.json().fields).toEqual({
      description: 'Description is required.',
      priority_id: 'Choose a priority.',
    });
    const submitted = await call('PUT', `/api/ticket/${draft.id}/`, alice.token, {
      version: 1,
      is_draft: false,
      description: '<p>Now complete</p>',
      priority_id: 1,
    });
    expect(submitted.json().data).toMatchObject({ is_draft: false, version: 2 });
    const back = await call('PUT', `/api/ticket/${draft.id}/`, alice.token, {
      version: 2,
      is_draft: true,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().fields).toEqual({
      is_draft: 'A submitted record cannot become a draft again.',
    });
  });

  it('sanitises an edited description', async () => {
    const t = await newTicket(alice.token);
    const res = await call('PUT', `/api/ticket/${t.id}/`, alice.token, {
      version: 1,
      description: '<p>ok<img src=x onerror=alert(1)></p>',
    });
    expect(res.json().data.description).toBe('<p>ok</p>');
  });
});

describe('PUT content/{id}/', () => {
  it('edits, checks version, hides others, and keeps status changes for agents', async () => {
    const c = await newContent(alice.token);
    const edited = await call('PUT', `/api/content/${c.id}/`, alice.token, {
      version: 1,
      title: 'Reset a VPN token',
      content_type_id: 2,
      hd_id: 7,
    });
    expect(edited.json().data).toMatchObject({
      title: 'Reset a VPN token',
      content_type_name: 'FAQ',
      hd_name: 'IT articles',
      version: 2,
    });
    const stale = await call('PUT', `/api/content/${c.id}/`, alice.token, {
      version: 1,
      title: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(edited.json().data);
    expect(
      (await call('PUT', `/api/content/${c.id}/`, bob.token, { version: 2, title: 'x' }))
        .statusCode,
    ).toBe(404);
    const publish = await call('PUT', `/api/content/${c.id}/`, alice.token, {
      version: 2,
      status_id: 7,
    });
    expect(publish.statusCode).toBe(403);
    const byAgent = await call('PUT', `/api/content/${c.id}/`, agent.token, {
      version: 2,
      status_id: 7,
    });
    expect(byAgent.json().data).toMatchObject({ status_name: 'Published', version: 3 });
    const ticketStatus = await call('PUT', `/api/content/${c.id}/`, agent.token, {
      version: 3,
      status_id: 1,
    });
    expect(ticketStatus.json().fields).toEqual({ status_id: 'Choose a status.' });
  });
});

describe('DELETE ticket/{id}/', () => {
  it("discards the owner's own draft only", async () => {
    const draft = await newTicket(alice.token, { is_draft: true });
    expect((await call('DELETE', `/api/ticket/${draft.id}/`, bob.token)).statusCode).toBe(404);
    const res = await call('DELETE', `/api/ticket/${draft.id}/`, alice.token);
    expect(res.json()).toEqual({ statusCode: 200, data: { id: draft.id } });
    expect((await call('GET', `/api/ticket/${draft.id}/`, alice.token)).statusCode).toBe(404);
    const submitted = await newTicket(alice.token);
    expect((await call('DELETE', `/api/ticket/${submitted.id}/`, alice.token)).statusCode).toBe(
      403,
    );
    const cDraft = await newContent(alice.token, { is_draft: true });
    expect((await call('DELETE', `/api/content/${cDraft.id}/`, alice.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/content/${cDraft.id}/`)).statusCode).toBe(401);
  });
});

describe('every record call', () => {
  it('answers 401 without a session', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/api/ticket/'],
      ['POST', '/api/content/'],
      ['GET', '/api/ticket/1/'],
      ['GET', '/api/content/1/'],
      ['PUT', '/api/ticket/1/'],
      ['PUT', '/api/content/1/'],
      ['DELETE', '/api/ticket/1/'],
      ['DELETE', '/api/content/1/'],
      ['POST', '/api/search/ticket/my'],
      ['POST', '/api/search/content/my'],
      ['POST', '/api/search/ticket/hd'],
      ['POST', '/api/search/content/hd'],
    ];
    for (const [method, url] of calls) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE'
          ? undefined
          : { version: 1, subject: 'x', title: 'x' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists with an empty body use the defaults', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/search/ticket/my',
      headers: auth(alice.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ page: 1, page_size: 10, total_is_capped: false });
  });
});
