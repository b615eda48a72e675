// The service-level rules (docs/sla.md) on their own: from a ticket's stored state, the policy
// its fields match, what it went through and the time, the state to store and the warnings and
// breaches to fire now. Nothing here reads or writes, so every rule can be tested with plain
// values; recompute.ts loads the inputs and saves the outcome.
import { dueAt, type BusinessCalendar, type Pause } from './calendar.js';
import type { Level } from './escalation-mail.js';
import type { Target } from './policy.js';

/** What just happened to the ticket, beyond its fields: a public message, and whose. */
export type SlaEvent = 'agent_reply' | 'requester_message';

/** An escalation fires at 80 % of a target's business time (warning) and at its due time. */
export const WARNING_SHARE = 0.8;

/** The service-level state a ticket keeps (the columns summary.ts names SLA_COLUMNS). */
export interface SlaState {
  policyId: number | null;
  /** When the first-response and resolution targets started. */
  startedAt: Date;
  firstResponseDueAt: Date | null;
  firstRespondedAt: Date | null;
  /** When the running next-response wait began (the requester's message); null: none runs. */
  nextResponseStartedAt: Date | null;
  nextResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  resolvedAt: Date | null;
  /** Set while the clocks stand still (Pending, Resolved, Closed). */
  pausedSince: Date | null;
  /** The earliest due time still running: what the lists sort and filter on. */
  dueAt: Date | null;
  /** The next warning or breach not fired yet: when to look again. */
  escalateAt: Date | null;
}

/** The state as stored: a ticket that never had one has no start yet. */
export type StoredSla = Omit<SlaState, 'startedAt'> & { startedAt: Date | null };

export interface SlaTicket {
  createdAt: Date;
  status: { code: string; isClosed: boolean };
  stored: StoredSla;
}

/** The policy a ticket's fields match: its targets in business minutes (null: none) and hours. */
export interface SlaPolicy {
  id: number;
  minutes: Record<Target, number | null>;
  calendar: BusinessCalendar;
}

export interface EndedPause {
  start: Date;
  end: Date;
}

/** A warning or breach fired for the cycle of `target` that started at `startedAt`. */
export interface FiredEscalation {
  target: Target;
  level: Level;
  startedAt: Date;
}

/** What the ticket went through, beyond its stored state. */
export interface SlaEvents {
  /** The public message this change is, if it is one. */
  message?: SlaEvent;
  /** The pauses already over, in any order. */
  pauses: EndedPause[];
  fired: FiredEscalation[];
  /**
   * Set for a batch run (a policy change, tickets that never had state): a ticket without state
   * starts at its creation, answered at its first agent reply (read from its thread), and what
   * is due is settled without mails or events, so a new policy does not flood the agents.
   */
  backfill?: { firstAgentReplyAt: Date | null };
}

/** A target still running: when it started and when it falls due. */
export interface RunningTarget {
  target: Target;
  startedAt: Date;
  minutes: number;
  dueAt: Date;
}

export interface DueEscalation {
  target: RunningTarget;
  level: Level;
  /** Recorded without a history entry, live event or mail. */
  silent: boolean;
}

export interface SlaOutcome {
  state: SlaState;
  /** The pause that ends now (the ticket reopened), to keep with the others. */
  endedPause: EndedPause | null;
  /** The warnings and breaches to fire now, in order. */
  escalations: DueEscalation[];
}

/** Statuses whose time does not count: waiting on the requester, or done. */
export const pausedStatus = (code: string, isClosed: boolean) => code === 'pending' || isClosed;

const earliest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d < a) ? d : a), null);

const sameInstant = (a: Date, b: Date) => a.getTime() === b.getTime();

