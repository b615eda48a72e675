// Triggers and their templates (docs/rules.md), answered as server/routes/triggers/routes.ts and
// server/routes/templates/routes.ts do: administrators write (the contract's x-role gate),
// helpdesk agents read, test and preview, others get 403. The checks a schema cannot make are
// server/rules/validate.ts's; "test against a ticket" is server/rules/explain.ts's, in English.
import type { components } from '../api/schema';
import { webhookState } from './webhook-handlers';
import { sanitizeHtml } from '../lib/sanitize';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { HELPDESKS, PRIORITIES, STATUSES } from './records-data';
import { tagIdsOf } from './tag-data';

type Trigger = components['schemas']['Trigger'];
type Condition = components['schemas']['TriggerCondition'];
type Action = components['schemas']['TriggerAction'];
type Template = components['schemas']['RuleTemplate'];

const TRIGGERS_AGENTS_ONLY = 'Only helpdesk agents can see triggers.';
const TEMPLATES_AGENTS_ONLY = 'Only helpdesk agents can see templates.';
const TRIGGER_NOT_FOUND = 'This trigger does not exist.';
const TEMPLATE_NOT_FOUND = 'This template does not exist.';
const TICKET_NOT_FOUND = 'This ticket does not exist.';

const M = {
  nameTaken: 'A trigger with this name already exists.',
  order: 'Give every trigger id once, in the new order.',
  fieldKey: 'Choose an active custom field of tickets.',
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
  templateTaken: 'A template with this name already exists.',
  inUse: (names: string) => `Triggers use this template: ${names}. Change them first.`,
  placeholder: (names: string) => `Unknown placeholder: ${names}.`,
  fieldValue: 'Give a value this custom field accepts.',
};

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

const PLACEHOLDERS = [
  'ticket.id',
  'ticket.subject',
  'ticket.url',
  'ticket.status',
  'ticket.priority',
  'requester.name',
  'requester.email',
  'organization.name',
  'assignee.name',
  'desk.name',
  'last_message',
];
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

const activeFields = () => db.customFields.filter((f) => f.object_type === 'T' && f.active);

function unknownPlaceholders(text: string): string[] {
  const keys = activeFields().map((f) => f.key);
  const unknown: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1];
    const known =
      PLACEHOLDERS.includes(name) ||
      (name.startsWith('fields.') && keys.includes(name.slice('fields.'.length)));
    if (!known && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

function placeholderProblems(texts: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    const unknown = unknownPlaceholders(text);
    if (unknown.length) fields[name] = M.placeholder(unknown.map((u) => `{{${u}}}`).join(', '));
  }
  return fields;
}

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern, 'iu');
    return true;
  } catch {
    return false;
  }
};

const deskIds = () => HELPDESKS.filter((h) => h.object_type === 'T').map((h) => h.hd_id);
const statusIds = () => STATUSES.filter((s) => s.object_type === 'T').map((s) => s.status_id);
const priorityIds = () => PRIORITIES.map((p) => p.priority_id);
const organizationIds = () => db.organizations.map((o) => o.id);
const tagIds = () => db.tags.map((t) => t.id);
const userIds = () => db.users.map((u) => u.id);
const agentIds = () => db.users.filter((u) => u.user_is_hde).map((u) => u.id);
const allIn = (ids: number[], values: readonly (number | null)[]) =>
  values.every((v) => v === null || ids.includes(v));

/** A custom field's value checked as the server's valueFits does (the common types). */
function fits(type: string, choices: { value: string }[], value: unknown): boolean {
  if (value === null) return true;
  switch (type) {
    case 'text':
    case 'long_text':
    case 'date':
    case 'datetime':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'checkbox':
      return typeof value === 'boolean';
    case 'single_choice':
      return typeof value === 'string' && choices.some((c) => c.value === value);
    case 'multiple_choice':
      return Array.isArray(value) && value.every((v) => choices.some((c) => c.value === v));
    case 'agent':
      return typeof value === 'number' && agentIds().includes(value);
    default:
      return false;
  }
}

