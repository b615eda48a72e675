// THE function that keeps a ticket's service-level state (docs/sla.md). Every change that can
// move a due time calls recomputeSla() in its own transaction: create/submit, edit (priority,
// help desk, company, status), move, a public message, a policy change (in a job), and the
// escalation jobs. It locks the ticket row, applies what just happened (an agent's public reply,
// a requester's message, a status now paused or running), recomputes the due times in business
// time from the matching policy and the pauses, fires the warnings/breaches that are due (once
// each: sla_escalations' key) and wakes itself (a delayed job) for the next one.
import { prepared } from '../db/prepared.js';
import type { Queryable } from '../db/transaction.js';
import type { AppContext } from '../lib/context.js';
import { dueAt, type BusinessCalendar, type Pause } from './calendar.js';
import { SLA_COLUMNS } from './summary.js';
import { fireEscalation } from './escalation.js';
import {
  calendarOf,
  matchingPolicySql,
  policyFromJson,
  targetMinutes,
  type PolicyJson,
  type PolicyRow,
  type Target,
} from './policy.js';

/** What just happened to the ticket, beyond its fields (which are read from the row). */
export type SlaEvent = 'agent_reply' | 'requester_message';

export type SlaContext = Pick<AppContext, 'queue' | 'config' | 'clock' | 'jwtSecret'>;

export interface RecomputeOptions {
  event?: SlaEvent;
  /**
   * A batch run (a policy change, tickets that never had SLA state): a ticket that has never had
   * state starts its targets at created_at with its first agent reply read from the thread, and
   * whatever is already due is settled without mails or events, so a new policy does not flood
   * the agents about old tickets (they show as overdue).
   */
  backfill?: boolean;
  /** The ticket's row as readSlaRow answered it, when the caller sent that read with its own. */
  row?: SlaTicket;
}

/** An escalation fires at 80 % of a target's business time (warning) and at its due time. */
export const WARNING_SHARE = 0.8;

interface SlaRow {
  id: string;
  object_type: 'T' | 'C';
  is_draft: boolean;
  title: string;
  hd_id: number;
  priority_id: number | null;
  company_id: number | null;
  assignee_id: string | null;
  owner_id: string;
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
}

/** What recomputeSla() reads with the ticket's row. */
interface SlaReadings {
  policy: PolicyJson | null;
  /** The ticket's closed pauses, by start. */
  pause_starts: Date[];
  pause_ends: Date[];
  /** The escalations fired so far: `<target> <level>` and the target's start. */
  fired_keys: string[];
  fired_starts: Date[];
}

interface FiredEscalation {
  key: string;
  startedAt: Date;
}

/** A target still running: when it started and when it falls due. */
export interface RunningTarget {
  target: Target;
  startedAt: Date;
  minutes: number;
  dueAt: Date;
}

const min = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d < a) ? d : a), null);

/** Statuses whose time does not count: waiting on the requester, or done. */
export const pausedStatus = (code: string, isClosed: boolean) => code === 'pending' || isClosed;

/** A ticket's row with what recomputeSla() reads beside it. */
export type SlaTicket = SlaRow & SlaReadings;

/**
 * The ticket's row for recomputeSla(), locked for the rest of the transaction. Sent on its own,
 * it may go out with the caller's other statements (the pool's clients pipeline).
 */
