// The Message-IDs the product sent ('out') or received ('in') for each record: outgoing mails
// name them in In-Reply-To/References, and inbound mail finds its record by them.
import type { Queryable } from '../db/transaction.js';

export interface KnownMessageId {
  messageId: string;
  recordId: number;
  /** The thread message it carried or became (record_messages.id), when there is one. */
  messageRowId: number | null;
  direction: 'in' | 'out';
}

/** Stores a Message-ID (angle brackets included, as in the header); a repeat is ignored. */
export async function rememberMessageId(q: Queryable, m: KnownMessageId): Promise<void> {
  await q.query(
    `INSERT INTO mail_message_ids (message_id, record_id, message_row_id, direction)
     VALUES ($1, $2, $3, $4) ON CONFLICT (message_id) DO NOTHING`,
    [m.messageId, m.recordId, m.messageRowId, m.direction],
  );
}

/** The record the newest of `messageIds` belongs to (In-Reply-To first, then References). */
export async function recordForMessageIds(
  q: Queryable,
  messageIds: string[],
): Promise<number | null> {
  if (!messageIds.length) return null;
  const { rows } = await q.query<{ record_id: string }>(
    `SELECT m.record_id FROM unnest($1::text[]) WITH ORDINALITY AS ids(message_id, n)
       JOIN mail_message_ids m USING (message_id)
      ORDER BY ids.n LIMIT 1`,
    [messageIds],
  );
  return rows.length ? Number(rows[0].record_id) : null;
}

/**
 * A bounce of one of our mails: its log row becomes `bounced` with the reason. Returns the
 * record it was about, or null when the Message-ID is not one of ours.
 */
export async function markBounced(
  q: Queryable,
  messageId: string,
  reason: string,
): Promise<number | null> {
  const { rows } = await q.query<{ record_id: string }>(
    `UPDATE record_mail_log SET state = 'bounced', error = $2, updated_at = now()
      WHERE message_id = $1 RETURNING record_id`,
    [messageId, reason.slice(0, 1000)],
  );
  return rows.length ? Number(rows[0].record_id) : null;
}
