// The service-level rules with plain values, no database: due times in business hours, holidays,
// pauses, Madrid's daylight-saving switches, each target met or missed, and which warnings and
// breaches fire when.
import { describe, expect, it } from 'vitest';
import { ALWAYS, type BusinessCalendar } from '../../sla/calendar.js';
import {
  computeSla,
  messageEvent,
  NO_STATE,
  type SlaEvents,
  type SlaOutcome,
  type SlaPolicy,
  type SlaState,
  type StoredSla,
} from '../../sla/compute.js';

const at = (iso: string) => new Date(iso);
const nineToFive = { start: '09:00', end: '17:00' };
const office = (holidays: string[] = []): BusinessCalendar => ({
  timeZone: 'Europe/Madrid',
  hours: [null, nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, null],
  holidays,
});
const policy = (extra: Partial<SlaPolicy> = {}): SlaPolicy => ({
  id: 1,
  minutes: { first_response: 60, next_response: 120, resolution: 480 },
  calendar: office(),
  ...extra,
});

const OPEN = { code: 'open', isClosed: false };
const PENDING = { code: 'pending', isClosed: false };
const RESOLVED = { code: 'resolved', isClosed: true };
type Status = typeof OPEN;

/** One recompute at `now` of a ticket whose stored state is `stored`. */
function step(
  stored: StoredSla,
  now: string,
  opts: { status?: Status; policy?: SlaPolicy | null; events?: Partial<SlaEvents> } = {},
): SlaOutcome {
  const ticket = { createdAt: at(now), status: opts.status ?? OPEN, stored };
  const rules = opts.policy === null ? undefined : (opts.policy ?? policy());
  const events: SlaEvents = { pauses: [], fired: [], ...opts.events };
  return computeSla(ticket, rules, events, at(now));
}

/** A ticket raised at `now` under `p`: its first state. */
const raised = (now: string, p?: SlaPolicy): SlaState => step(NO_STATE, now, { policy: p }).state;

/** The fired escalations as the rules see them. */
const fired = (
  target: 'first_response' | 'next_response',
  startedAt: string,
  ...levels: string[]
) =>
  levels.map((level) => ({
    target,
    level: level as 'warning' | 'breach',
    startedAt: at(startedAt),
  }));

/** What fires: `target level` and whether silently. */
const firing = (o: SlaOutcome) =>
  o.escalations.map((e) => `${e.target.target} ${e.level}${e.silent ? ' (silent)' : ''}`);

// Monday 9 March 2026, 10:00 in Madrid (CET, UTC+1).
const MONDAY_10 = '2026-03-09T09:00:00Z';

