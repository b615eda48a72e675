// Mail in through the built-in SMTP listener, with real SMTP (nodemailer) to it: new tickets,
// threading, exactly once, loop protection, attachments and sanitising (docs/mail.md "Mail in").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, mailTo, uniqueEmail } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { caller, person, type Person } from '../work-helpers.js';
import {
  HR,
  SUPPORT,
  newMessageId,
  notificationId,
  rawMail,
  startInboundEnv,
  type InboundEnv,
} from './inbound-env.js';

let t: InboundEnv;
let agent: Person;
const call = () => caller(t.env);

beforeAll(async () => {
  t = await startInboundEnv({ attachmentMaxMb: 1, inboundRateLimitPerHour: 3 });
  agent = await person(t.env, 'Alice Agent', true, true);
});
afterAll(async () => {
  await t?.close();
});

interface TicketRow {
  id: number;
  title: string;
  body: string;
  owner_id: number;
  hd_id: number;
  channel: string;
  status: string;
}

async function ticket(id: number): Promise<TicketRow> {
  const { rows } = await t.env.db.query<TicketRow>(
    `SELECT r.id::int, r.title, r.body, r.owner_id::int, r.hd_id, r.channel, s.code AS status
       FROM records r JOIN statuses s ON s.id = r.status_id WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

async function messages(recordId: number) {
  const { rows } = await t.env.db.query<{
    id: number;
    author_id: number;
    body: string;
    quoted_body: string | null;
    channel: string;
    from_email: string | null;
  }>(
    `SELECT id::int, author_id::int, body, quoted_body, channel, from_email FROM record_messages
      WHERE record_id = $1 AND thread = 'communication' ORDER BY id`,
    [recordId],
  );
  return rows;
}

async function ticketCount(): Promise<number> {
  const { rows } = await t.env.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM records WHERE object_type = 'T'`,
  );
  return rows[0].n;
}

/** Sends a new mail to a desk and waits for its ticket. */
async function newMailTicket(from: string, subject: string, extra: object = {}) {
  const messageId = newMessageId();
  await t.send({
    from,
    to: SUPPORT,
    subject,
    text: 'Hello, my laptop is broken.',
    messageId,
    ...extra,
  });
  const row = await t.imported(messageId);
  expect(row.state).toBe('ticket');
  return { id: row.record_id as number, messageId };
}

