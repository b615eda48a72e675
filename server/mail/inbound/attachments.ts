// A mail's attachments, stored like uploads (same storage, same size limit, same cleaning of
// names and types, the type sniffed from the bytes the same way: a part's declared type never
// decides how it is served). storeMailAttachment is the ONE place an inbound part is stored, so moving
// attachment storage elsewhere means changing this function only.
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { AppContext } from '../../lib/context.js';
import { attachmentMaxBytes } from '../../routes/attachments/attach.js';
import { insertAttachment } from '../../routes/attachments/sql.js';
import { detectType } from '../../routes/attachments/sniff.js';
import { cleanContentType, cleanFileName } from '../../routes/attachments/storage.js';
import { recordEvent } from '../../routes/records/history.js';
import { escapeHtml } from './body.js';

export interface MailPart {
  filename?: string;
  contentType: string;
  content: Buffer;
}

export interface StoredMailAttachment {
  fileName: string;
  /** The stored file's key, to remove again if the import's transaction does not commit. */
  storedName: string;
}

type StoreContext = Pick<AppContext, 'config' | 'blobs'>;

/** Stores one part as an attachment of the record (blob, row and history event, in `tx`). */
export async function storeMailAttachment(
  ctx: StoreContext,
  tx: pg.PoolClient,
  recordId: number,
  part: MailPart,
  uploadedBy: number,
): Promise<StoredMailAttachment> {
  const fileName = cleanFileName(part.filename);
  // Oversize parts were set aside (and listed) before this point.
  const saved = await ctx.blobs.put(Readable.from([part.content]), attachmentMaxBytes(ctx), tx);
  if (!saved) throw new Error('attachment was not stored');
  await insertAttachment(tx, {
    recordId,
    fileName,
    storedName: saved.key,
    contentType: cleanContentType(part.contentType),
    // The part is in memory already (mailparser); its first bytes are enough.
    detectedType: await detectType(part.content),
    size: saved.size,
    uploadedBy,
  });
  await recordEvent(tx, {
    recordId,
    actorId: uploadedBy,
    action: 'attachment_added',
    details: { file_name: fileName },
  });
  return { fileName, storedName: saved.key };
}

/**
 * Removes the files of an import whose transaction rolled back: a bucket's objects (the
 * PostgreSQL store's chunks rolled back with the transaction).
 */
export async function discardMailAttachments(
  ctx: StoreContext,
  stored: StoredMailAttachment[],
): Promise<void> {
  if (stored.length) await ctx.blobs.remove(stored.map((s) => s.storedName)).catch(() => undefined);
}

function humanSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The note that lists parts over the limit, so nothing is dropped without a word. */
export function oversizeNote(parts: MailPart[], maxMb: number): string {
  if (!parts.length) return '';
  const items = parts
    .map(
      (p) => `<li>${escapeHtml(cleanFileName(p.filename))} (${humanSize(p.content.length)})</li>`,
    )
    .join('');
  return `<p>Not attached (over the ${maxMb} MB size limit):</p><ul>${items}</ul>`;
}