describe('due times in business hours', () => {
  it('a ticket raised in office hours: every target from submission, next look at 80 %', () => {
    const o = step(NO_STATE, MONDAY_10);
    expect(o).toEqual({
      state: {
        policyId: 1,
        startedAt: at(MONDAY_10),
        firstResponseDueAt: at('2026-03-09T10:00:00Z'),
        firstRespondedAt: null,
        nextResponseStartedAt: null,
        nextResponseDueAt: null,
        // 480 business minutes: 7 h on Monday, 1 h on Tuesday.
        resolutionDueAt: at('2026-03-10T09:00:00Z'),
        resolvedAt: null,
        pausedSince: null,
        dueAt: at('2026-03-09T10:00:00Z'),
        // The first response's warning: 48 of its 60 minutes.
        escalateAt: at('2026-03-09T09:48:00Z'),
      },
      endedPause: null,
      escalations: [],
    });
  });

  it('raised on Friday at 16:30, the clocks carry over the weekend', () => {
    const s = raised('2026-03-13T15:30:00Z');
    expect(s.firstResponseDueAt).toEqual(at('2026-03-16T08:30:00Z'));
    // 30 minutes on Friday, 18 on Monday.
    expect(s.escalateAt).toEqual(at('2026-03-16T08:18:00Z'));
    // 30 minutes on Friday, 450 on Monday: 16:30.
    expect(s.resolutionDueAt).toEqual(at('2026-03-16T15:30:00Z'));
  });

  it('raised at the weekend, the clocks start on Monday at 9:00', () => {
    expect(raised('2026-03-14T12:00:00Z').firstResponseDueAt).toEqual(at('2026-03-16T09:00:00Z'));
  });

  it('skips holidays, also the day it was raised on', () => {
    const holiday = policy({ calendar: office(['2026-03-16']) });
    expect(raised('2026-03-13T15:30:00Z', holiday).firstResponseDueAt).toEqual(
      at('2026-03-17T08:30:00Z'),
    );
    expect(raised('2026-03-16T09:00:00Z', holiday).firstResponseDueAt).toEqual(
      at('2026-03-17T09:00:00Z'),
    );
  });

  it('a target the policy does not set has no due time and never runs', () => {
    const p = policy({ minutes: { first_response: 60, next_response: null, resolution: null } });
    const first = raised(MONDAY_10, p);
    expect(first.resolutionDueAt).toBeNull();
    const answered = step(first, '2026-03-09T09:30:00Z', {
      policy: p,
      events: { message: 'agent_reply' },
    }).state;
    // The requester's message starts the wait, but the policy sets no time for it.
    const o = step(answered, '2026-03-09T10:00:00Z', {
      policy: p,
      events: { message: 'requester_message' },
    });
    expect(o.state).toMatchObject({
      nextResponseStartedAt: at('2026-03-09T10:00:00Z'),
      nextResponseDueAt: null,
      dueAt: null,
      escalateAt: null,
    });
  });

  it('without a policy: no due times, but the ticket keeps its own clocks', () => {
    const s = step(NO_STATE, MONDAY_10, { policy: null }).state;
    expect(s).toEqual({ ...NO_STATE, startedAt: at(MONDAY_10) });
    const replied = step(s, '2026-03-09T09:30:00Z', {
      policy: null,
      events: { message: 'agent_reply' },
    });
    expect(replied.state.firstRespondedAt).toEqual(at('2026-03-09T09:30:00Z'));
    expect(replied.escalations).toEqual([]);
    const pending = step(s, '2026-03-09T10:00:00Z', { policy: null, status: PENDING }).state;
    expect(step(pending, '2026-03-09T11:00:00Z', { policy: null }).endedPause).toEqual({
      start: at('2026-03-09T10:00:00Z'),
      end: at('2026-03-09T11:00:00Z'),
    });
  });
});

describe('pauses (Pending)', () => {
  const first = raised(MONDAY_10);
  const pending = step(first, '2026-03-09T09:30:00Z', { status: PENDING });

  it('stand still: nothing runs, nothing is due or fires', () => {
    expect(pending.state).toMatchObject({
      pausedSince: at('2026-03-09T09:30:00Z'),
      firstResponseDueAt: at('2026-03-09T10:00:00Z'),
      dueAt: null,
      escalateAt: null,
    });
    // Two hours on, past the first due time: still nothing fires, and the time moves on.
    const later = step(pending.state, '2026-03-09T11:30:00Z', { status: PENDING });
    expect(later.escalations).toEqual([]);
    expect(later.state).toMatchObject({
      pausedSince: at('2026-03-09T09:30:00Z'),
      firstResponseDueAt: at('2026-03-09T12:00:00Z'),
      dueAt: null,
    });
  });

  it('reopened, every running target moves on by the business time paused', () => {
    const open = step(pending.state, '2026-03-09T11:30:00Z');
    expect(open.endedPause).toEqual({
      start: at('2026-03-09T09:30:00Z'),
      end: at('2026-03-09T11:30:00Z'),
    });
    expect(open.state).toMatchObject({
      pausedSince: null,
      firstResponseDueAt: at('2026-03-09T12:00:00Z'),
      resolutionDueAt: at('2026-03-10T11:00:00Z'),
      dueAt: at('2026-03-09T12:00:00Z'),
      escalateAt: at('2026-03-09T11:48:00Z'),
    });
    // The same pause already stored counts once.
    const again = step(pending.state, '2026-03-09T11:30:00Z', {
      events: { pauses: [{ start: at('2026-03-09T09:30:00Z'), end: at('2026-03-09T11:30:00Z') }] },
    });
    expect(again.state).toEqual(open.state);
  });

  it('counts only business time: a pause over a weekend moves Friday to Monday by its hours', () => {
    const friday = raised('2026-03-13T13:00:00Z'); // 14:00, first due 15:00 Madrid.
    const paused = step(friday, '2026-03-13T13:30:00Z', { status: PENDING }).state;
    // Reopened on Monday at 9:30: 2.5 h on Friday and 30 min on Monday were paused.
    const open = step(paused, '2026-03-16T08:30:00Z').state;
    expect(open.firstResponseDueAt).toEqual(at('2026-03-16T09:00:00Z'));
  });

  it('a pause that begins after a target was missed does not move it', () => {
    const late = step(first, '2026-03-09T10:30:00Z', {
      status: PENDING,
      events: { fired: fired('first_response', MONDAY_10, 'warning', 'breach') },
    }).state;
    const open = step(late, '2026-03-09T11:00:00Z', {
      events: { fired: fired('first_response', MONDAY_10, 'warning', 'breach') },
    });
    expect(open.state).toMatchObject({
      firstResponseDueAt: at('2026-03-09T10:00:00Z'),
      resolutionDueAt: at('2026-03-10T09:30:00Z'),
      // Still running and overdue.
      dueAt: at('2026-03-09T10:00:00Z'),
    });
    expect(open.escalations).toEqual([]);
  });
});