describe('a new mail', () => {
  it('becomes a ticket in the desk it was sent to, from a new contact, with body and attachments', async () => {
    const from = uniqueEmail('newcomer');
    const messageId = newMessageId();
    await t.send({
      from: `"Nora Newcomer" <${from}>`,
      to: HR,
      subject: 'Holiday request',
      text: 'I would like to take\nthe first week of May off.\n\nThanks, Nora',
      messageId,
      attachments: [{ filename: 'form.pdf', content: Buffer.from('%PDF-1.4 tiny') }],
    });
    const row = await t.imported(messageId);
    expect(row).toMatchObject({ state: 'ticket', hd_id: 4 });
    const tk = await ticket(row.record_id as number);
    expect(tk).toMatchObject({
      title: 'Holiday request',
      hd_id: 4,
      channel: 'mail',
      status: 'new',
    });
    expect(tk.body).toBe(
      '<p>I would like to take<br />the first week of May off.</p><p>Thanks, Nora</p>',
    );

    const { rows: users } = await t.env.db.query(
      `SELECT id::int, fullname, password_hash, confirmed_at FROM users WHERE email = $1`,
      [from],
    );
    expect(users).toEqual([
      { id: tk.owner_id, fullname: 'Nora Newcomer', password_hash: '', confirmed_at: null },
    ]);

    // The agent sees it in the help desk's list and its attachment.
    const list = await call()('POST', '/api/search/ticket/hd', agent.token, {
      filters: { hd_id: 4 },
    });
    expect(list.json().data.items.map((i: { id: number }) => i.id)).toContain(tk.id);
    const files = await call()('GET', `/api/attachment/T/${tk.id}`, agent.token);
    expect(files.json().data).toMatchObject([
      { file_name: 'form.pdf', content_type: 'application/pdf', size: 13 },
    ]);
    const download = await call()(
      'GET',
      `/api/attachment/file/${files.json().data[0].id}`,
      agent.token,
    );
    expect(download.body).toBe('%PDF-1.4 tiny');

    // The Message-ID is known, for threading.
    const { rows: ids } = await t.env.db.query(
      `SELECT record_id::int, direction FROM mail_message_ids WHERE message_id = $1`,
      [messageId],
    );
    expect(ids).toEqual([{ record_id: tk.id, direction: 'in' }]);

    // Its history says once that it was created, and that it came by mail.
    const { rows: created } = await t.env.db.query(
      `SELECT actor_id::int, details FROM record_events WHERE record_id = $1 AND action = 'created'`,
      [tk.id],
    );
    expect(created).toEqual([{ actor_id: tk.owner_id, details: { channel: 'mail' } }]);
  });

  it('from a contact: no sign-in until they set a password through "forgot password", then they see it', async () => {
    const from = uniqueEmail('contact');
    const { id } = await newMailTicket(from, 'Mouse missing');
    const before = await login(t.env, from, '');
    expect(before.statusCode).toBe(400);
    const guess = await login(t.env, from, 'any password at all');
    expect(guess.statusCode).toBe(401);

    const forgot = await call()('POST', '/api/forget-password/', undefined, { email: from });
    expect(forgot.statusCode).toBe(200);
    const { link } = await mailTo(t.env, from);
    const token = new URL(link).searchParams.get('token');
    const reset = await call()('POST', '/api/reset-password/', undefined, {
      token,
      password: 'my new secret 123',
    });
    expect(reset.statusCode).toBe(200);

    const res = await login(t.env, from, 'my new secret 123');
    expect(res.statusCode).toBe(200);
    const mine = await call()('POST', '/api/search/ticket/my', res.json().data.token, {});
    expect(mine.json().data.items).toMatchObject([{ id, subject: 'Mouse missing' }]);
  });

  it('from a known user is theirs; an empty subject gets a placeholder', async () => {
    const known = await person(t.env, 'Karl Known');
    const messageId = newMessageId();
    await t.send({ from: known.email, to: SUPPORT, subject: '', text: 'Help', messageId });
    const row = await t.imported(messageId);
    const tk = await ticket(row.record_id as number);
    expect(tk).toMatchObject({ owner_id: known.id, title: '(no subject)', hd_id: 1 });
  });

  it('has scripts and event handlers removed from its HTML', async () => {
    const messageId = newMessageId();
    await t.send({
      from: uniqueEmail('html'),
      to: SUPPORT,
      subject: 'Formatted',
      html: '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>',
      messageId,
    });
    const tk = await ticket((await t.imported(messageId)).record_id as number);
    expect(tk.body).toBe('<p>Hi there</p><a>x</a>');
  });

  it('lists an attachment over the size limit instead of dropping it silently', async () => {
    const messageId = newMessageId();
    await t.send({
      from: uniqueEmail('big'),
      to: SUPPORT,
      subject: 'Logs',
      text: 'Logs attached.',
      messageId,
      attachments: [
        { filename: 'huge.log', content: Buffer.alloc(1536 * 1024, 'a') },
        { filename: 'small.txt', content: 'fine' },
      ],
    });
    const tk = await ticket((await t.imported(messageId)).record_id as number);
    expect(tk.body).toContain('Not attached (over the 1 MB size limit):');
    expect(tk.body).toContain('<li>huge.log (1.5 MB)</li>');
    const files = await call()('GET', `/api/attachment/T/${tk.id}`, agent.token);
    expect(files.json().data.map((f: { file_name: string }) => f.file_name)).toEqual(['small.txt']);
  });

  it('to an address no desk has is refused at RCPT TO with 550', async () => {
    const count = await ticketCount();
    const err = await t
      .send({ from: uniqueEmail('lost'), to: 'nobody@example.com', subject: 'x', text: 'x' })
      .catch((e: { responseCode?: number; response?: string }) => e);
    expect(err).toMatchObject({ responseCode: 550 });
    expect(await ticketCount()).toBe(count);
  });
});

