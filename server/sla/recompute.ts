// Where a ticket's service-level state is loaded and saved (docs/sla.md); the rules are in
// compute.ts. Every change that can move a due time calls recomputeSla() in its own transaction:
// it locks the ticket's row and reads what the rules need with it in one round trip, then writes
// what they decided: the pause that ended, the warnings and breaches due (each once:
// sla_escalations' key), the job that wakes it for the next one, and the row when it changed.
import { prepared } from '../db/prepared.js';
import type { Queryable } from '../db/transaction.js';
import type { AppContext } from '../lib/context.js';
import { computeSla, NO_STATE, type SlaEvent, type SlaState, type SlaTicket } from './compute.js';
import type { Level } from './escalation-mail.js';
import { fireEscalation } from './escalation.js';
import {
  matchingPolicySql,
  policyFromJson,
  policyRules,
  type PolicyJson,
  type PolicyRow,
  type Target,
} from './policy.js';
import { SLA_COLUMNS } from './summary.js';

export { messageEvent, type SlaEvent } from './compute.js';

export type SlaContext = Pick<AppContext, 'queue' | 'config' | 'clock' | 'jwtSecret'>;

export interface RecomputeOptions {
  event?: SlaEvent;
  /** A batch run (a policy change, tickets that never had state): see SlaEvents.backfill. */
  backfill?: boolean;
  /** The ticket's row as readSlaRow answered it, when the caller sent that read with its own. */
  row?: SlaRow;
}

type SlaColumn = (typeof SLA_COLUMNS)[number];

/** The ticket's row with what the rules read beside it (times inside JSON are text). */
export interface SlaRow {
  id: string;
  object_type: 'T' | 'C';
  is_draft: boolean;
  title: string;
  assignee_id: string | null;
  created_at: Date;
  status_code: string;
  is_closed: boolean;
  sla_policy_id: number | null;
  sla_started_at: Date | null;
  first_response_due_at: Date | null;
  first_responded_at: Date | null;
  next_response_started_at: Date | null;
  next_response_due_at: Date | null;
  resolution_due_at: Date | null;
  resolved_at: Date | null;
  sla_paused_since: Date | null;
  sla_due_at: Date | null;
  sla_escalate_at: Date | null;
  policy: PolicyJson | null;
  /** Its pauses that are over. */
  pauses: { start: string; end: string }[];
  /** The warnings and breaches fired so far. */
  fired: { target: Target; level: Level; started_at: string }[];
}

/**
 * The ticket's row for recomputeSla(), locked for the rest of the transaction. Sent on its own,
 * it may go out with the caller's other statements (the pool's clients pipeline).
 */
export async function readSlaRow(tx: Queryable, recordId: number): Promise<SlaRow | undefined> {
  // NO KEY UPDATE, not UPDATE: a message or event inserted earlier in this transaction, by this
  // or a concurrent request, holds KEY SHARE on the ticket (its foreign key), which UPDATE would
  // wait on while the other request waits on this one (a deadlock; two replies at once).
  // The policy its fields match, its pauses and the escalations fired come in the same round trip.
  const { rows } = await tx.query<SlaRow>(
    prepared(
      `SELECT r.id, r.object_type, r.is_draft, r.title, r.assignee_id, r.created_at,
            s.code AS status_code, s.is_closed,
            r.sla_policy_id, r.sla_started_at, r.first_response_due_at, r.first_responded_at,
            r.next_response_started_at, r.next_response_due_at, r.resolution_due_at,
            r.resolved_at, r.sla_paused_since, r.sla_due_at, r.sla_escalate_at,
            ${matchingPolicySql('r.hd_id', 'r.priority_id', 'r.company_id')} AS policy,
            COALESCE((SELECT json_agg(json_build_object('start', started_at, 'end', ended_at))
                        FROM record_sla_pauses WHERE record_id = r.id), '[]') AS pauses,
            COALESCE((SELECT json_agg(json_build_object(
                               'target', target, 'level', level, 'started_at', started_at))
                        FROM sla_escalations WHERE record_id = r.id), '[]') AS fired
       FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.id = $1
      FOR NO KEY UPDATE OF r`,
      [recordId],
    ),
  );
  return rows[0];
}