describe('first response', () => {
  const first = raised(MONDAY_10);

  it("an agent's reply meets it; the resolution runs on", () => {
    const o = step(first, '2026-03-09T09:40:00Z', { events: { message: 'agent_reply' } });
    expect(o.state).toMatchObject({
      firstRespondedAt: at('2026-03-09T09:40:00Z'),
      firstResponseDueAt: at('2026-03-09T10:00:00Z'),
      dueAt: at('2026-03-10T09:00:00Z'),
      // The resolution's warning: 384 minutes from Monday 10:00 is 16:24.
      escalateAt: at('2026-03-09T15:24:00Z'),
    });
    // A second reply changes nothing.
    const again = step(o.state, '2026-03-09T09:50:00Z', { events: { message: 'agent_reply' } });
    expect(again.state).toEqual(o.state);
  });

  it('met late stays late: the due time it missed is kept', () => {
    const o = step(first, '2026-03-09T10:30:00Z', {
      events: {
        message: 'agent_reply',
        fired: fired('first_response', MONDAY_10, 'warning', 'breach'),
      },
    });
    expect(o.state).toMatchObject({
      firstRespondedAt: at('2026-03-09T10:30:00Z'),
      firstResponseDueAt: at('2026-03-09T10:00:00Z'),
    });
    expect(o.escalations).toEqual([]);
  });

  it('under another policy, a met target is measured again by its times', () => {
    const met = step(first, '2026-03-09T09:40:00Z', { events: { message: 'agent_reply' } }).state;
    const other = policy({
      id: 2,
      minutes: { first_response: 30, next_response: 60, resolution: 240 },
    });
    const o = step(met, '2026-03-09T09:45:00Z', { policy: other });
    expect(o.state).toMatchObject({
      policyId: 2,
      firstResponseDueAt: at('2026-03-09T09:30:00Z'),
      resolutionDueAt: at('2026-03-09T13:00:00Z'),
    });
  });
});

describe('next response', () => {
  const first = raised(MONDAY_10);
  const answered = step(first, '2026-03-09T09:40:00Z', {
    events: { message: 'agent_reply' },
  }).state;
  const waiting = step(answered, '2026-03-09T12:00:00Z', {
    events: { message: 'requester_message' },
  });

  it("the requester's message before any response starts no wait", () => {
    const o = step(first, '2026-03-09T09:20:00Z', { events: { message: 'requester_message' } });
    expect(o.state).toEqual(first);
  });

  it("the requester's message after a response starts one", () => {
    expect(waiting.state).toMatchObject({
      nextResponseStartedAt: at('2026-03-09T12:00:00Z'),
      // 13:00 in Madrid + 2 h.
      nextResponseDueAt: at('2026-03-09T14:00:00Z'),
      dueAt: at('2026-03-09T14:00:00Z'),
      // Its warning: 96 of the 120 minutes.
      escalateAt: at('2026-03-09T13:36:00Z'),
    });
    // A second message while waiting keeps its start.
    const second = step(waiting.state, '2026-03-09T12:30:00Z', {
      events: { message: 'requester_message' },
    });
    expect(second.state).toEqual(waiting.state);
  });

  it("the agent's reply ends it; resolving ends it too", () => {
    const replied = step(waiting.state, '2026-03-09T12:10:00Z', {
      events: { message: 'agent_reply' },
    });
    expect(replied.state).toMatchObject({
      firstRespondedAt: at('2026-03-09T09:40:00Z'),
      nextResponseStartedAt: null,
      nextResponseDueAt: null,
      dueAt: at('2026-03-10T09:00:00Z'),
    });
    const resolved = step(waiting.state, '2026-03-09T12:10:00Z', { status: RESOLVED });
    expect(resolved.state).toMatchObject({ nextResponseStartedAt: null, nextResponseDueAt: null });
  });

  it("each wait is its own cycle: an earlier wait's warning does not count", () => {
    const o = step(waiting.state, '2026-03-09T13:36:00Z', {
      events: { fired: fired('next_response', '2026-03-09T11:00:00Z', 'warning') },
    });
    expect(firing(o)).toEqual(['next_response warning']);
    expect(o.escalations[0].target).toEqual({
      target: 'next_response',
      startedAt: at('2026-03-09T12:00:00Z'),
      minutes: 120,
      dueAt: at('2026-03-09T14:00:00Z'),
    });
  });
});

