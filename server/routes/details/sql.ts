// SQL for the details call (docs/api-records.md "Details"): everything the record view shows,
// each part one statement whatever the thread length. The record check runs first, so these take
// a record the caller may read, and the caller's role decides what they select.
import type { Queryable } from '../../db/transaction.js';
import { MESSAGE_COLUMNS, type MessageRow } from '../threads/sql.js';
import type { AttachmentRow } from '../attachments/sql.js';
import type { EventDetails } from '../history/routes.js';
import type { HistoryAction } from '../records/history.js';
import { eventDetailsFor } from '../custom-fields/record-values.js';

/** Newest first, `TIMELINE_PAGE` entries a page (the SPA shows them oldest first). */
export const TIMELINE_PAGE = 50;

/** Where a page ends: the last entry's time (microseconds), kind rank and id. */
export interface Cursor {
  at: string;
  rank: 0 | 1;
  id: string;
}

export const CURSOR_PATTERN =
  '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z~[01]~\\d{1,19}$';

export function parseCursor(text: string): Cursor {
  const [at, rank, id] = text.split('~');
  return { at, rank: rank === '1' ? 1 : 0, id };
}

/** The columns of every timeline row: a message's are null on an event's row, and the reverse. */
interface TimelineColumns extends Omit<MessageRow, 'id' | 'created_at'> {
  entry_id: string;
  entry_at: Date;
  cursor: string;
  event_actor_id: string | null;
  event_actor_name: string | null;
  id: string | null;
  created_at: Date | null;
}

export type TimelineRow = TimelineColumns &
  (
    | { entry_type: 'message'; event_action: null; event_details: null }
    | { entry_type: 'event'; event_action: HistoryAction; event_details: EventDetails }
  );

/**
 * One page of the timeline: public messages (and for agents the work log), and history events
 * (for agents also the internal ones) except the "message added" events, which the messages
 * themselves show. Each branch reads its index newest first and stops at the page size, so the
 * cost is a page's, not the thread's.
 */
export async function timelinePage(
  q: Queryable,
  recordId: number,
  opts: { agent: boolean; before?: Cursor; limit: number },
): Promise<TimelineRow[]> {
  const b = opts.before;
  const values: unknown[] = [
    recordId,
    opts.agent,
    opts.limit,
    b?.at ?? null,
    b?.rank ?? 0,
    b?.id ?? 0,
  ];
  const before = (rank: number, alias: string) =>
    `($4::timestamptz IS NULL OR (${alias}.created_at, ${rank}, ${alias}.id) < ($4::timestamptz, $5::int, $6::bigint))`;
  const { rows } = await q.query<TimelineRow>(
    `WITH page AS (
       (SELECT 'message' AS entry_type, m.id AS entry_id, m.created_at AS entry_at, 1 AS rank
          FROM record_messages m
         WHERE m.record_id = $1 AND (m.thread = 'communication' OR $2::boolean)
           AND ${before(1, 'm')}
         ORDER BY m.created_at DESC, m.id DESC LIMIT $3)
       UNION ALL
       (SELECT 'event', e.id, e.created_at, 0
          FROM record_events e
         WHERE e.record_id = $1 AND (NOT e.internal OR $2::boolean)
           AND e.action NOT IN ('message_added', 'worklog_added')
           AND ${before(0, 'e')}
         ORDER BY e.created_at DESC, e.id DESC LIMIT $3)
       ORDER BY entry_at DESC, rank DESC, entry_id DESC LIMIT $3)
     SELECT page.entry_type, page.entry_id, page.entry_at,
            to_char(page.entry_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
              || '~' || page.rank || '~' || page.entry_id AS cursor,
            e.action AS event_action, e.actor_id AS event_actor_id,
            (SELECT fullname FROM users WHERE id = e.actor_id) AS event_actor_name,
            ${eventDetailsFor('e', '$2::boolean', '$1::bigint')} AS event_details,
            ${MESSAGE_COLUMNS}
       FROM page
       LEFT JOIN record_messages m ON page.entry_type = 'message' AND m.id = page.entry_id
       LEFT JOIN record_events e ON page.entry_type = 'event' AND e.id = page.entry_id
      ORDER BY page.entry_at DESC, page.rank DESC, page.entry_id DESC`,
    values,
  );
  return rows;
}

export interface DetailAttachmentRow extends AttachmentRow {
  message_id: string | null;
}

/**
 * The record's files, each with the message it came with where known: a mail's files and its
 * message are stored in one transaction, so they share its `now()` to the microsecond.
 */
export async function attachmentsWithMessages(
  q: Queryable,
  recordId: number,
  agent: boolean,
): Promise<DetailAttachmentRow[]> {
  const { rows } = await q.query<DetailAttachmentRow>(
    `SELECT a.id, a.record_id, a.file_name, a.stored_name, a.content_type, a.detected_type,
            a.size, a.uploaded_by AS uploaded_by_id,
            (SELECT fullname FROM users WHERE id = a.uploaded_by) AS uploaded_by_name,
            a.created_at,
            (SELECT m.id FROM record_messages m
              WHERE m.record_id = a.record_id AND m.created_at = a.created_at
                AND (m.thread = 'communication' OR $2::boolean)
              ORDER BY m.id LIMIT 1) AS message_id
       FROM attachments a WHERE a.record_id = $1 ORDER BY a.created_at, a.id`,
    [recordId, agent],
  );
  return rows;
}
