// A deactivated user's mail opens no ticket and adds nothing to one: it is stored and ignored
// with the reason `sender_deactivated` (docs/mail.md "Loop protection"), as they cannot sign in
// to do it on the web.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from './inbound-env.js';

let t: InboundEnv;

beforeAll(async () => {
  t = await startInboundEnv();
});
afterAll(async () => {
  await t?.close();
});

describe("a deactivated user's mail", () => {
  it('is ignored with a reason, neither a new ticket nor a reply', async () => {
    const from = uniqueEmail('leaving');
    const first = newMessageId();
    await t.send({ from, to: SUPPORT, subject: 'Printer jam', text: 'It jams.', messageId: first });
    const ticket = await t.imported(first);
    expect(ticket.state).toBe('ticket');
    const recordId = ticket.record_id as number;

    await t.env.db.query('UPDATE users SET deactivated_at = now() WHERE lower(email) = $1', [
      from.toLowerCase(),
    ]);
    const messagesBefore = await t.env.db.query(
      'SELECT id FROM record_messages WHERE record_id = $1',
      [recordId],
    );

    const replyId = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: `Re: [#${recordId}] Printer jam`,
      text: 'Still jams.',
      messageId: replyId,
      inReplyTo: first,
      references: [first],
    });
    expect(await t.imported(replyId)).toMatchObject({
      state: 'ignored',
      reason: 'sender_deactivated',
      record_id: null,
    });
    const messagesAfter = await t.env.db.query(
      'SELECT id FROM record_messages WHERE record_id = $1',
      [recordId],
    );
    expect(messagesAfter.rows).toEqual(messagesBefore.rows);

    const fresh = newMessageId();
    await t.send({ from, to: SUPPORT, subject: 'Another', text: 'Hello?', messageId: fresh });
    expect(await t.imported(fresh)).toMatchObject({
      state: 'ignored',
      reason: 'sender_deactivated',
      record_id: null,
    });
    const tickets = await t.env.db.query(
      `SELECT r.id FROM records r JOIN users u ON u.id = r.owner_id WHERE lower(u.email) = $1`,
      [from.toLowerCase()],
    );
    expect(tickets.rows.map((r) => Number(r.id))).toEqual([recordId]);
  });
});