export async function readSlaRow(tx: Queryable, recordId: number): Promise<SlaTicket | undefined> {
  // NO KEY UPDATE, not UPDATE: a message or event inserted earlier in this transaction, by this
  // or a concurrent request, holds KEY SHARE on the ticket (its foreign key), which UPDATE would
  // wait on while the other request waits on this one (a deadlock; two replies at once).
  // The policy its fields match, its pauses and the escalations fired come in the same round trip.
  const { rows } = await tx.query<SlaTicket>(
    prepared(
      `SELECT r.id, r.object_type, r.is_draft, r.title, r.hd_id, r.priority_id, r.company_id,
            r.assignee_id, r.owner_id, r.created_at, s.code AS status_code, s.is_closed,
            r.sla_policy_id, r.sla_started_at, r.first_response_due_at, r.first_responded_at,
            r.next_response_started_at, r.next_response_due_at, r.resolution_due_at,
            r.resolved_at, r.sla_paused_since, r.sla_due_at, r.sla_escalate_at,
            ${matchingPolicySql('r.hd_id', 'r.priority_id', 'r.company_id')} AS policy,
            ARRAY(SELECT started_at FROM record_sla_pauses
                   WHERE record_id = r.id ORDER BY started_at) AS pause_starts,
            ARRAY(SELECT ended_at FROM record_sla_pauses
                   WHERE record_id = r.id ORDER BY started_at) AS pause_ends,
            ARRAY(SELECT target || ' ' || level FROM sla_escalations
                   WHERE record_id = r.id ORDER BY target, level, started_at) AS fired_keys,
            ARRAY(SELECT started_at FROM sla_escalations
                   WHERE record_id = r.id ORDER BY target, level, started_at) AS fired_starts
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
  const stored: Pause[] = r.pause_starts.map((start, i) => ({ start, end: r.pause_ends[i] }));

  // What happened: the ticket's own clocks, whatever the policy.
  const fresh = r.sla_started_at === null;
  const startedAt = r.sla_started_at ?? (opts.backfill ? r.created_at : now);
  let firstRespondedAt = r.first_responded_at;
  if (fresh && opts.backfill) firstRespondedAt = await firstAgentReply(tx, recordId);
  let nextStartedAt = r.next_response_started_at;
  if (opts.event === 'agent_reply') {
    firstRespondedAt ??= now;
    nextStartedAt = null;
  } else if (opts.event === 'requester_message' && firstRespondedAt && !nextStartedAt) {
    nextStartedAt = now;
  }
  // A resolved or closed ticket waits on nobody's response.
  if (r.is_closed) nextStartedAt = null;
  const paused = pausedStatus(r.status_code, r.is_closed);
  let pausedSince = r.sla_paused_since;
  if (paused && !pausedSince) pausedSince = now;
  if (!paused && pausedSince) {
    const { rowCount } = await tx.query(
      prepared(
        `INSERT INTO record_sla_pauses (record_id, started_at, ended_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
        [recordId, pausedSince, now],
      ),
    );
    if (rowCount) stored.push({ start: pausedSince, end: now });
    pausedSince = null;
  }
  const resolvedAt = r.is_closed ? (r.resolved_at ?? now) : null;

  // The due times, from the policy that matches now.
  const policy = policyFromJson(r.policy);
  const state: TicketSla = {
    ...NOTHING_DUE,
    startedAt,
    firstRespondedAt,
    nextStartedAt,
    resolvedAt,
    pausedSince,
  };
  if (policy) {
    const cal = calendarOf(policy);
    const pauses = pausedSince ? [...stored, { start: pausedSince, end: null }] : stored;
    const { running, ...due } = dueTimes(policy, cal, pauses, state, r, now);
    Object.assign(state, due);
    if (running.length) {
      const fired = r.fired_keys.map((key, i) => ({ key, startedAt: r.fired_starts[i] }));
      state.escalateAt = await fireDue(tx, ctx, r, cal, pauses, running, fired, now, opts.backfill);
      await wakeAt(tx, ctx, recordId, r.sla_escalate_at, state.escalateAt, now);
      state.dueAt = min(running.map((t) => t.dueAt));
    }
  }
  await save(tx, r, policy, state);
}