describe('exactly once', () => {
  it('the same mail delivered twice is one ticket', async () => {
    const messageId = newMessageId();
    const mail = {
      from: uniqueEmail('twice'),
      to: SUPPORT,
      subject: 'Twice',
      text: 'x',
      messageId,
    };
    const count = await ticketCount();
    await t.send(mail);
    await t.imported(messageId);
    await t.send(mail);
    await t.runner.idle();
    expect(await ticketCount()).toBe(count + 1);
    const { rows } = await t.env.db.query(
      `SELECT count(*)::int AS n FROM inbound_mails WHERE message_key = $1`,
      [messageId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a mail without Message-ID is known by the hash of its bytes', async () => {
    const raw = rawMail(
      { From: uniqueEmail('noid'), To: SUPPORT, Subject: 'No id', Date: new Date().toUTCString() },
      'no message id here',
    );
    const count = await ticketCount();
    const envelope = { from: 'x@client.test', to: [SUPPORT] };
    await t.send({ envelope, raw });
    await t.send({ envelope, raw });
    await t.runner.idle();
    const { rows } = await t.env.db.query<{ message_key: string; state: string }>(
      `SELECT message_key, state FROM inbound_mails WHERE subject = 'No id'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].message_key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await ticketCount()).toBe(count + 1);
  });
});

describe('threading', () => {
  it("a reply to the agent's mail (In-Reply-To) joins the ticket, quote kept apart", async () => {
    const from = uniqueEmail('threader');
    const { id } = await newMailTicket(from, 'Printer jam');
    const answer = await call()('POST', `/api/ticket/${id}/communication/`, agent.token, {
      body: '<p>Have you tried turning it off?</p>',
    });
    expect(answer.statusCode).toBe(200);
    const { rows: out } = await t.env.db.query<{ message_id: string }>(
      `SELECT message_id FROM mail_message_ids WHERE record_id = $1 AND direction = 'out'`,
      [id],
    );
    expect(out.length).toBeGreaterThan(0);

    const messageId = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: 'Re: Printer jam',
      text: 'Yes, it still jams.\n\nOn Mon, 1 Jan 2024 at 10:00, Alice Agent wrote:\n> Have you tried turning it off?\n',
      messageId,
      inReplyTo: out[0].message_id,
      references: [out[0].message_id],
    });
    const row = await t.imported(messageId);
    expect(row).toMatchObject({ state: 'message', record_id: id });
    const thread = await messages(id);
    expect(thread.at(-1)).toMatchObject({
      id: row.message_row_id,
      author_id: (await ticket(id)).owner_id,
      body: '<p>Yes, it still jams.</p>',
      channel: 'mail',
      from_email: from,
    });
    expect(thread.at(-1)?.quoted_body).toContain('Have you tried turning it off?');

    // The agent sees it in the API's thread, and the history has the event.
    const api = await call()('GET', `/api/ticket/${id}/communication/`, agent.token);
    expect(api.json().data.at(-1).body).toBe('<p>Yes, it still jams.</p>');
    const { rows: events } = await t.env.db.query(
      `SELECT action FROM record_events WHERE record_id = $1 ORDER BY id`,
      [id],
    );
    expect(events.map((e) => e.action)).toContain('message_added');
  });

  it('a reply with only the [#id] token in its subject joins the ticket', async () => {
    const from = uniqueEmail('token');
    const { id } = await newMailTicket(from, 'Screen flickers');
    const messageId = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: `Re: [#${id}] Screen flickers`,
      html: '<div>Still flickering.</div><div class="gmail_quote"><div>On Tue, Bob wrote:</div><blockquote>old text</blockquote></div>',
      messageId,
    });
    const row = await t.imported(messageId);
    expect(row).toMatchObject({ state: 'message', record_id: id });
    const last = (await messages(id)).at(-1);
    expect(last?.body).toBe('Still flickering.');
    expect(last?.quoted_body).toContain('old text');
  });

  it("a stranger's reply opens a new ticket and gets no access to the old one", async () => {
    const owner = uniqueEmail('owner');
    const { id, messageId: original } = await newMailTicket(owner, 'Private matter');
    const stranger = uniqueEmail('stranger');
    const messageId = newMessageId();
    await t.send({
      from: stranger,
      to: SUPPORT,
      subject: `Re: [#${id}] Private matter`,
      text: 'Let me in',
      messageId,
      inReplyTo: original,
    });
    const row = await t.imported(messageId);
    expect(row.state).toBe('ticket');
    expect(row.record_id).not.toBe(id);
    expect(await messages(id)).toEqual([]);
    const { rows } = await t.env.db.query(
      `SELECT u.email FROM records r JOIN users u ON u.id = r.owner_id WHERE r.id = $1`,
      [row.record_id],
    );
    expect(rows[0].email).toBe(stranger);
  });

  it('a reply to a Resolved ticket reopens it, with a history event', async () => {
    const from = uniqueEmail('resolved');
    const { id, messageId: original } = await newMailTicket(from, 'Keyboard');
    const current = await call()('GET', `/api/ticket/${id}/`, agent.token);
    const resolved = await call()('PUT', `/api/ticket/${id}/`, agent.token, {
      version: current.json().data.version,
      status_id: 4,
    });
    expect(resolved.json().data.status_name).toBe('Resolved');

    const messageId = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: 'Re: Keyboard',
      text: 'It broke again',
      messageId,
      inReplyTo: original,
    });
    expect(await t.imported(messageId)).toMatchObject({ state: 'message', record_id: id });
    const after = await call()('GET', `/api/ticket/${id}/`, agent.token);
    expect(after.json().data.status_name).toBe('Open');
    const { rows } = await t.env.db.query(
      `SELECT details FROM record_events WHERE record_id = $1 AND action = 'status_changed'
        ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(rows[0].details).toEqual({ from: 'Resolved', to: 'Open' });
  });
});

describe('loop and abuse protection', () => {
  const ignored = async (headers: Record<string, string>, from = uniqueEmail('robot')) => {
    const messageId = newMessageId();
    const count = await ticketCount();
    await t.send({ from, to: SUPPORT, subject: 'Automatic', text: 'x', messageId, headers });
    const row = await t.imported(messageId);
    expect(await ticketCount()).toBe(count);
    expect(row.state).toBe('ignored');
    return row.reason;
  };

  it('auto-replies, bulk and list mail make no ticket and are kept with the reason', async () => {
    expect(await ignored({ 'Auto-Submitted': 'auto-replied' })).toBe('auto_submitted');
    expect(await ignored({ 'X-Auto-Response-Suppress': 'All' })).toBe('auto_response_suppress');
    expect(await ignored({ Precedence: 'bulk' })).toBe('bulk');
    expect(await ignored({ Precedence: 'list' })).toBe('list');
    expect(await ignored({ 'List-Id': '<news.example.org>' })).toBe('list');
    expect(await ignored({}, SUPPORT)).toBe('own_address');
  });

  // Auto-responders that mark themselves with a header of their own maker's.
  it.each([
    ['X-Autoreply', 'yes'],
    ['X-Autorespond', 'Out of office'],
    ['X-Auto-Reply-From', 'robot@example.org'],
    ['X-Autogenerated', 'Reply'],
    ['X-Mail-Autoreply', 'yes'],
    ['X-FC-MachineGenerated', 'true'],
    ['X-POST-MessageClass', '9; Autoresponder'],
    ['Delivered-To', 'Autoresponder'],
    ['Precedence', 'auto_reply'],
    ['X-Precedence', 'bulk'],
    ['X-Precedence', 'junk'],
    ['X-Precedence', 'auto_reply'],
  ])('%s: %s is an auto-reply and makes no ticket', async (name, value) => {
    expect(await ignored({ [name]: value })).toBe('auto_reply');
  });

  it.each([
    ['Auto-Submitted', 'no'],
    ['X-Precedence', 'normal'],
  ])('%s: %s is a person and makes a ticket', async (name, value) => {
    const messageId = newMessageId();
    await t.send({
      from: uniqueEmail('person'),
      to: SUPPORT,
      subject: 'Human',
      text: 'x',
      messageId,
      headers: { [name]: value },
    });
    expect((await t.imported(messageId)).state).toBe('ticket');
  });

  it('a bounce of our own mail makes no ticket and marks that mail bounced', async () => {
    const from = uniqueEmail('gone');
    const { id } = await newMailTicket(from, 'Bouncing');
    await call()('POST', `/api/ticket/${id}/communication/`, agent.token, {
      body: '<p>On it.</p>',
    });
    // A bounce comes after the mail went out: wait for the worker to send it.
    let logged: Array<{ message_id: string; state: string }> = [];
    await eventually(async () => {
      ({ rows: logged } = await t.env.db.query(
        `SELECT message_id, state FROM record_mail_log WHERE record_id = $1 AND to_email = $2`,
        [id, from],
      ));
      expect(logged).toMatchObject([{ state: 'sent' }]);
    });
    const bounceId = newMessageId();
    const boundary = 'dsn-boundary';
    const raw = rawMail(
      {
        From: 'Mail Delivery System <MAILER-DAEMON@mx.client.test>',
        To: SUPPORT,
        Subject: 'Undelivered Mail Returned to Sender',
        'Message-ID': bounceId,
        'Auto-Submitted': 'auto-replied',
        'MIME-Version': '1.0',
        'Content-Type': `multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      },
      [
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        `--${boundary}`,
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.client.test',
        '',
        `Final-Recipient: rfc822; ${from}`,
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
        `--${boundary}`,
        'Content-Type: text/rfc822-headers',
        '',
        `Message-ID: ${logged[0].message_id}`,
        `To: ${from}`,
        'Subject: [#1] On it',
        `--${boundary}--`,
      ].join('\n'),
    );
    const count = await ticketCount();
    await t.send({ envelope: { from: '', to: [SUPPORT] }, raw });
    const row = await t.imported(bounceId);
    expect(row).toMatchObject({ state: 'ignored', reason: 'bounce', record_id: id });
    expect(await ticketCount()).toBe(count);
    const { rows } = await t.env.db.query(
      `SELECT state, error FROM record_mail_log WHERE message_id = $1`,
      [logged[0].message_id],
    );
    expect(rows).toEqual([{ state: 'bounced', error: 'smtp; 550 5.1.1 User unknown' }]);
  });

  it('one sender opens at most the hourly limit of tickets; the rest are kept, ignored', async () => {
    const from = uniqueEmail('flood');
    for (let i = 0; i < 3; i++) await newMailTicket(from, `Flood ${i}`);
    const messageId = newMessageId();
    await t.send({ from, to: SUPPORT, subject: 'Flood 4', text: 'x', messageId });
    expect(await t.imported(messageId)).toMatchObject({ state: 'ignored', reason: 'rate_limited' });
  });
});

