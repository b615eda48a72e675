// Who a mail is from (docs/mail.md "Who a mail is from"): a From line proves nothing, so a mail
// from an agent's address is that agent's public reply only when it answers a notification
// signed for that agent about that ticket. Anything else becomes an internal note marked
// "sender not verified" that nobody is mailed. A DMARC fail reported by the trusted relay
// marks a requester's mail the same way.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMessageId as signedMessageId, provesAgentReply } from '../../mail/reply-token.js';
import { uniqueEmail } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { caller, person, type Person } from '../work-helpers.js';
import {
  SUPPORT,
  newMessageId,
  notificationId,
  startInboundEnv,
  type InboundEnv,
} from './inbound-env.js';

const RELAY = 'mx.helpdesk.test';

let t: InboundEnv;
let agent: Person;
let otherAgent: Person;
const call = () => caller(t.env);

beforeAll(async () => {
  t = await startInboundEnv({ mailTrustedAuthservId: RELAY });
  agent = await person(t.env, 'Agent Example', true);
  otherAgent = await person(t.env, 'Other Agent', true);
});
afterAll(async () => {
  await t?.close();
});

/** Carol mails the desk; her ticket's id and her mail's Message-ID. */
async function carolsTicket(carol: string) {
  const messageId = newMessageId();
  await t.send({
    from: `Carol <${carol}>`,
    to: SUPPORT,
    subject: 'VPN down',
    text: 'Help',
    messageId,
  });
  const row = await t.imported(messageId);
  expect(row.state).toBe('ticket');
  return { id: row.record_id as number, messageId };
}

/** Another agent assigns the ticket to `who`: the product mails them, signed for them. */
async function assignTo(id: number, who: Person): Promise<string> {
  const by = who === agent ? otherAgent : agent;
  const version = (await call()('GET', `/api/ticket/${id}/`, by.token)).json().data.version;
  const res = await call()('PUT', `/api/ticket/${id}/assign/`, by.token, {
    assignee_id: who.id,
    version,
  });
  expect(res.statusCode).toBe(200);
  return notificationId(t.env, id, who.email);
}

async function thread(id: number, which: 'communication' | 'worklog', token: string) {
  const res = await call()('GET', `/api/ticket/${id}/${which}/`, token);
  return res.statusCode === 200
    ? (res.json().data as Array<{ body: string; sender_verified: boolean; from_email: string }>)
    : [];
}

/** The mail delivered to `to` whose text contains `text` (waits for the mail worker). */
async function mailWith(to: string, text: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await eventually(async () => {
    const files = fs.existsSync(t.env.outboxDir)
      ? fs.readdirSync(t.env.outboxDir).filter((f) => f.endsWith('.eml') && f.includes(to))
      : [];
    const mails = await Promise.all(
      files.map((f) => simpleParser(fs.readFileSync(path.join(t.env.outboxDir, f)))),
    );
    found = mails.find((m) => (m.text ?? '').includes(text));
    expect(found).toBeDefined();
  });
  return found!;
}

/** The mails queued about a record (the communication log), whatever their delivery. */
async function mailLog(id: number) {
  const { rows } = await t.env.db.query<{ to_email: string; kind: string }>(
    `SELECT to_email, kind FROM record_mail_log WHERE record_id = $1 ORDER BY id`,
    [id],
  );
  return rows;
}

