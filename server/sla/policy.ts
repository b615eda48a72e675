// An SLA policy as stored (migrations/011_sla.sql) and the one query that picks a ticket's
// policy: the first in sort_order whose conditions all match (a NULL condition matches any).
import type { DayHours } from './calendar.js';
import type { SlaPolicy } from './compute.js';

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

/** What the rules (compute.ts) need of a policy: its targets and its calendar. */
export function policyRules(p: PolicyRow): SlaPolicy {
  return {
    id: p.id,
    minutes: {
      first_response: p.first_response_minutes,
      next_response: p.next_response_minutes,
      resolution: p.resolution_minutes,
    },
    calendar: { timeZone: p.time_zone, hours: p.hours, holidays: p.holidays },
  };
}

/**
 * SQL: the policy a ticket with these fields (SQL expressions) matches, the first in sort_order
 * whose conditions all hold, as one jsonb value (NULL: none applies). It is read in the statement
 * that needs it (a ticket's row, a new ticket's defaults) rather than in a round trip of its own;
 * policyFromJson() turns it back into a PolicyRow.
 */
export function matchingPolicySql(hd: string, priority: string, company: string): string {
  return `(SELECT to_jsonb(m) FROM (
             SELECT ${POLICY_COLUMNS} FROM sla_policies p
              WHERE (p.hd_ids IS NULL OR ${hd} = ANY (p.hd_ids))
                AND (p.priority_ids IS NULL OR ${priority} = ANY (p.priority_ids))
                AND (p.company_ids IS NULL OR ${company} = ANY (p.company_ids))
              ORDER BY p.sort_order, p.id
              LIMIT 1) m)`;
}

/** A policy as matchingPolicySql() reads it: its times are JSON text. */
export type PolicyJson = Omit<PolicyRow, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export function policyFromJson(j: PolicyJson | null): PolicyRow | undefined {
  if (!j) return undefined;
  return { ...j, created_at: new Date(j.created_at), updated_at: new Date(j.updated_at) };
}
