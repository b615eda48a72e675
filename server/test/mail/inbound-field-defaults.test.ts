// Mail in and custom fields: a ticket raised by mail takes the defaults of the active ticket
// fields that apply to its desk (docs/api-records.md "Custom fields").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundMails } from '../../mail/inbound/store.js';
import { uniqueEmail } from '../helpers.js';
import { SUPPORT, newMessageId, rawMail, startInboundEnv, type InboundEnv } from './inbound-env.js';

let t: InboundEnv;

beforeAll(async () => {
  t = await startInboundEnv();
  await t.env.db.query(
    `INSERT INTO custom_fields (object_type, key, type, label_en, label_es, default_value, hd_ids,
                                active)
     VALUES ('T', 'source', 'text', 'Source', 'Origen', '"mail"', '{}', true),
            ('T', 'hr_only', 'text', 'HR', 'RR. HH.', '"hr"', '{4}', true),
            ('T', 'retired', 'text', 'Retired', 'Retirado', '"old"', '{}', false)`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a ticket raised by mail', () => {
  it('carries the defaults of the active fields of its desk, and no others', async () => {
    const messageId = newMessageId();
    const raw = rawMail(
      { From: uniqueEmail('fields'), To: SUPPORT, Subject: 'Defaults', 'Message-ID': messageId },
      'Body',
    );
    const ids = await storeInboundMails({ db: t.env.db, queue: t.ctx.queue }, [
      { hdIds: [1], raw: Buffer.from(raw), source: 'smtp', envelopeFrom: 'x@client.test' },
    ]);
    t.runner.kick(ids.flat());
    const row = await t.imported(messageId);
    expect(row.state).toBe('ticket');
    const { rows } = await t.env.db.query<{ fields: unknown }>(
      'SELECT fields FROM records WHERE id = $1',
      [row.record_id],
    );
    expect(rows[0].fields).toEqual({ source: 'mail' });
  });
});
