// Mail in, one line (lib/one-line.ts `oneLineText`): line breaks and control characters that an
// encoded word carries in a subject, a sender's name or an attachment's name become spaces, so
// the ticket's title, the new contact's name and the file's name are each one line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundMails } from '../../mail/inbound/store.js';
import { uniqueEmail } from '../helpers.js';
import { SUPPORT, newMessageId, startInboundEnv, type InboundEnv } from './inbound-env.js';

let t: InboundEnv;

beforeAll(async () => {
  t = await startInboundEnv();
});
afterAll(async () => {
  await t?.close();
});

/** Stores a raw mail for desk 1 and waits for its import. */
async function receive(raw: string, messageId: string) {
  const ids = await storeInboundMails({ db: t.env.db, queue: t.ctx.queue }, [
    { hdIds: [1], raw: Buffer.from(raw), source: 'smtp', envelopeFrom: 'x@client.test' },
  ]);
  t.runner.kick(ids.flat());
  return t.imported(messageId);
}

describe('a mail with line breaks and control characters in its headers', () => {
  it('becomes a ticket whose title, contact name and file name have them as spaces', async () => {
    const from = uniqueEmail('eve');
    const messageId = newMessageId();
    const boundary = 'one-line-boundary';
    const raw = [
      // "Eve<CR><LF>Bcc: x<NEL>y<SOH>z"
      `From: =?utf-8?q?Eve=0D=0ABcc=3A_x=C2=85y=01z?= <${from}>`,
      `To: ${SUPPORT}`,
      // "Hello<CR><LF>Bcc: x<TAB>tab<CSI>csi<U+2028>ls<DEL>del"
      'Subject: =?utf-8?q?Hello=0D=0ABcc:_x=09tab=C2=9Bcsi=E2=80=A8ls=7Fdel?=',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'My laptop is broken.',
      `--${boundary}`,
      'Content-Type: text/plain',
      // "notes<CR><LF>Bcc<SOH>x<NEL>y.txt"
      "Content-Disposition: attachment; filename*=utf-8''notes%0D%0ABcc%01x%C2%85y.txt",
      '',
      'file content',
      `--${boundary}--`,
      '',
    ].join('\r\n');

    const row = await receive(raw, messageId);
    expect(row.state).toBe('ticket');
    const { rows } = await t.env.db.query<{ title: string; fullname: string; file_name: string }>(
      `SELECT r.title, u.fullname, a.file_name
         FROM records r JOIN users u ON u.id = r.owner_id
         JOIN attachments a ON a.record_id = r.id
        WHERE r.id = $1`,
      [row.record_id],
    );
    expect(rows).toEqual([
      {
        title: 'Hello Bcc: x tab csi ls del',
        fullname: 'Eve Bcc: x y z',
        file_name: 'notes Bcc x y.txt',
      },
    ]);
  });
});
