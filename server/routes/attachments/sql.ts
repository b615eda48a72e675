// SQL for attachments. Reading one goes through its record's readableBy() condition, so a file
// of a record the caller may not read is not found.
import type { Queryable } from '../../db/transaction.js';
import {
  Params,
  readableBy,
  viewerColumns,
  type Access,
  type Viewer,
} from '../records/visibility.js';

export interface AttachmentRow {
  id: string;
  record_id: string;
  file_name: string;
  stored_name: string;
  /** As declared by the sender (cleaned). */
  content_type: string;
  /** What the bytes are (routes/attachments/sniff.ts); null: not recognised, or stored before. */
  detected_type: string | null;
  size: string;
  uploaded_by_id: string | null;
  uploaded_by_name: string | null;
  created_at: Date;
}

const COLUMNS = `a.id, a.record_id, a.file_name, a.stored_name, a.content_type, a.detected_type, a.size,
       a.uploaded_by AS uploaded_by_id,
       (SELECT fullname FROM users WHERE id = a.uploaded_by) AS uploaded_by_name, a.created_at`;

export async function listAttachments(q: Queryable, recordId: number): Promise<AttachmentRow[]> {
  const { rows } = await q.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM attachments a WHERE a.record_id = $1 ORDER BY a.created_at, a.id`,
    [recordId],
  );
  return rows;
}

export interface NewAttachment {
  recordId: number;
  fileName: string;
  /** The file's key in the blob store (server/storage/blob-store.ts). */
  storedName: string;
  contentType: string;
  /** What the bytes are (sniff.ts detectType), null when not recognised. */
  detectedType: string | null;
  size: number;
  uploadedBy: number | null;
}

export async function insertAttachment(q: Queryable, a: NewAttachment): Promise<AttachmentRow> {
  const { rows } = await q.query<AttachmentRow>(
    `WITH a AS (
       INSERT INTO attachments
         (record_id, file_name, stored_name, content_type, detected_type, size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *)
     SELECT ${COLUMNS} FROM a`,
    [a.recordId, a.fileName, a.storedName, a.contentType, a.detectedType, a.size, a.uploadedBy],
  );
  return rows[0];
}

/** One attachment of a record the viewer may read, with the viewer's access to that record. */
export async function findAttachment(
  q: Queryable,
  viewer: Viewer,
  id: number,
): Promise<(AttachmentRow & { access: Access }) | undefined> {
  const p = new Params([id]);
  const { rows } = await q.query<AttachmentRow & { access: Access }>(
    `SELECT ${COLUMNS}, ${viewerColumns(p, viewer)}
       FROM attachments a JOIN records r ON r.id = a.record_id
      WHERE a.id = $1 AND ${readableBy(p, viewer)}`,
    p.values,
  );
  return rows[0];
}

export async function deleteAttachment(q: Queryable, id: number): Promise<boolean> {
  const result = await q.query('DELETE FROM attachments WHERE id = $1', [id]);
  return result.rowCount === 1;
}
