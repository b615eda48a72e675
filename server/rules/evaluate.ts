// A ticket's state as the rules see it (read once per event) and the conditions checked against
// it. Pure apart from `loadTicketState`: the engine and the editor's "test against a ticket" use
// the same code, so the test shows what a real change would do.
import type { Queryable } from '../db/transaction.js';
import { businessMsBetween } from '../sla/calendar.js';
import { matchingPolicySql, policyFromJson, type PolicyJson } from '../sla/policy.js';
import { plainText } from '../mail/record-templates.js';
import { timedMatch } from './regex.js';
import type { ChangeAttribute, Condition, TriggerEvent } from './schema.js';

export interface TicketState {
  id: number;
  object_type: 'T' | 'C';
  is_draft: boolean;
  merged_into_id: number | null;
  title: string;
  body: string;
  channel: 'web' | 'mail';
  hd_id: number;
  hd_name: string;
  status_id: number;
  status_name: string;
  priority_id: number | null;
  priority_name: string | null;
  company_id: number | null;
  company_name: string | null;
  owner_id: number;
  owner_name: string;
  owner_email: string;
  owner_language: 'en' | 'es';
  owner_is_hde: boolean;
  owner_organizations: number[];
  assignee_id: number | null;
  assignee_name: string | null;
  tag_ids: number[];
  fields: Record<string, unknown>;
  /** The newest message of the conversation (HTML), '' when none. */
  last_message: string;
  policy: PolicyJson | null;
}

export async function loadTicketState(q: Queryable, id: number): Promise<TicketState | undefined> {
  const { rows } = await q.query<TicketState>(
    `SELECT r.id::int, r.object_type, r.is_draft, r.merged_into_id::int, r.title, r.body, r.channel,
            r.hd_id, h.name AS hd_name, r.status_id, s.name AS status_name,
            r.priority_id, p.name AS priority_name, r.company_id, c.name AS company_name,
            r.owner_id::int, o.fullname AS owner_name, o.email AS owner_email,
            o.language AS owner_language, o.user_is_hde AS owner_is_hde,
            ARRAY(SELECT company_id FROM organization_members WHERE user_id = r.owner_id) AS owner_organizations,
            r.assignee_id::int, a.fullname AS assignee_name, r.tag_ids, r.fields,
            coalesce((SELECT m.body FROM record_messages m
                       WHERE m.record_id = r.id AND m.thread = 'communication'
                       ORDER BY m.created_at DESC, m.id DESC LIMIT 1), '') AS last_message,
            ${matchingPolicySql('r.hd_id', 'r.priority_id', 'r.company_id')} AS policy
       FROM records r
       JOIN helpdesks h ON h.id = r.hd_id
       JOIN statuses s ON s.id = r.status_id
       JOIN users o ON o.id = r.owner_id
       LEFT JOIN priorities p ON p.id = r.priority_id
       LEFT JOIN companies c ON c.id = r.company_id
       LEFT JOIN users a ON a.id = r.assignee_id
      WHERE r.id = $1`,
    [id],
  );
  return rows[0];
}

export type ActorKind = 'requester' | 'agent' | 'rule';

/** What happened: the event, who did it, what changed in it (ids; null: none). */
export interface EventContext {
  events: readonly TriggerEvent[];
  actor: ActorKind | null;
  /** `from` undefined: the rules never saw the value before (changed_from cannot tell). */
  changes: Partial<Record<ChangeAttribute, { from?: number | null; to: number | null }>>;
  /** The message of a message event (HTML). */
  message?: string;
  now: Date;
}

/** A regular expression ran out of time (the engine logs it). */
export type OnTimeout = (pattern: string) => void;