describe('resolution', () => {
  const first = raised(MONDAY_10);
  const resolved = step(first, '2026-03-09T13:30:00Z', { status: RESOLVED });

  it('resolving meets it: nothing runs, the due time is kept', () => {
    expect(resolved.state).toMatchObject({
      resolvedAt: at('2026-03-09T13:30:00Z'),
      resolutionDueAt: at('2026-03-10T09:00:00Z'),
      pausedSince: at('2026-03-09T13:30:00Z'),
      dueAt: null,
      escalateAt: null,
    });
    // Resolved late: the missed due time stays.
    const late = step(first, '2026-03-10T10:00:00Z', { status: RESOLVED });
    expect(late.state).toMatchObject({
      resolvedAt: at('2026-03-10T10:00:00Z'),
      resolutionDueAt: at('2026-03-10T09:00:00Z'),
    });
  });

  it('reopening runs it again, the resolved time counted as a pause', () => {
    const open = step(resolved.state, '2026-03-09T14:00:00Z');
    expect(open.endedPause).toEqual({
      start: at('2026-03-09T13:30:00Z'),
      end: at('2026-03-09T14:00:00Z'),
    });
    expect(open.state).toMatchObject({
      resolvedAt: null,
      pausedSince: null,
      resolutionDueAt: at('2026-03-10T09:30:00Z'),
      // The first response was never given: it runs too, overdue.
      dueAt: at('2026-03-09T10:00:00Z'),
    });
  });
});

describe('warnings at 80 % and breaches', () => {
  const first = raised(MONDAY_10);
  const warned = fired('first_response', MONDAY_10, 'warning');

  it('nothing before the warning; the warning at 80 %, then the breach is the next look', () => {
    const before = step(first, '2026-03-09T09:47:00Z');
    expect(before.escalations).toEqual([]);
    expect(before.state.escalateAt).toEqual(at('2026-03-09T09:48:00Z'));
    const warning = step(first, '2026-03-09T09:48:00Z');
    expect(firing(warning)).toEqual(['first_response warning']);
    expect(warning.state.escalateAt).toEqual(at('2026-03-09T10:00:00Z'));
    const quiet = step(warning.state, '2026-03-09T09:59:00Z', { events: { fired: warned } });
    expect(quiet.escalations).toEqual([]);
  });

  it('the breach at the due time, once; the overdue target still counts as due', () => {
    const breach = step(first, '2026-03-09T10:00:00Z', { events: { fired: warned } });
    expect(firing(breach)).toEqual(['first_response breach']);
    expect(breach.state).toMatchObject({
      dueAt: at('2026-03-09T10:00:00Z'),
      escalateAt: at('2026-03-09T15:24:00Z'),
    });
    const done = step(breach.state, '2026-03-09T10:05:00Z', {
      events: { fired: fired('first_response', MONDAY_10, 'warning', 'breach') },
    });
    expect(done.escalations).toEqual([]);
    expect(done.state).toEqual(breach.state);
  });

  it('a breach due before its warning fired settles the warning silently', () => {
    expect(firing(step(first, '2026-03-09T10:15:00Z'))).toEqual([
      'first_response breach',
      'first_response warning (silent)',
    ]);
  });

  it('a batch run settles what is due silently', () => {
    const o = step(first, '2026-03-09T10:15:00Z', {
      events: { backfill: { firstAgentReplyAt: null } },
    });
    expect(firing(o)).toEqual([
      'first_response breach (silent)',
      'first_response warning (silent)',
    ]);
  });

  it('several targets fire in order: first response, next response, resolution', () => {
    // The next day: the first response and the resolution are both past due.
    expect(firing(step(first, '2026-03-10T10:00:00Z'))).toEqual([
      'first_response breach',
      'first_response warning (silent)',
      'resolution breach',
      'resolution warning (silent)',
    ]);
  });
});

