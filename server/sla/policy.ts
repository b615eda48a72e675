// An SLA policy as stored (migrations/011_sla.sql) and the one query that picks a ticket's
// policy: the first in sort_order whose conditions all match (a NULL condition matches any).
import { prepared } from '../db/prepared.js';
import type { Queryable } from '../db/transaction.js';
import type { BusinessCalendar, DayHours } from './calendar.js';

export const TARGETS = ['first_response', 'next_response', 'resolution'] as const;
export type Target = (typeof TARGETS)[number];

export interface PolicyRow {
  id: number;
  name: string;
  sort_order: number;
  hd_ids: number[] | null;
  priority_ids: number[] | null;
  company_ids: number[] | null;
  first_response_minutes: number | null;
  next_response_minutes: number | null;
  resolution_minutes: number | null;
  time_zone: string;
  hours: (DayHours | null)[];
  /** Local dates, "YYYY-MM-DD" (selected with to_char). */
  holidays: string[];
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a policy, holidays as text dates (no time-zone shift through a JS Date). */
export const POLICY_COLUMNS = `p.id, p.name, p.sort_order, p.hd_ids, p.priority_ids,
  p.company_ids, p.first_response_minutes, p.next_response_minutes, p.resolution_minutes,
  p.time_zone, p.hours,
  ARRAY(SELECT to_char(h, 'YYYY-MM-DD') FROM unnest(p.holidays) h ORDER BY h) AS holidays,
  p.version, p.created_at, p.updated_at`;

export function calendarOf(p: PolicyRow): BusinessCalendar {
  return { timeZone: p.time_zone, hours: p.hours, holidays: p.holidays };
}

export function targetMinutes(p: PolicyRow, target: Target): number | null {
  return target === 'first_response'
    ? p.first_response_minutes
    : target === 'next_response'
      ? p.next_response_minutes
      : p.resolution_minutes;
}

/** The policy for a ticket with these fields, or undefined when none applies. */
export async function matchingPolicy(
  q: Queryable,
  t: { hd_id: number | null; priority_id: number | null; company_id: number | null },
): Promise<PolicyRow | undefined> {
  const { rows } = await q.query<PolicyRow>(
    prepared(
      `SELECT ${POLICY_COLUMNS} FROM sla_policies p
        WHERE (p.hd_ids IS NULL OR $1 = ANY (p.hd_ids))
          AND (p.priority_ids IS NULL OR $2::int = ANY (p.priority_ids))
          AND (p.company_ids IS NULL OR $3::int = ANY (p.company_ids))
        ORDER BY p.sort_order, p.id
        LIMIT 1`,
      [t.hd_id, t.priority_id, t.company_id],
    ),
  );
  return rows[0];
}