describe('service levels by mail', () => {
  it('a mailed ticket gets its due times at once; an agent reply by mail meets the first response', async () => {
    const always = Array.from({ length: 7 }, () => ({ start: '00:00', end: '24:00' }));
    const policy = await call()('POST', '/api/sla/policies/', agent.token, {
      name: 'Every mail ticket',
      first_response_minutes: 60,
      next_response_minutes: 120,
      resolution_minutes: 480,
      time_zone: 'UTC',
      hours: always,
      holidays: [],
    });
    expect(policy.statusCode).toBe(200);

    const { id } = await newMailTicket(uniqueEmail('sla'), 'Printer out of toner');
    const due = async () =>
      (
        await t.env.db.query<{ due: Date | null; responded: Date | null }>(
          `SELECT first_response_due_at AS due, first_responded_at AS responded
             FROM records WHERE id = $1`,
          [id],
        )
      ).rows[0];
    expect((await due()).due).not.toBeNull();
    expect((await due()).responded).toBeNull();

    // The agent answers the mail that told them the ticket is theirs.
    const lead = await person(t.env, 'Lead Agent', true);
    const version = (await call()('GET', `/api/ticket/${id}/`, lead.token)).json().data.version;
    const assign = { assignee_id: agent.id, version };
    expect((await call()('PUT', `/api/ticket/${id}/assign/`, lead.token, assign)).statusCode).toBe(
      200,
    );
    const messageId = newMessageId();
    await t.send({
      from: agent.email,
      to: SUPPORT,
      subject: `Re: [#${id}] Printer out of toner`,
      text: 'A new cartridge is on its way.',
      messageId,
      inReplyTo: await notificationId(t.env, id, agent.email),
    });
    expect(await t.imported(messageId)).toMatchObject({ state: 'message', record_id: id });
    expect((await due()).responded).not.toBeNull();
  });
});
