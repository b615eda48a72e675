// What a trigger's schema cannot tell: the ids it names exist (desks of tickets, ticket statuses,
// agents, tags, organizations, templates, macros), a custom field is an active field of tickets
// and its value fits, a regular expression compiles, a condition's value is there when its
// operator needs one. Each problem is named by its path (`conditions.2.value`), as the schema's
// own messages are.
import type { Queryable } from '../db/transaction.js';
import { HttpError } from '../lib/http-error.js';
import { fill } from '../lib/i18n.js';
import {
  valueFits,
  VALUE_MESSAGES,
  type FieldType,
  type Choice,
} from '../routes/custom-fields/values.js';
import { compilePattern } from './regex.js';
import { RULE_MESSAGES, type Action, type Condition } from './schema.js';

export const CHECK_MESSAGES = {
  desk: 'Choose help desks of tickets.',
  status: 'Choose ticket statuses.',
  priority: 'Choose priorities.',
  organization: 'Choose organizations.',
  tags: 'Choose existing tags.',
  users: 'Choose existing users.',
  agents: 'Choose helpdesk agents.',
  regex: 'This is not a valid regular expression.',
  valueNeeded: 'Give a value for this operator.',
  valueNotAllowed: 'This operator takes no value.',
  template: 'Choose an existing template.',
  macro: 'Choose an existing macro.',
  webhook: 'Choose an existing webhook endpoint.',
  addressNeeded: 'Give the address to mail.',
  addressNotAllowed: 'An address is only for mails sent to an address.',
  changeAttribute: 'Give an id of this kind of item (or null for none).',
} as const;

interface Lookups {
  desks: Set<number>;
  statuses: Set<number>;
  priorities: Set<number>;
  organizations: Set<number>;
  tags: Set<number>;
  users: Set<number>;
  agents: Set<number>;
  templates: Set<number>;
  macros: Set<number>;
  webhooks: Set<number>;
  fields: Map<string, { type: FieldType; choices: Choice[] }>;
}

const num = (v: unknown) => Number(v);

/** Every id a trigger names, read in one statement. */
async function lookups(q: Queryable, userIds: number[]): Promise<Lookups> {
  const { rows } = await q.query<Record<string, unknown[]>>(
    `SELECT (SELECT coalesce(array_agg(id), '{}') FROM helpdesks WHERE object_type = 'T') AS desks,
            (SELECT coalesce(array_agg(id), '{}') FROM statuses WHERE object_type = 'T') AS statuses,
            (SELECT coalesce(array_agg(id), '{}') FROM priorities) AS priorities,
            (SELECT coalesce(array_agg(id), '{}') FROM companies) AS organizations,
            (SELECT coalesce(array_agg(id), '{}') FROM tags) AS tags,
            (SELECT coalesce(array_agg(id), '{}') FROM users WHERE id = ANY($1::bigint[])) AS users,
            (SELECT coalesce(array_agg(id), '{}') FROM users
              WHERE id = ANY($1::bigint[]) AND user_is_hde) AS agents,
            (SELECT coalesce(array_agg(id), '{}') FROM rule_templates) AS templates,
            (SELECT coalesce(array_agg(id), '{}') FROM macros) AS macros,
            (SELECT coalesce(array_agg(id), '{}') FROM webhook_endpoints) AS webhooks,
            (SELECT coalesce(json_agg(json_build_object('key', key, 'type', type, 'choices', choices)), '[]')
               FROM custom_fields WHERE object_type = 'T' AND active) AS fields`,
    [userIds],
  );
  const r = rows[0];
  const set = (k: string) => new Set((r[k] ?? []).map(num));
  const fields = r.fields as unknown as { key: string; type: FieldType; choices: Choice[] }[];
  return {
    desks: set('desks'),
    statuses: set('statuses'),
    priorities: set('priorities'),
    organizations: set('organizations'),
    tags: set('tags'),
    users: set('users'),
    agents: set('agents'),
    templates: set('templates'),
    macros: set('macros'),
    webhooks: set('webhooks'),
    fields: new Map(fields.map((f) => [f.key, { type: f.type, choices: f.choices }])),
  };
}