export async function recomputeSla(
  tx: Queryable,
  ctx: SlaContext,
  recordId: number,
  opts: RecomputeOptions = {},
): Promise<void> {
  const now = ctx.clock.now();
  const r = opts.row ?? (await readSlaRow(tx, recordId));
  if (!r || r.object_type !== 'T' || r.is_draft) return;
  // Only a ticket that never had state needs its first agent reply, from the thread.
  const backfill = opts.backfill
    ? { firstAgentReplyAt: r.sla_started_at ? null : await firstAgentReply(tx, recordId) }
    : undefined;
  const policy = policyFromJson(r.policy);
  const { state, endedPause, escalations } = computeSla(
    ticketOf(r),
    policy && policyRules(policy),
    {
      message: opts.event,
      pauses: r.pauses.map((p) => ({ start: new Date(p.start), end: new Date(p.end) })),
      fired: r.fired.map((e) => ({
        target: e.target,
        level: e.level,
        startedAt: new Date(e.started_at),
      })),
      backfill,
    },
    now,
  );
  if (endedPause) {
    await tx.query(
      prepared(
        `INSERT INTO record_sla_pauses (record_id, started_at, ended_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
        [recordId, endedPause.start, endedPause.end],
      ),
    );
  }
  for (const e of escalations) {
    await fireEscalation(tx, ctx, r, e.target, e.level, now, { silent: e.silent });
  }
  await wakeAt(tx, ctx, recordId, r.sla_escalate_at, state.escalateAt, now);
  await save(tx, r, state);
}

function ticketOf(r: SlaRow): SlaTicket {
  return {
    createdAt: r.created_at,
    status: { code: r.status_code, isClosed: r.is_closed },
    stored: {
      policyId: r.sla_policy_id,
      startedAt: r.sla_started_at,
      firstResponseDueAt: r.first_response_due_at,
      firstRespondedAt: r.first_responded_at,
      nextResponseStartedAt: r.next_response_started_at,
      nextResponseDueAt: r.next_response_due_at,
      resolutionDueAt: r.resolution_due_at,
      resolvedAt: r.resolved_at,
      pausedSince: r.sla_paused_since,
      dueAt: r.sla_due_at,
      escalateAt: r.sla_escalate_at,
    },
  };
}

/** The state as the row's columns hold it. */
function columnsOf(s: SlaState): Record<SlaColumn, Date | number | null> {
  return {
    sla_policy_id: s.policyId,
    sla_started_at: s.startedAt,
    first_response_due_at: s.firstResponseDueAt,
    first_responded_at: s.firstRespondedAt,
    next_response_started_at: s.nextResponseStartedAt,
    next_response_due_at: s.nextResponseDueAt,
    resolution_due_at: s.resolutionDueAt,
    resolved_at: s.resolvedAt,
    sla_paused_since: s.pausedSince,
    sla_due_at: s.dueAt,
    sla_escalate_at: s.escalateAt,
  };
}

async function firstAgentReply(tx: Queryable, recordId: number): Promise<Date | null> {
  const { rows } = await tx.query<{ at: Date | null }>(
    `SELECT min(m.created_at) AS at
       FROM record_messages m JOIN users u ON u.id = m.author_id
       JOIN records r ON r.id = m.record_id
      WHERE m.record_id = $1 AND m.thread = 'communication' AND m.action = 'reply'
        AND u.user_is_hde AND m.author_id <> r.owner_id`,
    [recordId],
  );
  return rows[0]?.at ?? null;
}

/** Sends the delayed job that runs recomputeSla again at `at` (when that instant is new). */
async function wakeAt(
  tx: Queryable,
  ctx: SlaContext,
  recordId: number,
  was: Date | null,
  at: Date | null,
  now: Date,
): Promise<void> {
  if (!at || (was && was.getTime() === at.getTime())) return;
  await ctx.queue.send(
    'sla.check',
    { recordId },
    {
      tx,
      startAfterSeconds: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)),
      singletonKey: `sla:${recordId}:${at.toISOString()}`,
    },
  );
}

const sameValue = (a: Date | number | null, b: Date | number | null) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Writes the state, unless it is what the row holds already (a reply after the first response,
 * a requester's second message): the columns are indexed, so every write of the row goes
 * through all of its indexes.
 */
async function save(tx: Queryable, r: SlaRow, s: SlaState): Promise<void> {
  const after = columnsOf(s);
  if (SLA_COLUMNS.every((c) => sameValue(r[c], after[c]))) return;
  const set = SLA_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  const values = SLA_COLUMNS.map((c) => after[c]);
  await tx.query(prepared(`UPDATE records SET ${set} WHERE id = $1`, [r.id, ...values]));
}

/** A new ticket's service-level columns (SLA_COLUMNS' values), and when it next needs a look. */
export interface NewTicketSla {
  values: (Date | number | null)[];
  escalateAt: Date | null;
}

/**
 * A submitted ticket's service-level state before its row exists, so the row is written once
 * (an insert, not an insert and then an update through every index): what recomputeSla() sets
 * on a new row. Its targets start now, from `policy` (the one its fields match). Nothing can be
 * due at once, so nothing fires: a target is at least a minute (migration 011's CHECK), and so
 * is its warning, which is then the next look.
 */
export function newTicketSla(
  ctx: SlaContext,
  policy: PolicyRow | undefined,
  status: { code: string; is_closed: boolean },
): NewTicketSla {
  const now = ctx.clock.now();
  const ticket: SlaTicket = {
    createdAt: now,
    status: { code: status.code, isClosed: status.is_closed },
    stored: NO_STATE,
  };
  const rules = policy && policyRules(policy);
  const { state } = computeSla(ticket, rules, { pauses: [], fired: [] }, now);
  const columns = columnsOf(state);
  return { values: SLA_COLUMNS.map((c) => columns[c]), escalateAt: state.escalateAt };
}

/** After the new ticket's row is in: its first look, at the earliest warning (wakeAt). */
export async function startNewTicketSla(
  tx: Queryable,
  ctx: SlaContext,
  recordId: number,
  sla: NewTicketSla,
): Promise<void> {
  await wakeAt(tx, ctx, recordId, null, sla.escalateAt, ctx.clock.now());
}
