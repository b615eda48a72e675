// Time-based rules (docs/rules.md), answered as server/routes/automations/routes.ts does:
// administrators write (the contract's x-role gate), helpdesk agents read and preview, others
// get 403. The conditions are checked by the triggers' mock checks; the preview counts business
// hours as wall-clock hours and a ticket's time in its status from its last update (the mock
// keeps neither the service-level calendars nor status times).
import type { components } from '../api/schema';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { STATUSES } from './records-data';
import { conditionMet, triggerProblems, type MockTicket } from './rule-handlers';

type Automation = components['schemas']['Automation'];
type Condition = components['schemas']['TriggerCondition'];
type TimeCondition = components['schemas']['AutomationTimeCondition'];
type Action = components['schemas']['TriggerAction'];

const AGENTS_ONLY = 'Only helpdesk agents can see time-based rules.';
const NOT_FOUND = 'This time-based rule does not exist.';
const INACTIVE = 'Turn this time-based rule on to run it.';
const M = {
  status: 'Choose an open ticket status.',
  eventOnly: 'This condition needs a change: time-based rules cannot use it.',
  twice: 'Give each kind of time condition once.',
  nameTaken: 'A time-based rule with this name already exists.',
};
const HOUR = 3_600_000;

type Rule = Pick<Automation, 'match' | 'conditions' | 'time_conditions'>;
type Input = Omit<Automation, 'id' | 'position' | 'updated_at'>;

/** Per mock database (a test's resetDb() starts afresh). */
const states = new WeakMap<object, { automations: Automation[]; nextId: number }>();

/** A rule in the mock database, as a test's starting data (last in order). */
export function seedAutomation(a: Omit<Automation, 'id' | 'position' | 'updated_at'>): Automation {
  const s = automationState();
  const made: Automation = {
    ...a,
    id: s.nextId++,
    position: Math.max(0, ...s.automations.map((x) => x.position)) + 1,
    updated_at: new Date().toISOString(),
  };
  s.automations.push(made);
  return made;
}

function automationState() {
  let s = states.get(db);
  if (!s) {
    s = { automations: [], nextId: 1 };
    states.set(db, s);
  }
  return s;
}

const ordered = () =>
  [...automationState().automations].sort((a, b) => a.position - b.position || a.id - b.id);

const openStatus = (id: number) =>
  STATUSES.some((s) => s.object_type === 'T' && s.status_id === id && !s.is_closed);

/** server/rules/automations.ts timeProblems, then the triggers' checks. */
function ruleProblems(r: Rule, actions: Action[]): Record<string, string> {
  const fields: Record<string, string> = {};
  r.conditions.forEach((c, i) => {
    if (c.field === 'change' || c.field === 'actor') fields[`conditions.${i}.field`] = M.eventOnly;
  });
  const seen = new Set<string>();
  r.time_conditions.forEach((c, i) => {
    if (seen.has(c.field)) fields[`time_conditions.${i}.field`] = M.twice;
    seen.add(c.field);
    if (c.field === 'status_for' && !openStatus(c.status_id))
      fields[`time_conditions.${i}.status_id`] = M.status;
  });
  if (Object.keys(fields).length) return fields;
  return triggerProblems(r.conditions, actions);
}

function inputOf(b: Record<string, unknown>): Input & { position?: number } {
  return {
    name: String(b.name).trim(),
    active: b.active === undefined ? true : Boolean(b.active),
    match: (b.match as Automation['match'] | undefined) ?? 'all',
    conditions: (b.conditions as Condition[] | undefined) ?? [],
    time_conditions: b.time_conditions as TimeCondition[],
    actions: b.actions as Action[],
    ...(typeof b.position === 'number' ? { position: b.position } : {}),
  };
}

function saveProblems(a: Input, id: number | null): Record<string, string> {
  const wrong = ruleProblems(a, a.actions);
  if (Object.keys(wrong).length) return wrong;
  if (
    automationState().automations.some(
      (x) => x.id !== id && x.name.toLowerCase() === a.name.toLowerCase(),
    )
  )
    return { name: M.nameTaken };
  return {};
}

