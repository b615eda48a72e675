// Mail out threads: every mail about a record goes out as the help desk's address with a stable
// Message-ID (stored), In-Reply-To/References naming the record's earlier Message-IDs (inbound
// ones included) and `[#<id>]` in the subject; people's replies carry no Auto-Submitted header,
// notifications do. Read back from the outbox, parsed as a mail client would.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberMessageId } from '../../mail/message-ids.js';
import { parsedMailsTo, startTestEnv, uniqueEmail, type TestEnv } from '../helpers.js';
import { caller, newRecord, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv({ mailFrom: 'Helpdesk <noreply@helpdesk.test>' });
  call = caller(env);
  alice = await person(env, 'Alice Requester');
  agent = await person(env, 'Agnes Agent', true);
  await env.db.query(
    `INSERT INTO mail_channels (hd_id, address) VALUES (1, 'support@example.com')`,
  );
});
afterAll(() => env.close());

const mailsTo = (to: string) => parsedMailsTo(env, to);

const refs = (m: ParsedMail) =>
  m.references === undefined ? [] : Array.isArray(m.references) ? m.references : [m.references];

async function outgoingIds(recordId: number) {
  const { rows } = await env.db.query<{ message_id: string; message_row_id: string | null }>(
    `SELECT message_id, message_row_id FROM mail_message_ids
      WHERE record_id = $1 AND direction = 'out' ORDER BY created_at, message_id`,
    [recordId],
  );
  return rows;
}