/** The clocks' due times under `policy`, and the targets still running (none while paused). */
function dueTimes(
  policy: PolicyRow,
  cal: BusinessCalendar,
  pauses: Pause[],
  c: Pick<
    TicketSla,
    'startedAt' | 'firstRespondedAt' | 'nextStartedAt' | 'resolvedAt' | 'pausedSince'
  >,
  before: Pick<SlaRow, 'sla_policy_id' | 'first_response_due_at' | 'resolution_due_at'>,
  now: Date,
): Pick<TicketSla, 'firstDue' | 'nextDue' | 'resolutionDue'> & { running: RunningTarget[] } {
  const due = (target: Target, start: Date) => {
    const minutes = targetMinutes(policy, target);
    return minutes === null ? null : dueAt(cal, start, minutes, pauses, now);
  };
  // A met target keeps the due time it was met against (on time or late stays so).
  const samePolicy = before.sla_policy_id === policy.id;
  const firstDue =
    c.firstRespondedAt && before.first_response_due_at && samePolicy
      ? before.first_response_due_at
      : due('first_response', c.startedAt);
  const nextDue = c.nextStartedAt ? due('next_response', c.nextStartedAt) : null;
  const resolutionDue =
    c.resolvedAt && before.resolution_due_at && samePolicy
      ? before.resolution_due_at
      : due('resolution', c.startedAt);
  const running = c.pausedSince
    ? []
    : runningTargets(policy, {
        first: c.firstRespondedAt ? null : [c.startedAt, firstDue],
        next: c.nextStartedAt ? [c.nextStartedAt, nextDue] : null,
        resolution: c.resolvedAt ? null : [c.startedAt, resolutionDue],
      });
  return { firstDue, nextDue, resolutionDue, running };
}

/** When a running target's warning falls due: at WARNING_SHARE of its business time. */
function warningAt(cal: BusinessCalendar, t: RunningTarget, pauses: Pause[], now: Date): Date {
  return dueAt(cal, t.startedAt, Math.round(t.minutes * WARNING_SHARE), pauses, now);
}