function timeMet(c: TimeCondition, t: MockTicket, now: number): boolean {
  switch (c.field) {
    case 'status_for':
      return t.status_id === c.status_id && Date.parse(t.updated_at) <= now - c.hours * HOUR;
    case 'created_ago':
      return Date.parse(t.created_at) <= now - c.days * 24 * HOUR;
    case 'due_within': {
      const due = [t.first_response_due_at, t.next_response_due_at, t.resolution_due_at]
        .filter((d): d is string => typeof d === 'string')
        .map(Date.parse)
        .sort((a, b) => a - b)[0];
      return due !== undefined && due > now && due <= now + c.minutes * 60_000;
    }
    case 'no_requester_reply': {
      const last = db.work.messages
        .filter((m) => m.record_id === t.id && m.thread === 'communication')
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)[0];
      const byAgent =
        last !== undefined &&
        last.author_id !== t.requester_id &&
        db.users.some((u) => u.id === last.author_id && u.user_is_hde);
      return byAgent && Date.parse(last.created_at) <= now - c.business_hours * HOUR;
    }
  }
}

function preview(r: Rule) {
  const now = Date.now();
  const open = db.records.filter(
    (x): x is MockTicket => x.object_type === 'T' && !x.is_draft && openStatus(x.status_id),
  );
  const matching = open
    .filter((t) => r.time_conditions.every((c) => timeMet(c, t, now)))
    .filter((t) => {
      if (!r.conditions.length) return true;
      const met = (c: Condition) => conditionMet(c, t);
      return r.match === 'all' ? r.conditions.every(met) : r.conditions.some(met);
    })
    .sort((a, b) => a.id - b.id);
  return {
    count: Math.min(matching.length, 10_000),
    more: matching.length > 10_000,
    tickets: matching.slice(0, 10).map((t) => ({ id: t.id, subject: t.subject })),
  };
}

export function automationHandlers() {
  const agentsOnly = <Info extends { request: Request }, Answer>(
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_hde ? handler(user, info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  const invalid = (fields: Record<string, string>) =>
    fail(400, 'Bad Request', 'Validation failed', fields);
  return [
    http.get(
      '/api/automations',
      agentsOnly(() => ok(ordered())),
    ),
    http.get(
      '/api/automations/{id}',
      agentsOnly((_user, { params }) => {
        const a = automationState().automations.find((x) => x.id === Number(params.id));
        return a ? ok(a) : fail(404, 'Not Found', NOT_FOUND);
      }),
    ),
    http.post(
      '/api/automations',
      authed(async (_user, { request }) => {
        const { position, ...a } = inputOf(await bodyOf(request));
        void position;
        const wrong = saveProblems(a, null);
        if (Object.keys(wrong).length) return invalid(wrong);
        const made: Automation = {
          ...a,
          id: automationState().nextId++,
          position: Math.max(0, ...automationState().automations.map((x) => x.position)) + 1,
          updated_at: new Date().toISOString(),
        };
        automationState().automations.push(made);
        return ok(made);
      }),
    ),
    http.post(
      '/api/automations/preview',
      agentsOnly(async (_user, { request }) => {
        const b = await bodyOf(request);
        const r: Rule = {
          match: (b.match as Rule['match'] | undefined) ?? 'all',
          conditions: (b.conditions as Condition[] | undefined) ?? [],
          time_conditions: b.time_conditions as TimeCondition[],
        };
        const wrong = ruleProblems(r, []);
        if (Object.keys(wrong).length) return invalid(wrong);
        return ok(preview(r));
      }),
    ),
    http.put(
      '/api/automations/{id}',
      authed(async (_user, { request, params }) => {
        const { position, ...a } = inputOf(await bodyOf(request));
        const found = automationState().automations.find((x) => x.id === Number(params.id));
        // As the server: the checks first; a rule that is not there cannot clash by name.
        const wrong = found ? saveProblems(a, found.id) : ruleProblems(a, a.actions);
        if (Object.keys(wrong).length) return invalid(wrong);
        if (!found) return fail(404, 'Not Found', NOT_FOUND);
        Object.assign(found, a, position === undefined ? {} : { position }, {
          updated_at: new Date().toISOString(),
        });
        return ok(found);
      }),
    ),
    // The pass itself runs in the server's workers: the mock only answers that it is queued.
    http.post(
      '/api/automations/{id}/run',
      authed((_user, { params }) => {
        const a = automationState().automations.find((x) => x.id === Number(params.id));
        if (!a) return fail(404, 'Not Found', NOT_FOUND);
        if (!a.active) return fail(409, 'Conflict', INACTIVE);
        return ok({ id: a.id });
      }),
    ),
    http.delete(
      '/api/automations/{id}',
      authed((_user, { params }) => {
        const id = Number(params.id);
        if (!automationState().automations.some((a) => a.id === id))
          return fail(404, 'Not Found', NOT_FOUND);
        const s = automationState();
        s.automations = s.automations.filter((a) => a.id !== id);
        return ok({ id });
      }),
    ),
  ];
}
