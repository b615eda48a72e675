// "Test against ticket #N": which of a trigger's conditions the ticket meets now and what its
// actions would do, in the caller's words. Changes nothing.
import type { Queryable } from '../db/transaction.js';
import { fill, translate, type Language } from '../lib/i18n.js';
import type { AuthUser } from '../plugins/auth.js';
import { deskOpenToUser } from '../routes/records/visibility.js';
import { evaluate, loadTicketState } from './evaluate.js';
import type { Action, Condition, TriggerEvent } from './schema.js';

interface Names {
  desks: Record<string, string>;
  statuses: Record<string, string>;
  priorities: Record<string, string>;
  organizations: Record<string, string>;
  tags: Record<string, string>;
  users: Record<string, string>;
  templates: Record<string, string>;
  macros: Record<string, string>;
}

async function names(q: Queryable): Promise<Names> {
  const obj = (table: string, col = 'name', where = 'true') =>
    `(SELECT coalesce(json_object_agg(id, ${col}), '{}') FROM ${table} WHERE ${where})`;
  const { rows } = await q.query<Names>(
    `SELECT ${obj('helpdesks', 'name', "object_type = 'T'")} AS desks,
            ${obj('statuses', 'name', "object_type = 'T'")} AS statuses,
            ${obj('priorities')} AS priorities, ${obj('companies')} AS organizations,
            ${obj('tags')} AS tags, ${obj('users', 'fullname', 'user_is_hde')} AS users,
            ${obj('rule_templates')} AS templates, ${obj('macros')} AS macros`,
  );
  return rows[0];
}

const OPERATORS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  matches: 'matches',
  not_matches: 'does not match',
  member_of: 'is a member of',
  not_member_of: 'is not a member of',
  set: 'is set',
  not_set: 'is not set',
  within: 'within business hours',
  outside: 'outside business hours',
  changed: 'changed',
  changed_to: 'changed to',
  changed_from: 'changed from',
};

const FIELDS: Record<Condition['field'], string> = {
  desk: 'Help desk',
  status: 'Status',
  priority: 'Priority',
  organization: 'Organization',
  tags: 'Tags',
  custom_field: 'Custom field',
  requester: 'Requester',
  requester_organization: 'Requester',
  assignee: 'Assignee',
  channel: 'Channel',
  subject: 'Subject',
  body: 'Message',
  business_hours: 'Time',
  change: 'Change',
  actor: 'Changed by',
};

function describeCondition(lang: Language, c: Condition, n: Names): string {
  const list = (map: Record<string, string>, ids: readonly (number | null)[]) =>
    ids
      .map((id) => (id === null ? translate(lang, 'nobody') : (map[String(id)] ?? `#${id}`)))
      .join(', ');
  const t = (s: string) => translate(lang, s);
  const head = `${t(FIELDS[c.field])} ${t(OPERATORS[c.operator])}`;
  switch (c.field) {
    case 'desk':
      return `${head}: ${list(n.desks, c.value)}`;
    case 'status':
      return `${head}: ${list(n.statuses, c.value)}`;
    case 'priority':
      return `${head}: ${list(n.priorities, c.value)}`;
    case 'organization':
    case 'requester_organization':
      return `${head}: ${list(n.organizations, c.value)}`;
    case 'tags':
      return `${head}: ${list(n.tags, c.value)}`;
    case 'requester':
      return `${head}: ${c.value.map((id) => `#${id}`).join(', ')}`;
    case 'assignee':
      return `${head}: ${list(n.users, c.value)}`;
    case 'channel':
    case 'actor':
      return `${head}: ${c.value.map(t).join(', ')}`;
    case 'subject':
    case 'body':
      return `${head}: ${c.value}`;
    case 'custom_field':
      return `${t(FIELDS[c.field])} ${c.key} ${t(OPERATORS[c.operator])}${c.value === undefined ? '' : `: ${String(c.value)}`}`;
    case 'business_hours':
      return t(OPERATORS[c.operator]);
    case 'change':
      return `${t(c.attribute)} ${t(OPERATORS[c.operator])}${c.value === undefined ? '' : `: ${c.value === null ? t('nobody') : `#${c.value}`}`}`;
  }
}

export function describeAction(lang: Language, a: Action, n: Names): string {
  const t = (text: string, values: Record<string, string | number> = {}) =>
    fill(translate(lang, text), values);
  const name = (map: Record<string, string>, id: number) => map[String(id)] ?? `#${id}`;
  switch (a.type) {
    case 'set_desk':
      return t('Move to help desk {{name}}', { name: name(n.desks, a.desk_id) });
    case 'set_status':
      return t('Set the status to {{name}}', { name: name(n.statuses, a.status_id) });
    case 'set_priority':
      return t('Set the priority to {{name}}', { name: name(n.priorities, a.priority_id) });
    case 'set_assignee':
      return a.agent_id === null
        ? t('Unassign')
        : t('Assign to {{name}}', { name: name(n.users, a.agent_id) });
    case 'assign_next':
      return t("Assign the next agent by the desk's assignment rule");
    case 'add_tags':
      return t('Add tags {{names}}', { names: a.tag_ids.map((id) => name(n.tags, id)).join(', ') });
    case 'remove_tags':
      return t('Remove tags {{names}}', {
        names: a.tag_ids.map((id) => name(n.tags, id)).join(', '),
      });
    case 'set_fields':
      return t('Set custom fields {{names}}', { names: Object.keys(a.values).join(', ') });
    case 'add_note':
      return t('Add an internal note from template {{name}}', {
        name: name(n.templates, a.template_id),
      });
    case 'send_mail':
      return t('Mail template {{name}} to {{to}}', {
        name: name(n.templates, a.template_id),
        to: a.to === 'address' ? (a.address ?? '') : translate(lang, a.to),
      });
    case 'call_webhook':
      return t('Call webhook #{{id}}', { id: a.webhook_id });
    case 'apply_macro':
      return t('Apply macro {{name}}', { name: name(n.macros, a.macro_id) });
  }
}

export type TriggerTest = {
  ticket_id: number;
  matched: boolean;
  conditions: { index: number; field: string; matched: boolean; description: string }[];
  actions: { index: number; type: string; description: string }[];
};

/** The test's answer, or undefined when the ticket does not exist for this agent. */
export async function testTrigger(
  q: Queryable,
  trigger: {
    match: 'all' | 'any';
    conditions: Condition[];
    actions: Action[];
    event: TriggerEvent;
  },
  ticketId: number,
  user: Pick<AuthUser, 'id' | 'language'>,
): Promise<TriggerTest | undefined> {
  const { rows } = await q.query(
    `SELECT 1 FROM records r WHERE r.id = $1 AND r.object_type = 'T' AND NOT r.is_draft
        AND ${deskOpenToUser('$2::bigint', 'r.hd_id')}`,
    [ticketId, user.id],
  );
  if (!rows.length) return undefined;
  const [state, n] = await Promise.all([loadTicketState(q, ticketId), names(q)]);
  if (!state) return undefined;
  const lang = user.language;
  const { results, matched } = evaluate(
    trigger,
    state,
    { events: [trigger.event], actor: null, changes: {}, now: new Date() },
    () => undefined,
  );
  return {
    ticket_id: ticketId,
    matched,
    conditions: trigger.conditions.map((c, index) => ({
      index,
      field: c.field,
      matched: results[index],
      description: describeCondition(lang, c, n),
    })),
    actions: matched
      ? trigger.actions.map((a, index) => ({
          index,
          type: a.type,
          description: describeAction(lang, a, n),
        }))
      : [],
  };
}