function words(html: string): string {
  return plainText(html)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function textMatches(
  c: Extract<Condition, { field: 'subject' | 'body' }>,
  text: string,
  onTimeout: OnTimeout,
): boolean {
  if (c.operator === 'contains' || c.operator === 'not_contains') {
    const found = words(text).includes(words(c.value).trim());
    return c.operator === 'contains' ? found : !found;
  }
  const m = timedMatch(c.value, text);
  if (m === 'timeout') {
    onTimeout(c.value);
    return false;
  }
  return c.operator === 'matches' ? m : !m;
}

const is = <T>(operator: string, value: readonly T[], actual: T) =>
  operator === 'is' ? value.includes(actual) : !value.includes(actual);

function customFieldMatches(
  c: Extract<Condition, { field: 'custom_field' }>,
  fields: Record<string, unknown>,
): boolean {
  const v = fields[c.key];
  const has = v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
  if (c.operator === 'set') return has;
  if (c.operator === 'not_set') return !has;
  const equal = Array.isArray(v) ? v.includes(c.value) : v === c.value;
  return c.operator === 'is' ? equal : !equal;
}

function withinHours(t: TicketState, now: Date): boolean {
  const policy = policyFromJson(t.policy);
  if (!policy) return true;
  const cal = { timeZone: policy.time_zone, hours: policy.hours, holidays: policy.holidays };
  return businessMsBetween(cal, now, new Date(now.getTime() + 60_000)) > 0;
}

export function conditionMet(
  c: Condition,
  t: TicketState,
  e: EventContext,
  onTimeout: OnTimeout,
): boolean {
  switch (c.field) {
    case 'desk':
      return is(c.operator, c.value, t.hd_id);
    case 'status':
      return is(c.operator, c.value, t.status_id);
    case 'priority':
      return t.priority_id === null
        ? c.operator === 'is_not'
        : is(c.operator, c.value, t.priority_id);
    case 'organization':
      return t.company_id === null
        ? c.operator === 'is_not'
        : is(c.operator, c.value, t.company_id);
    case 'tags': {
      if (c.operator === 'contains') return c.value.every((id) => t.tag_ids.includes(id));
      return !c.value.some((id) => t.tag_ids.includes(id));
    }
    case 'custom_field':
      return customFieldMatches(c, t.fields);
    case 'requester':
      return is(c.operator, c.value, t.owner_id);
    case 'requester_organization': {
      const member = c.value.some((id) => t.owner_organizations.includes(id));
      return c.operator === 'member_of' ? member : !member;
    }
    case 'assignee':
      return is(c.operator, c.value, t.assignee_id);
    case 'channel':
      return is(c.operator, c.value, t.channel);
    case 'subject':
      return textMatches(c, t.title, onTimeout);
    case 'body':
      return textMatches(c, e.message ?? t.body, onTimeout);
    case 'business_hours':
      return withinHours(t, e.now) === (c.operator === 'within');
    case 'change': {
      const change = e.changes[c.attribute];
      if (!change) return false;
      if (c.operator === 'changed') return true;
      if (c.operator === 'changed_to') return change.to === (c.value ?? null);
      return change.from !== undefined && change.from === (c.value ?? null);
    }
    case 'actor':
      return e.actor !== null && is(c.operator, c.value, e.actor);
  }
}

/** Each condition's result, and whether the trigger's `match` holds (no conditions: it does). */
export function evaluate(
  trigger: { match: 'all' | 'any'; conditions: readonly Condition[] },
  t: TicketState,
  e: EventContext,
  onTimeout: OnTimeout,
): { results: boolean[]; matched: boolean } {
  const results = trigger.conditions.map((c) => conditionMet(c, t, e, onTimeout));
  const matched =
    results.length === 0 ||
    (trigger.match === 'all' ? results.every(Boolean) : results.some(Boolean));
  return { results, matched };
}

/** Whether the trigger's conditions hold, checking no more of them than that takes. */
export function holds(
  trigger: { match: 'all' | 'any'; conditions: readonly Condition[] },
  t: TicketState,
  e: EventContext,
  onTimeout: OnTimeout,
): boolean {
  if (trigger.conditions.length === 0) return true;
  const met = (c: Condition) => conditionMet(c, t, e, onTimeout);
  return trigger.match === 'all' ? trigger.conditions.every(met) : trigger.conditions.some(met);
}
