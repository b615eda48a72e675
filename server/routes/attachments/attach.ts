// The one way to store a file as a record's attachment: uploads (routes.ts) and anything else
// that brings files in (mail) go through withAttachments(). The file, its attachment row and
// its history event commit together; a file over the limit, or a transaction that fails,
// leaves nothing behind. Each file's type is sniffed from its first bytes as it streams in
// (sniff.ts): that, not the declared type, decides how it is served.
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { withTransaction, withUserTransaction, type Actor } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { recordEvent } from '../records/history.js';
import { detectType, withHead } from './sniff.js';
import * as sql from './sql.js';
import { cleanContentType, cleanFileName } from './storage.js';

export interface NewAttachmentFile {
  recordId: number;
  /** As the sender named it: cleaned here (no folders, no control characters). */
  fileName: string | undefined;
  /**
   * As declared: anything that is not a media type is stored as application/octet-stream. Kept
   * for information only; the bytes decide how the file is served.
   */
  contentType: string | undefined;
  /** Null for files no user brought (none yet); also the history event's actor. */
  uploadedBy: number | null;
  /** The bytes, read once to the end. */
  source: Readable;
}

/** Stores one file in the transaction; undefined when it is larger than ATTACHMENT_MAX_MB. */
export type AttachFile = (file: NewAttachmentFile) => Promise<sql.AttachmentRow | undefined>;

export function attachmentMaxBytes(ctx: Pick<AppContext, 'config'>): number {
  return ctx.config.attachmentMaxMb * 1024 * 1024;
}

/**
 * Runs `run` in one transaction with `attach`, which stores files as attachments in that
 * transaction. When it does not commit, files already written to a bucket are removed again
 * (the PostgreSQL store's chunks roll back with the rest). `actor`: the request's, for its
 * live events (withUserTransaction); none for mail.
 */
export async function withAttachments<T>(
  ctx: Pick<AppContext, 'db' | 'blobs' | 'config'>,
  run: (tx: pg.PoolClient, attach: AttachFile) => Promise<T>,
  actor?: Actor,
): Promise<T> {
  const written: string[] = [];
  const transaction = <R>(body: (tx: pg.PoolClient) => Promise<R>) =>
    actor ? withUserTransaction(ctx.db, actor, body) : withTransaction(ctx.db, body);
  try {
    return await transaction((tx) =>
      run(tx, async (file) => {
        const source = withHead(file.source);
        const stored = await ctx.blobs.put(source.stream, attachmentMaxBytes(ctx), tx);
        if (!stored) return undefined;
        written.push(stored.key);
        const fileName = cleanFileName(file.fileName);
        const row = await sql.insertAttachment(tx, {
          recordId: file.recordId,
          fileName,
          storedName: stored.key,
          contentType: cleanContentType(file.contentType),
          detectedType: await detectType(source.head()),
          size: stored.size,
          uploadedBy: file.uploadedBy,
        });
        await recordEvent(tx, {
          recordId: file.recordId,
          actorId: file.uploadedBy,
          action: 'attachment_added',
          details: { file_name: fileName },
        });
        return row;
      }),
    );
  } catch (err) {
    if (written.length) await ctx.blobs.remove(written).catch(() => undefined);
    throw err;
  }
}

/**
 * Removes the files of attachments whose rows are gone (committed). The PostgreSQL store's
 * chunks went with the rows already; a bucket's objects go now. A failure is logged, never
 * thrown: the rows are gone either way.
 */
export async function removeStoredFiles(
  ctx: Pick<AppContext, 'blobs'>,
  keys: string[],
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  if (!keys.length) return;
  await ctx.blobs
    .remove(keys)
    .catch((err: unknown) => log.error({ err, keys }, 'removing attachment files failed'));
}
