// The record's history: every change writes one event, in the same transaction as the change
// (pass the transaction's client). GET {kind}/{id}/history/ reads them back as a timeline.
import type { Queryable } from '../../db/transaction.js';

export interface RecordEvent {
  recordId: number;
  actorId: number | null;
  /** e.g. created, updated, status_changed, shared, classified, related, attachment_added,
   *  attachment_deleted, assigned, moved, duplicated, message_added, worklog_added */
  action: string;
  /** What changed, for the timeline (names, not just ids, so it reads well later). */
  details?: Record<string, unknown>;
  /** Only helpdesk agents see it (work-log entries). */
  internal?: boolean;
}

export async function recordEvent(q: Queryable, e: RecordEvent): Promise<void> {
  await q.query(
    `INSERT INTO record_events (record_id, actor_id, action, details, internal)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.recordId, e.actorId, e.action, JSON.stringify(e.details ?? {}), e.internal ?? false],
  );
}
