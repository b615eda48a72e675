// The `sla` summary every ticket carries in the API: the next target due, when, and its state.
// `ok` / `warning` (due within the hour, as the due-soon list)  / `overdue` while a target runs,
// `paused` while the ticket is Pending, `met` when nothing is left to meet, `none` without a
// policy.
import type { Target } from './policy.js';

export type SlaState = 'ok' | 'warning' | 'overdue' | 'met' | 'paused' | 'none';

/** How close a due time counts as "due soon" (the dashboard figure and the `due_soon` filter). */
export const DUE_SOON_MS = 60 * 60 * 1000;

/** The service-level columns of `records`, as recompute.ts writes them (columnsOf). */
export const SLA_COLUMNS = [
  'sla_policy_id',
  'sla_started_at',
  'first_response_due_at',
  'first_responded_at',
  'next_response_started_at',
  'next_response_due_at',
  'resolution_due_at',
  'resolved_at',
  'sla_paused_since',
  'sla_due_at',
  'sla_escalate_at',
] as const;

export interface SlaColumns {
  sla_policy_id: number | null;
  first_response_due_at: Date | null;
  first_responded_at: Date | null;
  next_response_due_at: Date | null;
  resolution_due_at: Date | null;
  resolved_at: Date | null;
  sla_paused_since: Date | null;
}

export type SlaSummary = {
  state: SlaState;
  target: Target | null;
  due_at: string | null;
};

export function slaSummary(r: SlaColumns, now: Date): SlaSummary {
  if (r.sla_policy_id === null) return { state: 'none', target: null, due_at: null };
  const open: [Target, Date | null][] = [
    ['first_response', r.first_responded_at ? null : r.first_response_due_at],
    ['next_response', r.next_response_due_at],
    ['resolution', r.resolved_at ? null : r.resolution_due_at],
  ];
  let next: [Target, Date] | null = null;
  for (const [target, due] of open) if (due && (!next || due < next[1])) next = [target, due];
  if (!next) return { state: 'met', target: null, due_at: null };
  const [target, due] = next;
  const left = due.getTime() - now.getTime();
  const state: SlaState = r.sla_paused_since
    ? 'paused'
    : left < 0
      ? 'overdue'
      : left < DUE_SOON_MS
        ? 'warning'
        : 'ok';
  return { state, target, due_at: due.toISOString() };
}

const dateTimeOrNull = { type: ['string', 'null'], format: 'date-time' } as const;

/** The ticket fields the SLA adds to list rows and details (records/kinds.ts). */
export const slaFieldsSchema = {
  sla_policy_id: { type: ['integer', 'null'] },
  first_response_due_at: dateTimeOrNull,
  first_responded_at: dateTimeOrNull,
  next_response_due_at: dateTimeOrNull,
  resolution_due_at: dateTimeOrNull,
  resolved_at: dateTimeOrNull,
  sla: {
    type: 'object',
    required: ['state', 'target', 'due_at'],
    properties: {
      state: { type: 'string', enum: ['ok', 'warning', 'overdue', 'met', 'paused', 'none'] },
      target: {
        type: ['string', 'null'],
        enum: ['first_response', 'next_response', 'resolution', null],
      },
      due_at: dateTimeOrNull,
    },
  },
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The SLA fields of a ticket in the API's shape. */
export function slaFields(r: SlaColumns, now: Date) {
  return {
    sla_policy_id: r.sla_policy_id,
    first_response_due_at: iso(r.first_response_due_at),
    first_responded_at: iso(r.first_responded_at),
    next_response_due_at: iso(r.next_response_due_at),
    resolution_due_at: iso(r.resolution_due_at),
    resolved_at: iso(r.resolved_at),
    sla: slaSummary(r, now),
  };
}

/** The columns selectFrom (records/sql.ts) adds for these fields. */
export const SLA_SELECT = `r.sla_policy_id, r.first_response_due_at, r.first_responded_at,
       r.next_response_due_at, r.resolution_due_at, r.resolved_at, r.sla_paused_since`;