/** server/rules/validate.ts checkTrigger: every part that cannot run, by its path. */
export function triggerProblems(
  conditions: Condition[],
  actions: Action[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  conditions.forEach((c, i) => {
    const at = `conditions.${i}`;
    switch (c.field) {
      case 'desk':
        if (!allIn(deskIds(), c.value)) fields[`${at}.value`] = M.desk;
        break;
      case 'status':
        if (!allIn(statusIds(), c.value)) fields[`${at}.value`] = M.status;
        break;
      case 'priority':
        if (!allIn(priorityIds(), c.value)) fields[`${at}.value`] = M.priority;
        break;
      case 'organization':
      case 'requester_organization':
        if (!allIn(organizationIds(), c.value)) fields[`${at}.value`] = M.organization;
        break;
      case 'tags':
        if (!allIn(tagIds(), c.value)) fields[`${at}.value`] = M.tags;
        break;
      case 'requester':
        if (!allIn(userIds(), c.value)) fields[`${at}.value`] = M.users;
        break;
      case 'assignee':
        if (!allIn(agentIds(), c.value)) fields[`${at}.value`] = M.agents;
        break;
      case 'subject':
      case 'body':
        if ((c.operator === 'matches' || c.operator === 'not_matches') && !compiles(c.value))
          fields[`${at}.value`] = M.regex;
        break;
      case 'custom_field': {
        const f = activeFields().find((x) => x.key === c.key);
        const needsValue = c.operator === 'is' || c.operator === 'is_not';
        if (!f) fields[`${at}.key`] = M.fieldKey;
        else if (needsValue && c.value === undefined) fields[`${at}.value`] = M.valueNeeded;
        else if (!needsValue && c.value !== undefined) fields[`${at}.value`] = M.valueNotAllowed;
        else if (
          needsValue &&
          !fits(f.type === 'multiple_choice' ? 'single_choice' : f.type, f.choices, c.value)
        )
          fields[`${at}.value`] = M.fieldValue;
        break;
      }
      case 'change': {
        const needsValue = c.operator !== 'changed';
        if (needsValue && c.value === undefined) fields[`${at}.value`] = M.valueNeeded;
        else if (!needsValue && c.value !== undefined) fields[`${at}.value`] = M.valueNotAllowed;
        else if (needsValue && typeof c.value === 'number') {
          const ids = {
            desk: deskIds(),
            status: statusIds(),
            priority: priorityIds(),
            assignee: agentIds(),
            organization: organizationIds(),
          }[c.attribute];
          if (!ids.includes(c.value)) fields[`${at}.value`] = M.changeAttribute;
        }
        break;
      }
      default:
        break;
    }
  });
  actions.forEach((a, i) => {
    const at = `actions.${i}`;
    const templates = db.ruleTemplates.map((t) => t.id);
    switch (a.type) {
      case 'set_desk':
        if (!deskIds().includes(a.desk_id)) fields[`${at}.desk_id`] = M.desk;
        break;
      case 'set_status':
        if (!statusIds().includes(a.status_id)) fields[`${at}.status_id`] = M.status;
        break;
      case 'set_priority':
        if (!priorityIds().includes(a.priority_id)) fields[`${at}.priority_id`] = M.priority;
        break;
      case 'set_assignee':
        if (a.agent_id !== null && !agentIds().includes(a.agent_id))
          fields[`${at}.agent_id`] = M.agents;
        break;
      case 'add_tags':
      case 'remove_tags':
        if (!allIn(tagIds(), a.tag_ids)) fields[`${at}.tag_ids`] = M.tags;
        break;
      case 'set_fields':
        for (const [key, value] of Object.entries(a.values)) {
          const f = activeFields().find((x) => x.key === key);
          if (!f) fields[`${at}.values.${key}`] = M.fieldKey;
          else if (!fits(f.type, f.choices, value)) fields[`${at}.values.${key}`] = M.fieldValue;
        }
        break;
      case 'add_note':
        if (!templates.includes(a.template_id)) fields[`${at}.template_id`] = M.template;
        break;
      case 'send_mail':
        if (!templates.includes(a.template_id)) fields[`${at}.template_id`] = M.template;
        if (a.to === 'address' && !a.address) fields[`${at}.address`] = M.addressNeeded;
        if (a.to !== 'address' && a.address) fields[`${at}.address`] = M.addressNotAllowed;
        break;
      case 'apply_macro':
        if (!db.macros.some((m) => m.id === a.macro_id)) fields[`${at}.macro_id`] = M.macro;
        break;
      case 'call_webhook':
        if (!webhookState().endpoints.some((e) => e.id === a.webhook_id))
          fields[`${at}.webhook_id`] = M.webhook;
        break;
      default:
        break;
    }
  });
  return fields;
}

type Attribute = 'desk' | 'status' | 'priority' | 'assignee';

/** server/rules/validate.ts checkCycles: an updated trigger and another that undo each other. */
function cycleProblems(t: Input, id: number | null): Record<string, string> {
  if (t.event !== 'ticket_updated' || !t.active) return {};
  const sets = (actions: Action[]) => {
    const out = new Map<Attribute, { value: number | null; index: number }>();
    actions.forEach((a, index) => {
      if (a.type === 'set_desk') out.set('desk', { value: a.desk_id, index });
      if (a.type === 'set_status') out.set('status', { value: a.status_id, index });
      if (a.type === 'set_priority') out.set('priority', { value: a.priority_id, index });
      if (a.type === 'set_assignee') out.set('assignee', { value: a.agent_id, index });
    });
    return out;
  };
  const accepts = (conditions: Condition[], attribute: Attribute) => {
    for (const c of conditions) {
      if (c.field === attribute && c.operator === 'is') return c.value as (number | null)[];
      if (c.field === 'change' && c.attribute === attribute && c.operator === 'changed_to')
        return c.value === undefined ? undefined : [c.value];
    }
    return undefined;
  };
  const fields: Record<string, string> = {};
  const mine = sets(t.actions);
  const others = db.triggers.filter((o) => o.active && o.event === 'ticket_updated' && o.id !== id);
  for (const other of others) {
    const theirs = sets(other.actions);
    for (const [attribute, set] of mine) {
      const back = theirs.get(attribute);
      if (!back || back.value === set.value) continue;
      if (
        accepts(t.conditions, attribute)?.includes(back.value) &&
        accepts(other.conditions, attribute)?.includes(set.value)
      )
        fields[`actions.${set.index}`] =
          `This action and trigger “${other.name}” would undo each other (a cycle).`;
    }
  }
  return fields;
}

const ordered = () => [...db.triggers].sort((a, b) => a.position - b.position || a.id - b.id);

type Input = Omit<Trigger, 'id' | 'position' | 'updated_at'>;

function inputOf(b: Record<string, unknown>): Input {
  return {
    name: String(b.name).trim(),
    active: b.active === undefined ? true : Boolean(b.active),
    event: b.event as Trigger['event'],
    match: (b.match as Trigger['match'] | undefined) ?? 'all',
    conditions: (b.conditions as Condition[] | undefined) ?? [],
    actions: b.actions as Action[],
    stop: Boolean(b.stop ?? false),
  };
}

/** The checks, then the unique name (the server's order). */
function saveProblems(t: Input, id: number | null): Record<string, string> {
  const wrong = triggerProblems(t.conditions, t.actions);
  if (Object.keys(wrong).length) return wrong;
  const cycle = cycleProblems(t, id);
  if (Object.keys(cycle).length) return cycle;
  if (db.triggers.some((x) => x.id !== id && x.name.toLowerCase() === t.name.toLowerCase()))
    return { name: M.nameTaken };
  return {};
}

// "Test against a ticket" (server/rules/explain.ts), English texts.
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

const nameIn = (pairs: [number, string][], id: number | null) =>
  id === null ? 'nobody' : (pairs.find(([k]) => k === id)?.[1] ?? `#${id}`);
const deskNames = (): [number, string][] =>
  HELPDESKS.filter((h) => h.object_type === 'T').map((h) => [h.hd_id, h.hd_name]);
const statusNames = (): [number, string][] =>
  STATUSES.filter((s) => s.object_type === 'T').map((s) => [s.status_id, s.status_name]);
const priorityNames = (): [number, string][] =>
  PRIORITIES.map((p) => [p.priority_id, p.priority_name]);
const organizationNames = (): [number, string][] => db.organizations.map((o) => [o.id, o.name]);
const tagNames = (): [number, string][] => db.tags.map((t) => [t.id, t.name]);
const agentNames = (): [number, string][] =>
  db.users.filter((u) => u.user_is_hde).map((u) => [u.id, u.fullname]);

function describeCondition(c: Condition): string {
  const head = `${FIELDS[c.field]} ${OPERATORS[c.operator]}`;
  const list = (pairs: [number, string][], ids: readonly (number | null)[]) =>
    ids.map((id) => nameIn(pairs, id)).join(', ');
  switch (c.field) {
    case 'desk':
      return `${head}: ${list(deskNames(), c.value)}`;
    case 'status':
      return `${head}: ${list(statusNames(), c.value)}`;
    case 'priority':
      return `${head}: ${list(priorityNames(), c.value)}`;
    case 'organization':
    case 'requester_organization':
      return `${head}: ${list(organizationNames(), c.value)}`;
    case 'tags':
      return `${head}: ${list(tagNames(), c.value)}`;
    case 'requester':
      return `${head}: ${c.value.map((id) => `#${id}`).join(', ')}`;
    case 'assignee':
      return `${head}: ${list(agentNames(), c.value)}`;
    case 'channel':
    case 'actor':
      return `${head}: ${c.value.join(', ')}`;
    case 'subject':
    case 'body':
      return `${head}: ${c.value}`;
    case 'custom_field':
      return `${FIELDS[c.field]} ${c.key} ${OPERATORS[c.operator]}${c.value === undefined ? '' : `: ${String(c.value)}`}`;
    case 'business_hours':
      return OPERATORS[c.operator];
    case 'change':
      return `${c.attribute} ${OPERATORS[c.operator]}${c.value === undefined ? '' : `: ${c.value === null ? 'nobody' : `#${c.value}`}`}`;
  }
}

function describeAction(a: Action): string {
  const templateName = (id: number) => db.ruleTemplates.find((t) => t.id === id)?.name ?? `#${id}`;
  switch (a.type) {
    case 'set_desk':
      return `Move to help desk ${nameIn(deskNames(), a.desk_id)}`;
    case 'set_status':
      return `Set the status to ${nameIn(statusNames(), a.status_id)}`;
    case 'set_priority':
      return `Set the priority to ${nameIn(priorityNames(), a.priority_id)}`;
    case 'set_assignee':
      return a.agent_id === null ? 'Unassign' : `Assign to ${nameIn(agentNames(), a.agent_id)}`;
    case 'assign_next':
      return "Assign the next agent by the desk's assignment rule";
    case 'add_tags':
      return `Add tags ${a.tag_ids.map((id) => nameIn(tagNames(), id)).join(', ')}`;
    case 'remove_tags':
      return `Remove tags ${a.tag_ids.map((id) => nameIn(tagNames(), id)).join(', ')}`;
    case 'set_fields':
      return `Set custom fields ${Object.keys(a.values).join(', ')}`;
    case 'add_note':
      return `Add an internal note from template ${templateName(a.template_id)}`;
    case 'send_mail':
      return `Mail template ${templateName(a.template_id)} to ${a.to === 'address' ? (a.address ?? '') : a.to}`;
    case 'call_webhook':
      return `Call webhook #${a.webhook_id}`;
    case 'apply_macro':
      return `Apply macro ${db.macros.find((m) => m.id === a.macro_id)?.name ?? `#${a.macro_id}`}`;
  }
}

const fold = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export type MockTicket = Extract<(typeof db.records)[number], { object_type: 'T' }>;

export function conditionMet(c: Condition, t: MockTicket): boolean {
  const is = <T>(operator: string, values: readonly T[], actual: T) =>
    operator === 'is' ? values.includes(actual) : !values.includes(actual);
  const tags = tagIdsOf(t.id);
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
    case 'tags':
      return c.operator === 'contains'
        ? c.value.every((id) => tags.includes(id))
        : !c.value.some((id) => tags.includes(id));
    case 'custom_field': {
      const v = (t.fields as Record<string, unknown>)[c.key];
      const has = v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
      if (c.operator === 'set') return has;
      if (c.operator === 'not_set') return !has;
      const equal = Array.isArray(v) ? v.includes(c.value) : v === c.value;
      return c.operator === 'is' ? equal : !equal;
    }
    case 'requester':
      return is(c.operator, c.value, t.requester_id);
    case 'requester_organization': {
      const own = db.memberships
        .filter((m) => m.user_id === t.requester_id)
        .map((m) => m.company_id);
      const member = c.value.some((id) => own.includes(id));
      return c.operator === 'member_of' ? member : !member;
    }
    case 'assignee':
      return is(c.operator, c.value, t.assignee_id);
    case 'channel':
      return is(c.operator, c.value, t.channel);
    case 'subject':
    case 'body': {
      const text = c.field === 'subject' ? t.subject : t.description;
      if (c.operator === 'contains' || c.operator === 'not_contains') {
        const found = fold(text).includes(fold(c.value).trim());
        return c.operator === 'contains' ? found : !found;
      }
      const m = new RegExp(c.value, 'iu').test(text.replace(/<[^>]*>/g, ''));
      return c.operator === 'matches' ? m : !m;
    }
    // The mocks keep no business hours: always within, as a desk without a policy.
    case 'business_hours':
      return c.operator === 'within';
    case 'change':
    case 'actor':
      return false;
  }
}

