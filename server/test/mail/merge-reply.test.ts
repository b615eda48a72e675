// A mail reply to a merged ticket's thread lands on the ticket it was merged into, whether it is
// threaded by its headers (In-Reply-To) or only by the [#id] token in its subject.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers.js';
import { caller, person, type Person } from '../work-helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from './inbound-env.js';

let t: InboundEnv;
let agent: Person;
const call = () => caller(t.env);

beforeAll(async () => {
  t = await startInboundEnv();
  agent = await person(t.env, 'Merging Agent', true);
});
afterAll(async () => {
  await t?.close();
});

async function mailTicket(from: string, subject: string) {
  const messageId = newMessageId();
  await t.send({ from, to: SUPPORT, subject, text: 'My screen is black.', messageId });
  const row = await t.imported(messageId);
  expect(row.state).toBe('ticket');
  return { id: row.record_id as number, messageId };
}

describe('a reply to a merged ticket', () => {
  it('lands on the target, by its headers and by its [#id] subject', async () => {
    const from = uniqueEmail('merged');
    const target = await mailTicket(from, 'Black screen');
    const source = await mailTicket(from, 'Black screen again');
    const merged = await call()('POST', `/api/ticket/${target.id}/merge/`, agent.token, {
      source_ids: [source.id],
    });
    expect(merged.statusCode).toBe(200);

    // Threaded by In-Reply-To: the source's own first mail.
    const byHeaders = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: 'Re: Black screen again',
      text: 'Still black.',
      messageId: byHeaders,
      inReplyTo: source.messageId,
      references: [source.messageId],
    });
    expect(await t.imported(byHeaders)).toMatchObject({ state: 'message', record_id: target.id });

    // Threaded by the subject's token only.
    const bySubject = newMessageId();
    await t.send({
      from,
      to: SUPPORT,
      subject: `Re: [#${source.id}] Black screen again`,
      text: 'And now it beeps.',
      messageId: bySubject,
    });
    expect(await t.imported(bySubject)).toMatchObject({ state: 'message', record_id: target.id });

    const { rows } = await t.env.db.query<{ body: string }>(
      `SELECT body FROM record_messages WHERE record_id = $1 AND merged_from_id IS NULL
        ORDER BY id`,
      [target.id],
    );
    expect(rows.map((r) => r.body)).toEqual(['<p>Still black.</p>', '<p>And now it beeps.</p>']);
    const left = await t.env.db.query('SELECT 1 FROM record_messages WHERE record_id = $1', [
      source.id,
    ]);
    expect(left.rows).toEqual([]);
  });
});