function runningTargets(
  policy: PolicyRow,
  spans: Record<'first' | 'next' | 'resolution', [Date, Date | null] | null>,
): RunningTarget[] {
  const out: RunningTarget[] = [];
  const add = (target: Target, span: [Date, Date | null] | null) => {
    const minutes = targetMinutes(policy, target);
    if (span && span[1] && minutes !== null) {
      out.push({ target, startedAt: span[0], minutes, dueAt: span[1] });
    }
  };
  add('first_response', spans.first);
  add('next_response', spans.next);
  add('resolution', spans.resolution);
  return out;
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

/**
 * Fires every warning and breach of the running targets that is due and not fired yet (a breach
 * that is due also settles its warning silently: one mail, not two). Returns the next instant
 * one falls due, or null.
 */
async function fireDue(
  tx: Queryable,
  ctx: SlaContext,
  r: SlaRow,
  cal: BusinessCalendar,
  pauses: Pause[],
  running: RunningTarget[],
  firedBefore: FiredEscalation[],
  now: Date,
  silent = false,
): Promise<Date | null> {
  const fired = (t: RunningTarget, level: string) =>
    firedBefore.some(
      (e) => e.key === `${t.target} ${level}` && e.startedAt.getTime() === t.startedAt.getTime(),
    );
  let next: Date | null = null;
  for (const t of running) {
    const warnAt = warningAt(cal, t, pauses, now);
    const breachDue = t.dueAt <= now;
    if (!fired(t, 'breach') && breachDue) {
      await fireEscalation(tx, ctx, r, t, 'breach', now, { silent });
      if (!fired(t, 'warning')) {
        await fireEscalation(tx, ctx, r, t, 'warning', now, { silent: true });
      }
      continue;
    }
    if (!fired(t, 'warning')) {
      if (warnAt <= now) await fireEscalation(tx, ctx, r, t, 'warning', now, { silent });
      else next = min([next, warnAt]);
    }
    if (!breachDue) next = min([next, t.dueAt]);
  }
  return next;
}

/** Sends the delayed job that runs this function again at `at` (when that instant is new). */
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

interface TicketSla {
  startedAt: Date;
  firstDue: Date | null;
  firstRespondedAt: Date | null;
  nextStartedAt: Date | null;
  nextDue: Date | null;
  resolutionDue: Date | null;
  resolvedAt: Date | null;
  pausedSince: Date | null;
  dueAt: Date | null;
  escalateAt: Date | null;
}

const NOTHING_DUE = {
  firstDue: null,
  nextDue: null,
  resolutionDue: null,
  dueAt: null,
  escalateAt: null,
} satisfies Partial<TicketSla>;

function slaValues(policy: PolicyRow | undefined, s: TicketSla): unknown[] {
  return [
    policy?.id ?? null,
    s.startedAt,
    s.firstDue,
    s.firstRespondedAt,
    s.nextStartedAt,
    s.nextDue,
    s.resolutionDue,
    s.resolvedAt,
    s.pausedSince,
    s.dueAt,
    s.escalateAt,
  ];
}

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Writes the state, unless it is what the row holds already (a reply after the first response,
 * a requester's second message): the columns are indexed, so every write of the row goes
 * through all of its indexes.
 */
async function save(
  tx: Queryable,
  r: SlaRow,
  policy: PolicyRow | undefined,
  s: TicketSla,
): Promise<void> {
  const values = slaValues(policy, s);
  if (SLA_COLUMNS.every((c, i) => sameValue(r[c], values[i]))) return;
  const set = SLA_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await tx.query(prepared(`UPDATE records SET ${set} WHERE id = $1`, [r.id, ...values]));
}

/** A new ticket's earlier state: none. */
const NEVER_DUE = { sla_policy_id: null, first_response_due_at: null, resolution_due_at: null };

/** A new ticket's service-level columns (SLA_COLUMNS' values), and when it next needs a look. */
export interface NewTicketSla {
  values: unknown[];
  escalateAt: Date | null;
}

/**
 * A submitted ticket's service-level state before its row exists, so the row is written once
 * (an insert, not an insert and then an update through every index): what recomputeSla() sets
 * on a new row. Its targets start now, from `policy` (the one its fields match). Nothing can be
 * due at once: a target is at least a minute (migration 011's CHECK), and so is its warning.
 */
export function newTicketSla(
  ctx: SlaContext,
  policy: PolicyRow | undefined,
  status: { code: string; is_closed: boolean },
): NewTicketSla {
  const now = ctx.clock.now();
  const pausedSince = pausedStatus(status.code, status.is_closed) ? now : null;
  const state: TicketSla = {
    ...NOTHING_DUE,
    startedAt: now,
    firstRespondedAt: null,
    nextStartedAt: null,
    resolvedAt: status.is_closed ? now : null,
    pausedSince,
  };
  if (policy) {
    const cal = calendarOf(policy);
    const pauses: Pause[] = pausedSince ? [{ start: pausedSince, end: null }] : [];
    const { running, ...due } = dueTimes(policy, cal, pauses, state, NEVER_DUE, now);
    Object.assign(state, due);
    // As fireDue() with nothing fired yet: the next look is the earliest warning.
    state.escalateAt = min(running.map((r) => warningAt(cal, r, pauses, now)));
    state.dueAt = min(running.map((r) => r.dueAt));
  }
  return { values: slaValues(policy, state), escalateAt: state.escalateAt };
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

/**
 * What a public message means for the targets: an agent's reply (not on their own ticket) is
 * the response; the requester's (or a person they shared it with) restarts the next-response
 * wait. Notes and forwards are neither.
 */
export function messageEvent(
  author: { id: number; user_is_hde: boolean },
  ownerId: number,
  action: string,
): SlaEvent | undefined {
  if (action !== 'reply') return undefined;
  return author.user_is_hde && author.id !== ownerId ? 'agent_reply' : 'requester_message';
}