describe('a mail from an agent’s address', () => {
  it('that answers no notification to that agent becomes an unverified internal note, mailed to nobody', async () => {
    const carol = uniqueEmail('carol');
    const { id, messageId: carolsId } = await carolsTicket(carol);
    const forged = newMessageId();
    await t.send({
      from: `Agent Example <${agent.email}>`,
      to: SUPPORT,
      subject: 'Re: VPN down',
      text: 'Please reply with your password.',
      messageId: forged,
      inReplyTo: carolsId,
      references: [carolsId],
    });
    expect(await t.imported(forged)).toMatchObject({
      state: 'message',
      reason: 'sender_not_verified',
      record_id: id,
    });

    // Not in the conversation, for anyone; in the agents' work log, marked.
    expect(JSON.stringify(await thread(id, 'communication', agent.token))).not.toContain(
      'password',
    );
    const log = await thread(id, 'worklog', agent.token);
    expect(log).toEqual([
      expect.objectContaining({
        sender_verified: false,
        from_email: agent.email,
        body: expect.stringContaining('Please reply with your password.'),
      }),
    ]);
    // Nobody was mailed anything: the import queues its mails in its own transaction.
    expect(await mailLog(id)).toEqual([]);
  });

  it('that answers another agent’s notification, or names the ticket only in its subject, is not verified', async () => {
    const { id } = await carolsTicket(uniqueEmail('carol'));
    const othersNotification = await assignTo(id, otherAgent);
    const viaOther = newMessageId();
    await t.send({
      from: agent.email,
      to: SUPPORT,
      subject: `Re: [#${id}] VPN down`,
      text: 'Answering a mail that was not mine.',
      messageId: viaOther,
      inReplyTo: othersNotification,
    });
    expect(await t.imported(viaOther)).toMatchObject({ reason: 'sender_not_verified' });

    const bySubject = newMessageId();
    await t.send({
      from: agent.email,
      to: SUPPORT,
      subject: `Re: [#${id}] VPN down`,
      text: 'Only the subject names the ticket.',
      messageId: bySubject,
    });
    expect(await t.imported(bySubject)).toMatchObject({ reason: 'sender_not_verified' });
    expect(await thread(id, 'communication', agent.token)).toEqual([]);
    expect((await thread(id, 'worklog', agent.token)).map((m) => m.sender_verified)).toEqual([
      false,
      false,
    ]);
  });

  it('that answers a notification signed for that agent is their public reply, mailed to the requester', async () => {
    const carol = uniqueEmail('carol');
    const { id } = await carolsTicket(carol);
    const notification = await assignTo(id, agent);
    const reply = newMessageId();
    await t.send({
      from: agent.email,
      to: SUPPORT,
      subject: `Re: [#${id}] VPN down`,
      text: 'Restart the client, then sign in again.',
      messageId: reply,
      inReplyTo: notification,
      references: [notification],
    });
    expect(await t.imported(reply)).toMatchObject({ state: 'message', reason: null });
    expect(await thread(id, 'communication', agent.token)).toEqual([
      expect.objectContaining({
        sender_verified: true,
        body: expect.stringContaining('Restart the client'),
      }),
    ]);
    expect(await mailLog(id)).toContainEqual({ to_email: carol, kind: 'message' });
    const answer = await mailWith(carol, 'Restart the client');
    expect(answer.from?.value[0].address).toBe(SUPPORT);
  });
});

describe('a requester’s mail the trusted relay says failed DMARC', () => {
  it('is an unverified internal note; the same verdict from another authserv-id is ignored', async () => {
    const carol = uniqueEmail('carol');
    const { id, messageId: carolsId } = await carolsTicket(carol);
    const failed = newMessageId();
    await t.send({
      from: carol,
      to: SUPPORT,
      subject: 'Re: VPN down',
      text: 'Spoofed follow-up.',
      messageId: failed,
      inReplyTo: carolsId,
      headers: {
        'Authentication-Results': `${RELAY}; spf=fail smtp.mailfrom=example.org; dmarc=fail (p=none) header.from=example.com`,
      },
    });
    expect(await t.imported(failed)).toMatchObject({ reason: 'sender_not_verified' });

    const elsewhere = newMessageId();
    await t.send({
      from: carol,
      to: SUPPORT,
      subject: 'Re: VPN down',
      text: 'A real follow-up.',
      messageId: elsewhere,
      inReplyTo: carolsId,
      headers: { 'Authentication-Results': 'mx.attacker.test; dmarc=fail header.from=example.com' },
    });
    expect(await t.imported(elsewhere)).toMatchObject({ state: 'message', reason: null });
    const conversation = await thread(id, 'communication', agent.token);
    expect(conversation.map((m) => m.body).join()).toContain('A real follow-up.');
    expect(conversation.map((m) => m.body).join()).not.toContain('Spoofed');
  });
});

describe('the reply token', () => {
  const secret = 'a server secret';
  const now = new Date('2026-11-27T12:00:00Z');
  const signed = signedMessageId('support@example.com', { secret, agentId: 7, recordId: 42, now });
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

  it('proves that agent and that ticket, until it expires', () => {
    expect(provesAgentReply([signed], { secret, agentId: 7, recordId: 42, now: days(89) })).toBe(
      true,
    );
    expect(provesAgentReply([signed], { secret, agentId: 7, recordId: 42, now: days(91) })).toBe(
      false,
    );
    expect(provesAgentReply([signed], { secret, agentId: 8, recordId: 42, now })).toBe(false);
    expect(provesAgentReply([signed], { secret, agentId: 7, recordId: 43, now })).toBe(false);
    expect(provesAgentReply([signed], { secret: 'another', agentId: 7, recordId: 42, now })).toBe(
      false,
    );
  });

  it('cannot be moved to another agent or ticket by editing its numbers', () => {
    const forged = signed.replace('.v1.7.42.', '.v1.8.42.');
    expect(forged).not.toBe(signed);
    expect(provesAgentReply([forged], { secret, agentId: 8, recordId: 42, now })).toBe(false);
  });
});
