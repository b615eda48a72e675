// The first step of every received mail, whichever way it came: the raw bytes into
// inbound_mails and its import job, in ONE transaction. Only after that commits does the SMTP
// listener answer 250 (or the IMAP poller go on), so an acknowledged mail is never lost; the
// unique (desk, Message-ID) key makes a second delivery of the same mail a no-op.
import { createHash } from 'node:crypto';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { insertInboundMail } from './sql.js';

/** How long the import job waits before checking on a mail the receiver is importing. */
export const IMPORT_JOB_DELAY_SECONDS = 30;

/** The unfolded header block of a raw mail. */
function headerBlock(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

/** The Message-ID as in the header (<...>), or `sha256:<hex>` of the bytes when it has none. */
export function messageKey(raw: Buffer): string {
  const m = /^message-id:[ \t]*(<[^<>\s]+>)/im.exec(headerBlock(raw));
  return m ? m[1] : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

export interface ReceivedMail {
  /** The desks (channels) it was addressed to. */
  hdIds: number[];
  raw: Buffer;
  source: 'smtp' | 'imap';
  /** SMTP MAIL FROM ('' for a bounce's null sender); null when unknown (IMAP). */
  envelopeFrom: string | null;
}

/** Stores a mail once per desk and queues its import; returns the ids of the new rows. */
export async function storeInboundMail(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  mail: ReceivedMail,
): Promise<number[]> {
  const key = messageKey(mail.raw);
  return withTransaction(ctx.db, async (tx) => {
    const ids: number[] = [];
    for (const hdId of new Set(mail.hdIds)) {
      const id = await insertInboundMail(tx, {
        hdId,
        messageKey: key,
        source: mail.source,
        envelopeFrom: mail.envelopeFrom,
        raw: mail.raw,
      });
      if (id === undefined) continue;
      // The safety net: the receiving worker imports at once (runner.ts); the job runs later
      // and finds it done, or does it if that worker died (or the import failed).
      await ctx.queue.send(
        'mail.import',
        { inboundId: id },
        { tx, startAfterSeconds: IMPORT_JOB_DELAY_SECONDS },
      );
      ids.push(id);
    }
    return ids;
  });
}