/** The user ids a trigger names (requesters, agents), to look up only those. */
function namedUsers(conditions: readonly Condition[], actions: readonly Action[]): number[] {
  const ids = new Set<number>();
  for (const c of conditions) {
    if (c.field === 'requester') c.value.forEach((v) => ids.add(v));
    if (c.field === 'assignee') c.value.forEach((v) => v !== null && ids.add(v));
    if (c.field === 'change' && c.attribute === 'assignee' && typeof c.value === 'number')
      ids.add(c.value);
    if (c.field === 'custom_field' && typeof c.value === 'number') ids.add(c.value);
  }
  for (const a of actions) {
    if (a.type === 'set_assignee' && a.agent_id !== null) ids.add(a.agent_id);
    if (a.type === 'set_fields')
      Object.values(a.values).forEach((v) => typeof v === 'number' && ids.add(v));
  }
  return [...ids];
}

/** The templates a trigger's actions use. */
export function templateIds(actions: readonly Action[]): number[] {
  const ids = new Set<number>();
  for (const a of actions)
    if (a.type === 'add_note' || a.type === 'send_mail') ids.add(a.template_id);
  return [...ids];
}

/** Throws a 400 naming every part of the trigger that cannot run. */
export async function checkTrigger(
  q: Queryable,
  conditions: readonly Condition[],
  actions: readonly Action[],
): Promise<void> {
  const l = await lookups(q, namedUsers(conditions, actions));
  const fields: Record<string, string> = {};
  const allIn = (set: Set<number>, values: readonly (number | null)[]) =>
    values.every((v) => v === null || set.has(v));

  conditions.forEach((c, i) => {
    const at = `conditions.${i}`;
    switch (c.field) {
      case 'desk':
      case 'status':
      case 'priority':
      case 'organization': {
        const set = {
          desk: l.desks,
          status: l.statuses,
          priority: l.priorities,
          organization: l.organizations,
        }[c.field];
        if (!allIn(set, c.value)) fields[`${at}.value`] = CHECK_MESSAGES[c.field];
        break;
      }
      case 'tags':
        if (!allIn(l.tags, c.value)) fields[`${at}.value`] = CHECK_MESSAGES.tags;
        break;
      case 'requester':
        if (!allIn(l.users, c.value)) fields[`${at}.value`] = CHECK_MESSAGES.users;
        break;
      case 'requester_organization':
        if (!allIn(l.organizations, c.value)) fields[`${at}.value`] = CHECK_MESSAGES.organization;
        break;
      case 'assignee':
        if (!allIn(l.agents, c.value)) fields[`${at}.value`] = CHECK_MESSAGES.agents;
        break;
      case 'subject':
      case 'body':
        if ((c.operator === 'matches' || c.operator === 'not_matches') && !compilePattern(c.value))
          fields[`${at}.value`] = CHECK_MESSAGES.regex;
        break;
      case 'custom_field': {
        const f = l.fields.get(c.key);
        const needsValue = c.operator === 'is' || c.operator === 'is_not';
        if (!f) fields[`${at}.key`] = RULE_MESSAGES.fieldKey;
        else if (needsValue && c.value === undefined)
          fields[`${at}.value`] = CHECK_MESSAGES.valueNeeded;
        else if (!needsValue && c.value !== undefined)
          fields[`${at}.value`] = CHECK_MESSAGES.valueNotAllowed;
        else if (needsValue) {
          // A multiple-choice field is compared with one of its choices.
          const fits =
            f.type === 'multiple_choice'
              ? valueFits('single_choice', f.choices, c.value)
              : valueFits(f.type, f.choices, c.value) &&
                (f.type !== 'agent' || l.agents.has(Number(c.value)));
          if (!fits) fields[`${at}.value`] = VALUE_MESSAGES[f.type];
        }
        break;
      }
      case 'change': {
        const needsValue = c.operator !== 'changed';
        if (needsValue && c.value === undefined) fields[`${at}.value`] = CHECK_MESSAGES.valueNeeded;
        else if (!needsValue && c.value !== undefined)
          fields[`${at}.value`] = CHECK_MESSAGES.valueNotAllowed;
        else if (needsValue && c.value !== null && c.value !== undefined) {
          const set = {
            desk: l.desks,
            status: l.statuses,
            priority: l.priorities,
            assignee: l.agents,
            organization: l.organizations,
          }[c.attribute];
          if (!set.has(c.value)) fields[`${at}.value`] = CHECK_MESSAGES.changeAttribute;
        }
        break;
      }
      case 'business_hours':
      case 'channel':
      case 'actor':
        break;
    }
  });

  actions.forEach((a, i) => {
    const at = `actions.${i}`;
    switch (a.type) {
      case 'set_desk':
        if (!l.desks.has(a.desk_id)) fields[`${at}.desk_id`] = CHECK_MESSAGES.desk;
        break;
      case 'set_status':
        if (!l.statuses.has(a.status_id)) fields[`${at}.status_id`] = CHECK_MESSAGES.status;
        break;
      case 'set_priority':
        if (!l.priorities.has(a.priority_id)) fields[`${at}.priority_id`] = CHECK_MESSAGES.priority;
        break;
      case 'set_assignee':
        if (a.agent_id !== null && !l.agents.has(a.agent_id))
          fields[`${at}.agent_id`] = CHECK_MESSAGES.agents;
        break;
      case 'add_tags':
      case 'remove_tags':
        if (!allIn(l.tags, a.tag_ids)) fields[`${at}.tag_ids`] = CHECK_MESSAGES.tags;
        break;
      case 'set_fields':
        for (const [key, value] of Object.entries(a.values)) {
          const f = l.fields.get(key);
          if (!f) fields[`${at}.values.${key}`] = RULE_MESSAGES.fieldKey;
          else if (
            !valueFits(f.type, f.choices, value) ||
            (f.type === 'agent' && value !== null && !l.agents.has(Number(value)))
          )
            fields[`${at}.values.${key}`] = VALUE_MESSAGES[f.type];
        }
        break;
      case 'add_note':
        if (!l.templates.has(a.template_id)) fields[`${at}.template_id`] = CHECK_MESSAGES.template;
        break;
      case 'send_mail':
        if (!l.templates.has(a.template_id)) fields[`${at}.template_id`] = CHECK_MESSAGES.template;
        if (a.to === 'address' && !a.address)
          fields[`${at}.address`] = CHECK_MESSAGES.addressNeeded;
        if (a.to !== 'address' && a.address)
          fields[`${at}.address`] = CHECK_MESSAGES.addressNotAllowed;
        break;
      case 'apply_macro':
        if (!l.macros.has(a.macro_id)) fields[`${at}.macro_id`] = CHECK_MESSAGES.macro;
        break;
      case 'call_webhook':
        if (!l.webhooks.has(a.webhook_id)) fields[`${at}.webhook_id`] = CHECK_MESSAGES.webhook;
        break;
      case 'assign_next':
        break;
    }
  });

  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
}