describe('a batch run on a ticket that never had state', () => {
  it('starts it at its creation, answered at its first agent reply', () => {
    const created = '2026-03-09T08:00:00Z'; // 9:00 in Madrid.
    const o = computeSla(
      { createdAt: at(created), status: OPEN, stored: NO_STATE },
      policy(),
      { pauses: [], fired: [], backfill: { firstAgentReplyAt: at('2026-03-09T09:30:00Z') } },
      at('2026-03-09T15:00:00Z'),
    );
    expect(o.state).toMatchObject({
      startedAt: at(created),
      firstRespondedAt: at('2026-03-09T09:30:00Z'),
      firstResponseDueAt: at('2026-03-09T09:00:00Z'),
      resolutionDueAt: at('2026-03-09T16:00:00Z'),
      escalateAt: at('2026-03-09T16:00:00Z'),
    });
    // The resolution's warning (384 minutes: 14:24) has passed: settled quietly.
    expect(firing(o)).toEqual(['resolution warning (silent)']);
  });

  it('a ticket with state keeps its own start and responses', () => {
    const first = raised(MONDAY_10);
    const o = step(first, '2026-03-09T09:10:00Z', {
      events: { backfill: { firstAgentReplyAt: at('2026-03-09T09:05:00Z') } },
    });
    expect(o.state).toEqual(first);
  });
});

describe("daylight-saving switches in the policy's time zone (Europe/Madrid)", () => {
  it('March (29 March 2026, CET to CEST): Friday 16:30 to Monday, in wall-clock hours', () => {
    const s = raised('2026-03-27T15:30:00Z');
    expect(s).toMatchObject({
      firstResponseDueAt: at('2026-03-30T07:30:00Z'), // Monday 9:30 CEST.
      escalateAt: at('2026-03-30T07:18:00Z'),
      resolutionDueAt: at('2026-03-30T14:30:00Z'), // Monday 16:30 CEST.
    });
  });

  it('October (25 October 2026, CEST to CET): Friday 16:30 to Monday, in wall-clock hours', () => {
    const s = raised('2026-10-23T14:30:00Z');
    expect(s).toMatchObject({
      firstResponseDueAt: at('2026-10-26T08:30:00Z'), // Monday 9:30 CET.
      escalateAt: at('2026-10-26T08:18:00Z'),
      resolutionDueAt: at('2026-10-26T15:30:00Z'), // Monday 16:30 CET.
    });
  });

  it('a pause across the March switch moves the due times by its business hours', () => {
    const s = raised('2026-03-27T15:00:00Z'); // Friday 16:00 CET: first due 17:00 CET.
    const pending = step(s, '2026-03-27T15:30:00Z', { status: PENDING }).state;
    // Reopened on Monday at 9:30 CEST: an hour of business time was paused.
    const open = step(pending, '2026-03-30T07:30:00Z').state;
    expect(open).toMatchObject({
      firstResponseDueAt: at('2026-03-30T08:00:00Z'), // Monday 10:00 CEST.
      resolutionDueAt: at('2026-03-30T15:00:00Z'), // Monday 17:00 CEST.
      escalateAt: at('2026-03-30T07:48:00Z'),
    });
  });

  it('around the clock, a switch night counts the hours that really pass', () => {
    const always = policy({
      minutes: { first_response: 60, next_response: 120, resolution: 240 },
      calendar: { ...ALWAYS, timeZone: 'Europe/Madrid' },
    });
    // Saturday 23:00 CET: four hours later it is 04:00 CEST (the wall clock moved five).
    expect(raised('2026-03-28T22:00:00Z', always).resolutionDueAt).toEqual(
      at('2026-03-29T02:00:00Z'),
    );
    // Saturday 23:00 CEST: four hours later it is 02:00 CET (the wall clock moved three).
    expect(raised('2026-10-24T21:00:00Z', always).resolutionDueAt).toEqual(
      at('2026-10-25T01:00:00Z'),
    );
  });
});

describe('what a public message means', () => {
  const agent = { id: 7, user_is_hde: true };
  const user = { id: 8, user_is_hde: false };

  it("an agent's reply answers; the requester's (or an agent's on their own ticket) waits", () => {
    expect(messageEvent(agent, 8, 'reply')).toBe('agent_reply');
    expect(messageEvent(user, 8, 'reply')).toBe('requester_message');
    expect(messageEvent(agent, 7, 'reply')).toBe('requester_message');
    expect(messageEvent(agent, 8, 'note')).toBeUndefined();
    expect(messageEvent(agent, 8, 'forward')).toBeUndefined();
  });
});
