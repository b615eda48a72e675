// Threads: the public communication, the internal work log, the communication log, following,
// and the mails they cause (followers, forward, status changes; never a work-log entry).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  eventually,
  mailsTo,
  newContent,
  newTicket,
  person,
  settle,
  share,
  type Person,
} from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;
let ticketId: number;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Thread');
  bob = await person(env, 'Bob Outsider');
  carol = await person(env, 'Carol Shared');
  agent = await person(env, 'Agent Thread', true);
  ticketId = (await newTicket(env, alice.token, { subject: 'Mail me' })).id;
  await share(env, ticketId, carol.id);
});
afterAll(() => env.close());

const url = (tail: string, id = ticketId) => `/api/ticket/${id}/${tail}`;

async function mailLog() {
  const res = await call('GET', url('communication-log/'), agent.token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { to_email: string; subject: string; kind: string }[];
}

describe('communication', () => {
  it('adds a reply (sanitised) and lists the thread oldest first', async () => {
    const res = await call('POST', url('communication/'), alice.token, {
      body: '<p>Still broken <script>alert(1)</script><b>bold</b></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      thread: 'communication',
      author_id: alice.id,
      author_name: 'Alice Thread',
      sent_as: 'self',
      sent_as_name: 'Alice Thread',
      action: 'reply',
      body: '<p>Still broken bold</p>',
      forward_to: null,
      time_spent_minutes: null,
      channel: 'web',
      quoted_body: null,
      from_email: null,
      sender_verified: true,
      created_at: expect.stringMatching(/Z$/),
    });
    const second = await call('POST', url('communication/'), agent.token, {
      body: '<p>On it.</p>',
      sent_as: 'helpdesk',
    });
    expect(second.json().data).toMatchObject({ sent_as: 'helpdesk', sent_as_name: 'IT Support' });
    const list = await call('GET', url('communication/'), carol.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { body: string }) => m.body)).toEqual([
      '<p>Still broken bold</p>',
      '<p>On it.</p>',
    ]);
    const { rows } = await env.db.query(
      `SELECT details, internal FROM record_events WHERE record_id = $1 AND action = 'message_added' ORDER BY id`,
      [ticketId],
    );
    expect(rows[0]).toEqual({ details: { action: 'reply' }, internal: false });
  });

  it('mails followers but the author, with a link for each, and logs the mails', async () => {
    // The agent's reply above went to Alice (the owner follows by default), not to Carol.
    await eventually(() => expect(mailsTo(env, alice.email)).toHaveLength(1));
    const mail = mailsTo(env, alice.email)[0];
    expect(mail).toContain('On it.');
    expect(mail).toContain(`http://helpdesk.test/ticket/my_ticket/details?ticketId=${ticketId}`);
    expect(mailsTo(env, carol.email)).toHaveLength(0);

    // Carol follows; the agent follows; Carol's reply reaches Alice and the agent.
    expect(
      (await call('PUT', url('follow/'), carol.token, { following: true })).json().data,
    ).toEqual({
      following: true,
    });
    await call('PUT', url('follow/'), agent.token, { following: true });
    await call('POST', url('communication/'), carol.token, { body: '<p>Me too</p>' });
    await eventually(() => expect(mailsTo(env, agent.email)).toHaveLength(1));
    expect(mailsTo(env, agent.email)[0]).toContain(
      `http://helpdesk.test/hd_ticket/details?hdTicketId=${ticketId}`,
    );
    await eventually(() => expect(mailsTo(env, alice.email)).toHaveLength(2));
    expect(mailsTo(env, carol.email)).toHaveLength(0);
    await eventually(async () =>
      expect((await mailLog()).map((m) => `${m.to_email} ${m.kind}`).sort()).toEqual(
        [`${alice.email} message`, `${alice.email} message`, `${agent.email} message`].sort(),
      ),
    );
  });

  it('writes mails in the recipient language', async () => {
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [carol.id]);
    await call('POST', url('communication/'), alice.token, { body: '<p>Hola</p>' });
    await eventually(() => expect(mailsTo(env, carol.email)).toHaveLength(1));
    expect(mailsTo(env, carol.email)[0]).toContain('Abrirlo');
  });

  it('forwards by mail to forward_to (agents), which needs an email', async () => {
    const missing = await call('POST', url('communication/'), agent.token, {
      body: '<p>FYI</p>',
      action: 'forward',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ forward_to: 'Email must be a valid email address.' });
    const bad = await call('POST', url('communication/'), agent.token, {
      body: '<p>FYI</p>',
      action: 'forward',
      forward_to: 'nope',
    });
    expect(bad.json().fields).toEqual({ forward_to: 'Email must be a valid email address.' });
    const ok = await call('POST', url('communication/'), agent.token, {
      body: '<p>FYI vendor</p>',
      action: 'forward',
      forward_to: 'vendor@example.org',
    });
    expect(ok.json().data).toMatchObject({ action: 'forward', forward_to: 'vendor@example.org' });
    await eventually(() => expect(mailsTo(env, 'vendor@example.org')).toHaveLength(1));
    expect(mailsTo(env, 'vendor@example.org')[0]).toContain('FYI vendor');
    await eventually(async () =>
      expect((await mailLog()).some((m) => m.kind === 'forward')).toBe(true),
    );
  });

  it('answers 400 for an empty message, 403 for non-agents doing more than reply as themselves', async () => {
    const empty = await call('POST', url('communication/'), alice.token, { body: '<p><br></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ body: 'Message is required.' });
    const none = await call('POST', url('communication/'), alice.token, {});
    expect(none.json().fields).toEqual({ body: 'Message is required.' });
    const note = await call('POST', url('communication/'), alice.token, {
      body: 'x',
      action: 'note',
    });
    expect(note.statusCode).toBe(403);
    const asAgent = await call('POST', url('communication/'), carol.token, {
      body: 'x',
      sent_as: 'agent',
    });
    expect(asAgent.statusCode).toBe(403);
  });

  it('answers 401 without a session and 404 to those who cannot read the record', async () => {
    expect((await call('GET', url('communication/'))).statusCode).toBe(401);
    expect((await call('GET', url('communication/'), bob.token)).statusCode).toBe(404);
    expect((await call('POST', url('communication/'), bob.token, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/content/${ticketId}/communication/`, alice.token)).statusCode,
    ).toBe(404);
  });
});

describe('status changes', () => {
  it('mail the followers but the one who changed it', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Status mail' });
    const res = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: 1,
      status_id: 2,
    });
    expect(res.statusCode).toBe(200);
    await eventually(() =>
      expect(mailsTo(env, alice.email).some((m) => m.includes('Status changed to Open'))).toBe(
        true,
      ),
    );
  });
});

describe('worklog', () => {
  it('is for agents only and never mails anyone', async () => {
    const aliceMails = mailsTo(env, alice.email).length;
    const carolMails = mailsTo(env, carol.email).length;
    const res = await call('POST', url('worklog/'), agent.token, {
      body: '<p>Called the vendor</p>',
      time_spent_minutes: 15,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      thread: 'worklog',
      action: 'entry',
      time_spent_minutes: 15,
    });
    const list = await call('GET', url('worklog/'), agent.token);
    expect(list.json().data).toHaveLength(1);
    await settle(env);
    expect(mailsTo(env, alice.email)).toHaveLength(aliceMails);
    expect(mailsTo(env, carol.email)).toHaveLength(carolMails);
    // Nor does it show in the public thread.
    const thread = await call('GET', url('communication/'), alice.token);
    expect(thread.json().data.some((m: { thread: string }) => m.thread === 'worklog')).toBe(false);
    const { rows } = await env.db.query(
      `SELECT internal FROM record_events WHERE record_id = $1 AND action = 'worklog_added'`,
      [ticketId],
    );
    expect(rows).toEqual([{ internal: true }]);
  });

  it('answers 403 to the owner and shared, 404 to others, 400 on bad input, 401', async () => {
    expect((await call('GET', url('worklog/'), alice.token)).statusCode).toBe(403);
    expect((await call('POST', url('worklog/'), carol.token, { body: 'x' })).statusCode).toBe(403);
    expect((await call('GET', url('worklog/'), bob.token)).statusCode).toBe(404);
    expect((await call('GET', url('worklog/'))).statusCode).toBe(401);
    const bad = await call('POST', url('worklog/'), agent.token, {
      body: 'x',
      time_spent_minutes: 10081,
    });
    expect(bad.json().fields).toEqual({
      time_spent_minutes: 'Time spent must be 0 to 10,080 minutes.',
    });
    const empty = await call('POST', url('worklog/'), agent.token, { body: ' ' });
    expect(empty.json().fields).toEqual({ body: 'Message is required.' });
  });
});

describe('communication-log', () => {
  it('is for agents only', async () => {
    expect((await call('GET', url('communication-log/'), alice.token)).statusCode).toBe(403);
    expect((await call('GET', url('communication-log/'), bob.token)).statusCode).toBe(404);
    expect((await call('GET', url('communication-log/'))).statusCode).toBe(401);
    const log = await mailLog();
    expect(log[0]).toEqual({
      id: expect.any(Number),
      to_email: alice.email,
      subject: expect.stringContaining('Mail me'),
      kind: 'message',
      sent_at: expect.stringMatching(/Z$/),
      state: 'sent',
      error: null,
      message_id: expect.stringMatching(/^<.+@.+>$/),
      attempts: 1,
      updated_at: expect.stringMatching(/Z$/),
    });
  });
});

describe('follow', () => {
  it('the owner follows by default and may unfollow; then gets no mails', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Quiet' });
    const get = await call('GET', `/api/ticket/${t.id}/follow/`, alice.token);
    expect(get.json().data).toEqual({ following: true });
    expect((await call('GET', `/api/ticket/${t.id}/follow/`, agent.token)).json().data).toEqual({
      following: false,
    });
    await call('PUT', `/api/ticket/${t.id}/follow/`, alice.token, { following: false });
    expect((await call('GET', `/api/ticket/${t.id}/follow/`, alice.token)).json().data).toEqual({
      following: false,
    });
    const before = mailsTo(env, alice.email).length;
    await call('POST', `/api/ticket/${t.id}/communication/`, agent.token, { body: 'hi' });
    await settle(env);
    expect(mailsTo(env, alice.email)).toHaveLength(before);
  });

  it('answers 400, 401 and 404', async () => {
    const bad = await call('PUT', url('follow/'), alice.token, { following: 'yes' });
    expect(bad.json().fields).toEqual({ following: 'Following must be true or false.' });
    expect((await call('GET', url('follow/'))).statusCode).toBe(401);
    expect((await call('PUT', url('follow/'), bob.token, { following: true })).statusCode).toBe(
      404,
    );
  });

  it('readers of searchable content may follow it, but not converse', async () => {
    const c = await newContent(env, alice.token);
    await env.db.query('UPDATE records SET searchable = true WHERE id = $1', [c.id]);
    const res = await call('PUT', `/api/content/${c.id}/follow/`, bob.token, { following: true });
    expect(res.json().data).toEqual({ following: true });
    expect((await call('GET', `/api/content/${c.id}/communication/`, bob.token)).statusCode).toBe(
      403,
    );
  });
});

describe('communication-from and communication-actions', () => {
  it('offer agents more than regular users', async () => {
    const agentFrom = await call(
      'GET',
      `/api/communication-from/?record_id=${ticketId}`,
      agent.token,
    );
    expect(agentFrom.json().data).toEqual([
      { value: 'agent', label: 'Agent Thread' },
      { value: 'helpdesk', label: 'IT Support' },
    ]);
    const aliceFrom = await call(
      'GET',
      `/api/communication-from/?record_id=${ticketId}`,
      alice.token,
    );
    expect(aliceFrom.json().data).toEqual([{ value: 'self', label: 'Alice Thread' }]);
    expect(
      (await call('GET', `/api/communication-from/?record_id=${ticketId}`, bob.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/communication-from/', alice.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/communication-from/?record_id=1')).statusCode).toBe(401);

    expect((await call('GET', '/api/communication-actions/', agent.token)).json().data).toEqual([
      { value: 'reply', label: 'Reply' },
      { value: 'note', label: 'Note to requester' },
      { value: 'forward', label: 'Forward by mail' },
    ]);
    expect((await call('GET', '/api/communication-actions/', alice.token)).json().data).toEqual([
      { value: 'reply', label: 'Reply' },
    ]);
    expect((await call('GET', '/api/communication-actions/')).statusCode).toBe(401);
  });
});