type Attribute = 'desk' | 'status' | 'priority' | 'assignee';

/** What each action sets, by attribute (the last one wins), with the action's index. */
function sets(actions: readonly Action[]): Map<Attribute, { value: number | null; index: number }> {
  const out = new Map<Attribute, { value: number | null; index: number }>();
  actions.forEach((a, index) => {
    if (a.type === 'set_desk') out.set('desk', { value: a.desk_id, index });
    if (a.type === 'set_status') out.set('status', { value: a.status_id, index });
    if (a.type === 'set_priority') out.set('priority', { value: a.priority_id, index });
    if (a.type === 'set_assignee') out.set('assignee', { value: a.agent_id, index });
  });
  return out;
}

/** The values of an attribute a trigger's conditions ask for (undefined: any value). */
function accepts(
  conditions: readonly Condition[],
  attribute: Attribute,
): (number | null)[] | undefined {
  for (const c of conditions) {
    if (c.field === attribute && c.operator === 'is') return [...c.value];
    if (c.field === 'change' && c.attribute === attribute && c.operator === 'changed_to')
      return c.value === undefined ? undefined : [c.value];
  }
  return undefined;
}

export const CYCLE_MESSAGE = 'This action and trigger “{{name}}” would undo each other (a cycle).';

/**
 * Refuses an updated trigger that would undo another's change and be undone by it: each sets an
 * attribute to a value the other's conditions ask for (High → Low when High, Low → High when
 * Low). Loop protection stops such a pair after one round anyway; this says so when it is saved.
 */
export function checkCycles(
  t: {
    event: string;
    active: boolean;
    conditions: readonly Condition[];
    actions: readonly Action[];
  },
  others: readonly { name: string; conditions: readonly Condition[]; actions: readonly Action[] }[],
): void {
  if (t.event !== 'ticket_updated' || !t.active) return;
  const fields: Record<string, string> = {};
  const mine = sets(t.actions);
  for (const other of others) {
    const theirs = sets(other.actions);
    for (const [attribute, set] of mine) {
      const back = theirs.get(attribute);
      if (!back || back.value === set.value) continue;
      const mineWants = accepts(t.conditions, attribute);
      const theyWant = accepts(other.conditions, attribute);
      if (mineWants?.includes(back.value) && theyWant?.includes(set.value))
        fields[`actions.${set.index}`] = fill(CYCLE_MESSAGE, { name: other.name });
    }
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
}