export function computeSla(
  ticket: SlaTicket,
  policy: SlaPolicy | undefined,
  events: SlaEvents,
  now: Date,
): SlaOutcome {
  const { stored, status } = ticket;
  // What happened: the ticket's own clocks, whatever the policy.
  const fresh = stored.startedAt === null;
  const startedAt = stored.startedAt ?? (events.backfill ? ticket.createdAt : now);
  let firstRespondedAt =
    fresh && events.backfill ? events.backfill.firstAgentReplyAt : stored.firstRespondedAt;
  let nextStartedAt = stored.nextResponseStartedAt;
  if (events.message === 'agent_reply') {
    firstRespondedAt ??= now;
    nextStartedAt = null;
  } else if (events.message === 'requester_message' && firstRespondedAt && !nextStartedAt) {
    nextStartedAt = now;
  }
  // A resolved or closed ticket waits on nobody's response.
  if (status.isClosed) nextStartedAt = null;
  const paused = pausedStatus(status.code, status.isClosed);
  let pausedSince = stored.pausedSince;
  let endedPause: EndedPause | null = null;
  if (paused && !pausedSince) pausedSince = now;
  if (!paused && pausedSince) {
    endedPause = { start: pausedSince, end: now };
    pausedSince = null;
  }
  const resolvedAt = status.isClosed ? (stored.resolvedAt ?? now) : null;
  const state: SlaState = {
    policyId: policy?.id ?? null,
    startedAt,
    firstResponseDueAt: null,
    firstRespondedAt,
    nextResponseStartedAt: nextStartedAt,
    nextResponseDueAt: null,
    resolutionDueAt: null,
    resolvedAt,
    pausedSince,
    dueAt: null,
    escalateAt: null,
  };
  if (!policy) return { state, endedPause, escalations: [] };

  // The due times, from the policy that matches now. A pause is kept once per start.
  const pauses: Pause[] = [...events.pauses];
  if (endedPause && !pauses.some((p) => sameInstant(p.start, endedPause.start))) {
    pauses.push(endedPause);
  }
  if (pausedSince) pauses.push({ start: pausedSince, end: null });
  const cal = policy.calendar;
  const due = (target: Target, start: Date) => {
    const minutes = policy.minutes[target];
    return minutes === null ? null : dueAt(cal, start, minutes, pauses, now);
  };
  // A met target keeps the due time it was met against (on time or late stays so).
  const samePolicy = stored.policyId === policy.id;
  state.firstResponseDueAt =
    firstRespondedAt && stored.firstResponseDueAt && samePolicy
      ? stored.firstResponseDueAt
      : due('first_response', startedAt);
  state.nextResponseDueAt = nextStartedAt ? due('next_response', nextStartedAt) : null;
  state.resolutionDueAt =
    resolvedAt && stored.resolutionDueAt && samePolicy
      ? stored.resolutionDueAt
      : due('resolution', startedAt);

  // The targets still running: none while paused.
  const running: RunningTarget[] = [];
  const run = (target: Target, start: Date, dueTime: Date | null) => {
    const minutes = policy.minutes[target];
    if (dueTime && minutes !== null) {
      running.push({ target, startedAt: start, minutes, dueAt: dueTime });
    }
  };
  if (!pausedSince) {
    if (!firstRespondedAt) run('first_response', startedAt, state.firstResponseDueAt);
    if (nextStartedAt) run('next_response', nextStartedAt, state.nextResponseDueAt);
    if (!resolvedAt) run('resolution', startedAt, state.resolutionDueAt);
  }

  // What is due fires; a breach due settles its warning silently (one mail, not two).
  const escalations: DueEscalation[] = [];
  const silent = events.backfill !== undefined;
  const fired = (t: RunningTarget, level: Level) =>
    events.fired.some(
      (e) => e.target === t.target && e.level === level && sameInstant(e.startedAt, t.startedAt),
    );
  let next: Date | null = null;
  for (const t of running) {
    const breachDue = t.dueAt <= now;
    if (breachDue && !fired(t, 'breach')) {
      escalations.push({ target: t, level: 'breach', silent });
      if (!fired(t, 'warning')) escalations.push({ target: t, level: 'warning', silent: true });
      continue;
    }
    if (!fired(t, 'warning')) {
      const warnAt = dueAt(cal, t.startedAt, Math.round(t.minutes * WARNING_SHARE), pauses, now);
      if (warnAt <= now) escalations.push({ target: t, level: 'warning', silent });
      else next = earliest([next, warnAt]);
    }
    if (!breachDue) next = earliest([next, t.dueAt]);
  }
  state.escalateAt = next;
  state.dueAt = earliest(running.map((t) => t.dueAt));
  return { state, endedPause, escalations };
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

/** A ticket that never had service-level state. */
export const NO_STATE: StoredSla = {
  policyId: null,
  startedAt: null,
  firstResponseDueAt: null,
  firstRespondedAt: null,
  nextResponseStartedAt: null,
  nextResponseDueAt: null,
  resolutionDueAt: null,
  resolvedAt: null,
  pausedSince: null,
  dueAt: null,
  escalateAt: null,
};
