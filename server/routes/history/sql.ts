// SQL for a record's timeline (record_events, index record_events_record_idx).
import type { Queryable } from '../../db/transaction.js';
import type { HistoryAction } from '../records/history.js';
import type { EventDetails } from './routes.js';
import { eventDetailsFor } from '../custom-fields/record-values.js';

export interface EventRow {
  id: string;
  action: HistoryAction;
  actor_id: string | null;
  actor_name: string | null;
  /** As recordEvent wrote them: the keys its action records (routes.ts detailsSchema). */
  details: EventDetails;
  created_at: Date;
}

/** Newest first; internal events (work log) only when `withInternal` (agents). */
export async function events(
  db: Queryable,
  recordId: number,
  withInternal: boolean,
): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT e.id, e.action, e.actor_id,
            (SELECT fullname FROM users WHERE id = e.actor_id) AS actor_name,
            ${eventDetailsFor('e', '$2::boolean', '$1::bigint')} AS details, e.created_at
       FROM record_events e
      WHERE e.record_id = $1 AND (NOT e.internal OR $2::boolean)
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT 1000`,
    [recordId, withInternal],
  );
  return rows;
}