describe('outgoing mail threading', () => {
  it('threads agent replies under the desk address, continuing inbound Message-IDs', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Laptop will not boot' });
    // The ticket came in by mail: its Message-ID is known (as the inbound import records it).
    await rememberMessageId(env.db, {
      messageId: '<original-1@mail.alice.example>',
      recordId: t.id,
      messageRowId: null,
      direction: 'in',
    });

    const reply = await call('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
      body: '<p>Please hold the power button for 10 seconds.</p>',
      sent_as: 'agent',
    });
    expect(reply.statusCode).toBe(200);
    const [first] = await mailsTo(alice.email);
    expect(first.from?.value).toEqual([{ name: 'Agnes Agent', address: 'support@example.com' }]);
    expect(first.subject).toMatch(new RegExp(`^\\[#${t.id}\\] `));
    expect(first.inReplyTo).toBe('<original-1@mail.alice.example>');
    expect(refs(first)).toEqual(['<original-1@mail.alice.example>']);
    // A person's reply: no Auto-Submitted, so the requester's autoresponder may answer it.
    expect(first.headers.has('auto-submitted')).toBe(false);
    expect(first.text).toContain('Please hold the power button');
    const ids = await outgoingIds(t.id);
    expect(ids).toEqual([
      { message_id: first.messageId, message_row_id: String(reply.json().data.id) },
    ]);

    // Sent as the help desk: the desk's name, the same address, the thread continued.
    await call('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
      body: '<p>Did that help?</p>',
      sent_as: 'helpdesk',
    });
    const second = (await mailsTo(alice.email))[1];
    expect(second.from?.value).toEqual([{ name: 'IT Support', address: 'support@example.com' }]);
    expect(second.messageId).not.toBe(first.messageId);
    expect(second.inReplyTo).toBe(first.messageId);
    expect(refs(second)).toEqual(['<original-1@mail.alice.example>', first.messageId]);
    expect(second.headers.has('auto-submitted')).toBe(false);

    // The communication log shows each mail as sent, with its Message-ID.
    const log = await call('GET', `/api/ticket/${t.id}/communication-log/`, agent.token);
    expect(log.json().data).toEqual([
      expect.objectContaining({
        to_email: alice.email,
        state: 'sent',
        message_id: first.messageId,
        error: null,
      }),
      expect.objectContaining({ state: 'sent', message_id: second.messageId }),
    ]);
  });

  it('marks follower notifications Auto-Submitted, from the desk', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Status please' });
    const res = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: t.version,
      status_id: 2,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(alice.email).then((all) =>
      all.filter((m) => m.subject?.startsWith(`[#${t.id}]`)),
    );
    expect(mail.subject).toContain('Status changed to Open');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.from?.value).toEqual([{ name: 'IT Support', address: 'support@example.com' }]);

    // A requester's own message reaches a following agent as a notification too.
    await call('PUT', `/api/ticket/${t.id}/follow/`, agent.token, { following: true });
    await call('POST', `/api/ticket/${t.id}/communication/`, alice.token, {
      body: '<p>Thanks!</p>',
    });
    const [toAgent] = (await mailsTo(agent.email)).filter((m) =>
      m.subject?.startsWith(`[#${t.id}]`),
    );
    expect(toAgent.headers.get('auto-submitted')).toBe('auto-generated');
    expect(toAgent.inReplyTo).toBe(mail.messageId);
  });

  // RFC 3834: every mail no person wrote says so, or an autoresponder answers it.
  it('marks account mails and assignment mails Auto-Submitted', async () => {
    const email = uniqueEmail('newcomer');
    const registered = await call('POST', '/api/register/', undefined, {
      fullname: 'New Comer',
      email,
      password: 'correct horse battery',
    });
    expect(registered.statusCode).toBe(200);
    const forgot = await call('POST', '/api/forget-password/', undefined, { email: alice.email });
    expect(forgot.statusCode).toBe(200);
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Assign me' });
    const lead = await person(env, 'Lead Agent', true);
    const assigned = await call('PUT', `/api/ticket/${t.id}/assign/`, lead.token, {
      assignee_id: agent.id,
      version: t.version,
    });
    expect(assigned.statusCode).toBe(200);

    const [confirm] = await mailsTo(email);
    const reset = (await mailsTo(alice.email)).filter((m) => !m.subject?.startsWith('[#'));
    const assignment = (await mailsTo(agent.email)).filter((m) =>
      m.subject?.startsWith(`[#${t.id}]`),
    );
    for (const mail of [confirm, ...reset, ...assignment]) {
      expect(mail.headers.get('auto-submitted'), mail.subject).toBe('auto-generated');
    }
    expect(reset.length).toBe(1);
    expect(assignment.length).toBe(1);
  });

  it("uses the nearest parent desk's address, else MAIL_FROM's", async () => {
    const hardware = await newRecord(env, 'ticket', alice.token, {
      subject: 'Broken keyboard',
      hd_id: 2,
    });
    await call('POST', `/api/ticket/${hardware.id}/communication/`, agent.token, {
      body: '<p>A new one is on its way.</p>',
      sent_as: 'helpdesk',
    });
    const [hw] = (await mailsTo(alice.email)).filter((m) =>
      m.subject?.startsWith(`[#${hardware.id}]`),
    );
    expect(hw.from?.value).toEqual([{ name: 'Hardware', address: 'support@example.com' }]);

    const facilities = await newRecord(env, 'ticket', alice.token, {
      subject: 'Broken chair',
      hd_id: 6,
    });
    await call('POST', `/api/ticket/${facilities.id}/communication/`, agent.token, {
      body: '<p>On it.</p>',
    });
    const [fac] = (await mailsTo(alice.email)).filter((m) =>
      m.subject?.startsWith(`[#${facilities.id}]`),
    );
    expect(fac.from?.value).toEqual([{ name: 'Agnes Agent', address: 'noreply@helpdesk.test' }]);
    expect(fac.messageId).toMatch(/@helpdesk\.test>$/);
  });

  it('forwards as the agent, threaded, without Auto-Submitted', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Vendor issue' });
    await call('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
      body: '<p>FYI vendor</p>',
      action: 'forward',
      forward_to: 'vendor@example.org',
    });
    const [fwd] = await mailsTo('vendor@example.org');
    expect(fwd.subject).toBe(`[#${t.id}] Fwd: ticket #${t.id}: Vendor issue`);
    expect(fwd.from?.value).toEqual([{ name: 'Agnes Agent', address: 'support@example.com' }]);
    expect(fwd.headers.has('auto-submitted')).toBe(false);
    expect((await outgoingIds(t.id)).map((r) => r.message_id)).toEqual([fwd.messageId]);
  });
});