const visibleTicket = (id: unknown) =>
  db.records.find(
    (r): r is MockTicket => r.id === Number(id) && r.object_type === 'T' && !r.is_draft,
  );

function templateValues(t: MockTicket): Record<string, string> {
  const requester = db.users.find((u) => u.id === t.requester_id);
  const last = db.work.messages
    .filter((m) => m.record_id === t.id && m.thread === 'communication')
    .at(-1);
  const values: Record<string, string> = {
    'ticket.id': String(t.id),
    'ticket.subject': t.subject,
    'ticket.url': `${globalThis.location?.origin ?? ''}/ticket/my_ticket/details?ticketId=${t.id}`,
    'ticket.status': t.status_name,
    'ticket.priority': t.priority_name ?? '',
    'requester.name': requester?.fullname ?? t.requester_name,
    'requester.email': requester?.email ?? '',
    'organization.name': t.company_name ?? '',
    'assignee.name': t.assignee_name ?? '',
    'desk.name': t.hd_name,
    last_message: last ? last.body.replace(/<[^>]*>/g, '').trim() : '',
  };
  for (const f of activeFields()) {
    const v = (t.fields as Record<string, unknown>)[f.key];
    values[`fields.${f.key}`] = v === null || v === undefined ? '' : String(v);
  }
  return values;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const textOf = (html: string) =>
  html
    .replace(/<\/(p|li|h2|h3|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function ruleHandlers() {
  const agentsOnly = <Info extends { request: Request }, Answer>(
    message: string,
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_hde ? handler(user, info) : fail(403, 'Forbidden', message),
    );
  const templateInput = (b: Record<string, unknown>) => {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const html = (v: unknown) => (typeof v === 'string' && v ? sanitizeHtml(v) : '');
    return {
      name: text(b.name),
      subject_en: text(b.subject_en),
      body_en: html(b.body_en),
      subject_es: text(b.subject_es),
      body_es: html(b.body_es),
    };
  };
  const templateProblems = (t: ReturnType<typeof templateInput>, id: number | null) => {
    const { name, ...texts } = t;
    const wrong = placeholderProblems(texts);
    if (Object.keys(wrong).length) return wrong;
    if (db.ruleTemplates.some((x) => x.id !== id && x.name.toLowerCase() === name.toLowerCase()))
      return { name: M.templateTaken };
    return {};
  };
  return [
    http.get(
      '/api/triggers',
      agentsOnly(TRIGGERS_AGENTS_ONLY, () => ok(ordered())),
    ),
    http.get(
      '/api/triggers/{id}',
      agentsOnly(TRIGGERS_AGENTS_ONLY, (_user, { params }) => {
        const t = db.triggers.find((x) => x.id === Number(params.id));
        return t ? ok(t) : fail(404, 'Not Found', TRIGGER_NOT_FOUND);
      }),
    ),
    http.post(
      '/api/triggers',
      authed(async (_user, { request }) => {
        const t = inputOf(await bodyOf(request));
        const wrong = saveProblems(t, null);
        if (Object.keys(wrong).length) return invalid(wrong);
        const made: Trigger = {
          ...t,
          id: db.nextTriggerId++,
          position: Math.max(0, ...db.triggers.map((x) => x.position)) + 1,
          updated_at: new Date().toISOString(),
        };
        db.triggers.push(made);
        return ok(made);
      }),
    ),
    http.post(
      '/api/triggers/order',
      authed(async (_user, { request }) => {
        const ids = (await bodyOf(request)).ids as number[];
        const all = db.triggers.map((t) => t.id);
        if (ids.length !== all.length || !all.every((id) => ids.includes(id)))
          return invalid({ ids: M.order });
        for (const t of db.triggers) t.position = ids.indexOf(t.id) + 1;
        return ok(ordered());
      }),
    ),
    http.put(
      '/api/triggers/{id}',
      authed(async (_user, { request, params }) => {
        const t = inputOf(await bodyOf(request));
        const found = db.triggers.find((x) => x.id === Number(params.id));
        const wrong = found
          ? saveProblems(t, found.id)
          : { ...triggerProblems(t.conditions, t.actions) };
        if (!found && !Object.keys(wrong).length)
          Object.assign(wrong, cycleProblems(t, Number(params.id)));
        if (Object.keys(wrong).length) return invalid(wrong);
        if (!found) return fail(404, 'Not Found', TRIGGER_NOT_FOUND);
        Object.assign(found, t, { updated_at: new Date().toISOString() });
        return ok(found);
      }),
    ),
    http.delete(
      '/api/triggers/{id}',
      authed((_user, { params }) => {
        const id = Number(params.id);
        if (!db.triggers.some((t) => t.id === id)) return fail(404, 'Not Found', TRIGGER_NOT_FOUND);
        db.triggers = db.triggers.filter((t) => t.id !== id);
        return ok({ id });
      }),
    ),
    http.post(
      '/api/triggers/{id}/test',
      agentsOnly(TRIGGERS_AGENTS_ONLY, async (_user, { request, params }) => {
        const trigger = db.triggers.find((x) => x.id === Number(params.id));
        if (!trigger) return fail(404, 'Not Found', TRIGGER_NOT_FOUND);
        const ticket = visibleTicket((await bodyOf(request)).ticket_id);
        if (!ticket) return fail(404, 'Not Found', TICKET_NOT_FOUND);
        const results = trigger.conditions.map((c) => conditionMet(c, ticket));
        const matched =
          results.length === 0 ||
          (trigger.match === 'all' ? results.every(Boolean) : results.some(Boolean));
        return ok({
          ticket_id: ticket.id,
          matched,
          conditions: trigger.conditions.map((c, index) => ({
            index,
            field: c.field,
            matched: results[index],
            description: describeCondition(c),
          })),
          actions: matched
            ? trigger.actions.map((a, index) => ({
                index,
                type: a.type,
                description: describeAction(a),
              }))
            : [],
        });
      }),
    ),

    http.get(
      '/api/templates',
      agentsOnly(TEMPLATES_AGENTS_ONLY, () =>
        ok(
          [...db.ruleTemplates].sort(
            (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
          ),
        ),
      ),
    ),
    http.post(
      '/api/templates',
      authed(async (_user, { request }) => {
        const t = templateInput(await bodyOf(request));
        const wrong = templateProblems(t, null);
        if (Object.keys(wrong).length) return invalid(wrong);
        const made: Template = {
          ...t,
          id: db.nextRuleTemplateId++,
          updated_at: new Date().toISOString(),
        };
        db.ruleTemplates.push(made);
        return ok(made);
      }),
    ),
    http.post(
      '/api/templates/preview',
      agentsOnly(TEMPLATES_AGENTS_ONLY, async (_user, { request }) => {
        const b = await bodyOf(request);
        const texts = {
          subject: typeof b.subject === 'string' ? b.subject : '',
          body: typeof b.body === 'string' && b.body ? sanitizeHtml(b.body) : '',
        };
        const wrong = placeholderProblems(texts);
        if (Object.keys(wrong).length) return invalid(wrong);
        const ticket = visibleTicket(b.ticket_id);
        if (!ticket) return fail(404, 'Not Found', TICKET_NOT_FOUND);
        const values = templateValues(ticket);
        const fill = (text: string, escape: boolean) =>
          text.replace(PLACEHOLDER, (_all, name: string) =>
            escape ? escapeHtml(values[name] ?? '') : (values[name] ?? ''),
          );
        return ok({
          subject: fill(texts.subject, false)
            .replace(/[\r\n]+/g, ' ')
            .trim(),
          html: fill(texts.body, true),
          text: fill(textOf(texts.body), false),
        });
      }),
    ),
    http.put(
      '/api/templates/{id}',
      authed(async (_user, { request, params }) => {
        const t = templateInput(await bodyOf(request));
        const found = db.ruleTemplates.find((x) => x.id === Number(params.id));
        const wrong = found
          ? templateProblems(t, found.id)
          : placeholderProblems({
              subject_en: t.subject_en,
              body_en: t.body_en,
              subject_es: t.subject_es,
              body_es: t.body_es,
            });
        if (Object.keys(wrong).length) return invalid(wrong);
        if (!found) return fail(404, 'Not Found', TEMPLATE_NOT_FOUND);
        Object.assign(found, t, { updated_at: new Date().toISOString() });
        return ok(found);
      }),
    ),
    http.delete(
      '/api/templates/{id}',
      authed((_user, { params }) => {
        const id = Number(params.id);
        const users = ordered()
          .filter((t) =>
            t.actions.some(
              (a) => (a.type === 'add_note' || a.type === 'send_mail') && a.template_id === id,
            ),
          )
          .map((t) => t.name);
        if (users.length) return fail(409, 'Conflict', M.inUse(users.join(', ')));
        if (!db.ruleTemplates.some((t) => t.id === id))
          return fail(404, 'Not Found', TEMPLATE_NOT_FOUND);
        db.ruleTemplates = db.ruleTemplates.filter((t) => t.id !== id);
        return ok({ id });
      }),
    ),
  ];
}
