// The first step of every received mail, whichever way it came: the raw bytes into
// inbound_mails and its import job, in ONE transaction. Only after that commits does the SMTP
// listener answer 250 (or the IMAP poller go on), so an acknowledged mail is never lost; the
// unique (desk, Message-ID) key makes a second delivery of the same mail a no-op.
import { createHash } from 'node:crypto';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { insertInboundMails } from './sql.js';

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
  return (await storeInboundMails(ctx, [mail]))[0];
}

/**
 * Stores several mails, and queues their imports, in one transaction of four statements
 * whatever their number; returns each mail's new row ids. For a burst this is one commit (one
 * wait for the disk) for all of them, where one each would be the receiving side's limit.
 */
export async function storeInboundMails(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  mails: ReceivedMail[],
): Promise<number[][]> {
  const rows = mails.flatMap((mail) => {
    const key = messageKey(mail.raw);
    return [...new Set(mail.hdIds)].map((hdId) => ({
      mail,
      hdId,
      messageKey: key,
      source: mail.source,
      envelopeFrom: mail.envelopeFrom,
      raw: mail.raw,
    }));
  });
  return withTransaction(ctx.db, async (tx) => {
    const stored = await insertInboundMails(tx, rows);
    // The safety net: the receiving worker imports at once (runner.ts); the job runs later
    // and finds it done, or does it if that worker died (or the import failed).
    await ctx.queue.sendMany(
      'mail.import',
      stored.map((r) => ({ inboundId: r.id })),
      { tx, startAfterSeconds: IMPORT_JOB_DELAY_SECONDS },
    );
    // Each new row to the first mail of the batch with its desk and key.
    const ids = mails.map((): number[] => []);
    for (const r of stored) {
      const at = rows.findIndex((x) => x.hdId === r.hdId && x.messageKey === r.messageKey);
      ids[mails.indexOf(rows[at].mail)].push(r.id);
    }
    return ids;
  });
}

/**
 * Stores mails as they come, in batches: while one batch's transaction runs, the mails that
 * arrive meanwhile wait and go together in the next (group commit). A mail alone goes at once.
 */
export function createStoreBatcher(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  maxBatch = 50,
): (mail: ReceivedMail) => Promise<number[]> {
  interface Waiting {
    mail: ReceivedMail;
    resolve: (ids: number[]) => void;
    reject: (err: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let busy = false;
  const flush = async () => {
    if (busy || !waiting.length) return;
    busy = true;
    const batch = waiting.splice(0, maxBatch);
    try {
      const ids = await storeInboundMails(
        ctx,
        batch.map((w) => w.mail),
      );
      batch.forEach((w, i) => w.resolve(ids[i]));
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      busy = false;
      void flush();
    }
  };
  return (mail) =>
    new Promise((resolve, reject) => {
      waiting.push({ mail, resolve, reject });
      void flush();
    });
}
