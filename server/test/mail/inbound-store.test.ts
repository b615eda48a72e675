// Storing received mails in batches (the SMTP listener's group commit): one transaction stores
// every mail of a batch once per desk, with one delayed `mail.import` job per new row; a repeat
// (also within the batch) gets no row and no job; mails sent together all arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundMails, type ReceivedMail } from '../../mail/inbound/store.js';
import { uniqueEmail } from '../helpers.js';
import {
  HR,
  SUPPORT,
  newMessageId,
  rawMail,
  startInboundEnv,
  type InboundEnv,
} from './inbound-env.js';

let t: InboundEnv;

beforeAll(async () => {
  t = await startInboundEnv();
});
afterAll(async () => {
  await t?.close();
});

function received(messageId: string, hdIds: number[]): ReceivedMail {
  const raw = rawMail(
    { From: uniqueEmail('store'), To: SUPPORT, Subject: 'Stored', 'Message-ID': messageId },
    'Body',
  );
  return { hdIds, raw: Buffer.from(raw), source: 'smtp', envelopeFrom: 'x@client.test' };
}

async function importJobs(ids: number[]) {
  const { rows } = await t.env.db.query<{ inbound_id: number; later: boolean }>(
    `SELECT (data->>'inboundId')::int AS inbound_id, start_after > now() AS later
       FROM pgboss.job WHERE name = 'mail.import' AND (data->>'inboundId')::int = ANY($1)
      ORDER BY 1`,
    [ids],
  );
  return rows;
}

describe('storing mails in batches', () => {
  it('stores each mail once per desk with a delayed import job; repeats get neither', async () => {
    const [a, b, known] = [newMessageId(), newMessageId(), newMessageId()];
    const [first] = await storeInboundMails({ db: t.env.db, queue: t.ctx.queue }, [
      received(known, [1]),
    ]);
    expect(first).toHaveLength(1);

    const ids = await storeInboundMails({ db: t.env.db, queue: t.ctx.queue }, [
      received(a, [1, 4]),
      received(b, [1]),
      received(a, [1]),
      received(known, [1]),
    ]);
    expect(ids.map((x) => x.length)).toEqual([2, 1, 0, 0]);
    const { rows } = await t.env.db.query<{ id: number; hd_id: number; message_key: string }>(
      `SELECT id::int, hd_id, message_key FROM inbound_mails WHERE message_key = ANY($1)
        ORDER BY id`,
      [[a, b]],
    );
    expect(rows.map((r) => [r.hd_id, r.message_key])).toEqual([
      [1, a],
      [4, a],
      [1, b],
    ]);
    expect(ids.flat().sort((x, y) => x - y)).toEqual(rows.map((r) => r.id));
    expect(await importJobs(ids.flat())).toEqual(
      ids
        .flat()
        .sort((x, y) => x - y)
        .map((id) => ({ inbound_id: id, later: true })),
    );
  });

  it('mails sent together over several SMTP connections all become tickets', async () => {
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.send({
          from: uniqueEmail('burst'),
          to: i % 2 ? SUPPORT : HR,
          subject: `Burst ${i}`,
          text: `Mail ${i}`,
        }),
      ),
    );
    for (const { messageId } of sent) {
      expect(await t.imported(messageId)).toMatchObject({ state: 'ticket' });
    }
  });
});
