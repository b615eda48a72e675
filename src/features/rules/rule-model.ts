// The editor's model of a trigger: each condition and action as a draft whose field (or type)
// decides which operators and value controls exist, so the form can only build what the API's
// schema accepts (server/rules/schema.ts); `toWrite` turns the drafts into the API's body.
import type { CustomField } from '../custom-fields/types';
import type {
  Action,
  Automation,
  AutomationPreviewRequest,
  AutomationWrite,
  Condition,
  ConditionField,
  TimeCondition,
  Trigger,
  TriggerEvent,
  TriggerWrite,
} from './types';

export const EVENTS: TriggerEvent[] = [
  'ticket_created',
  'ticket_updated',
  'requester_message',
  'agent_message',
  'sla_warning',
  'sla_breach',
  'rating_received',
];

/** What a condition's value is picked from. */
export type ValueKind =
  | 'desk'
  | 'status'
  | 'priority'
  | 'organization'
  | 'tag'
  | 'agent'
  | 'channel'
  | 'actor'
  | 'text'
  | 'field'
  | 'change'
  | 'none';

/** The fields the builder offers (a requester by user id is the API's alone), their operators and value. */
export const CONDITION_FIELDS: Record<
  Exclude<ConditionField, 'requester'>,
  { operators: readonly string[]; value: ValueKind }
> = {
  desk: { operators: ['is', 'is_not'], value: 'desk' },
  status: { operators: ['is', 'is_not'], value: 'status' },
  priority: { operators: ['is', 'is_not'], value: 'priority' },
  organization: { operators: ['is', 'is_not'], value: 'organization' },
  requester_organization: { operators: ['member_of', 'not_member_of'], value: 'organization' },
  tags: { operators: ['contains', 'not_contains'], value: 'tag' },
  assignee: { operators: ['is', 'is_not'], value: 'agent' },
  channel: { operators: ['is', 'is_not'], value: 'channel' },
  subject: { operators: ['contains', 'not_contains', 'matches', 'not_matches'], value: 'text' },
  body: { operators: ['contains', 'not_contains', 'matches', 'not_matches'], value: 'text' },
  custom_field: { operators: ['is', 'is_not', 'set', 'not_set'], value: 'field' },
  business_hours: { operators: ['within', 'outside'], value: 'none' },
  change: { operators: ['changed', 'changed_to', 'changed_from'], value: 'change' },
  actor: { operators: ['is', 'is_not'], value: 'actor' },
};
export type BuilderField = keyof typeof CONDITION_FIELDS;
export const BUILDER_FIELDS = Object.keys(CONDITION_FIELDS) as BuilderField[];

export const CHANNELS = ['web', 'mail', 'api'] as const;
export const ACTORS = ['requester', 'agent', 'rule'] as const;
export const CHANGE_ATTRIBUTES = [
  'desk',
  'status',
  'priority',
  'assignee',
  'organization',
] as const;
export const RECIPIENTS = ['requester', 'assignee', 'desk_agents', 'followers', 'address'] as const;
/** The value of "nobody" in an agent picker (null in the API). */
export const NOBODY = 'none';

export interface ConditionDraft {
  field: BuilderField | 'requester';
  operator: string;
  /** Picked ids or words (desk, tag, agent or `none`, channel, actor...). */
  ids: string[];
  /** A word or pattern; a custom field's value; a change's id (or `none`). */
  text: string;
  /** A custom field's key. */
  key: string;
  /** What a change condition watches. */
  attribute: string;
  /** A condition the builder does not edit (a requester by id), kept as it is. */
  kept?: Condition;
}

export const ACTION_TYPES = [
  'set_desk',
  'set_status',
  'set_priority',
  'set_assignee',
  'assign_next',
  'add_tags',
  'remove_tags',
  'set_fields',
  'add_note',
  'send_mail',
  'apply_macro',
] as const;
export type BuilderAction = (typeof ACTION_TYPES)[number];

export interface ActionDraft {
  type: BuilderAction | 'call_webhook';
  /** The one item picked: desk, status, priority, agent (or `none`), template, macro. */
  id: string;
  /** Tags to add or remove. */
  ids: string[];
  to: string;
  address: string;
  /** set_fields: the field and its value. */
  key: string;
  text: string;
  kept?: Action;
}

export interface TriggerValues {
  name: string;
  event: TriggerEvent;
  match: 'all' | 'any';
  active: boolean;
  stop: boolean;
  conditions: ConditionDraft[];
  actions: ActionDraft[];
}

export const blankCondition = (field: BuilderField = 'desk'): ConditionDraft => ({
  field,
  operator: CONDITION_FIELDS[field].operators[0],
  ids: [],
  text: '',
  key: '',
  attribute: field === 'change' ? 'status' : '',
});

export const blankAction = (type: BuilderAction = 'set_priority'): ActionDraft => ({
  type,
  id: '',
  ids: [],
  to: type === 'send_mail' ? 'requester' : '',
  address: '',
  key: '',
  text: '',
});

/** Whether a condition's operator takes a value (set / not set, changed, business hours do not). */
export function takesValue(c: Pick<ConditionDraft, 'field' | 'operator'>): boolean {
  if (c.field === 'business_hours') return false;
  if (c.field === 'custom_field') return c.operator === 'is' || c.operator === 'is_not';
  if (c.field === 'change') return c.operator !== 'changed';
  return true;
}

const idOrNull = (v: string) => (v === NOBODY ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function fromCondition(c: Condition): ConditionDraft {
  const d = blankCondition(c.field === 'requester' ? 'desk' : c.field);
  d.field = c.field;
  d.operator = c.operator;
  switch (c.field) {
    case 'requester':
      return { ...d, kept: c };
    case 'assignee':
      return { ...d, ids: c.value.map((v) => (v === null ? NOBODY : String(v))) };
    case 'desk':
    case 'status':
    case 'priority':
    case 'organization':
    case 'requester_organization':
    case 'tags':
    case 'channel':
    case 'actor':
      return { ...d, ids: c.value.map(String) };
    case 'subject':
    case 'body':
      return { ...d, text: c.value };
    case 'custom_field':
      return { ...d, key: c.key, text: str(c.value) };
    case 'change':
      return {
        ...d,
        attribute: c.attribute,
        text: c.value === undefined ? '' : c.value === null ? NOBODY : String(c.value),
      };
    case 'business_hours':
      return d;
  }
}

function fromAction(a: Action): ActionDraft {
  const d = blankAction(a.type === 'call_webhook' ? 'set_priority' : a.type);
  d.type = a.type;
  switch (a.type) {
    case 'set_desk':
      return { ...d, id: String(a.desk_id) };
    case 'set_status':
      return { ...d, id: String(a.status_id) };
    case 'set_priority':
      return { ...d, id: String(a.priority_id) };
    case 'set_assignee':
      return { ...d, id: a.agent_id === null ? NOBODY : String(a.agent_id) };
    case 'add_tags':
    case 'remove_tags':
      return { ...d, ids: a.tag_ids.map(String) };
    case 'set_fields': {
      const [key, value] = Object.entries(a.values)[0] ?? ['', ''];
      // More than one field set by one action (the API's): kept as it is.
      return Object.keys(a.values).length > 1 ? { ...d, kept: a } : { ...d, key, text: str(value) };
    }
    case 'add_note':
      return { ...d, id: String(a.template_id) };
    case 'send_mail':
      return { ...d, id: String(a.template_id), to: a.to, address: a.address ?? '' };
    case 'apply_macro':
      return { ...d, id: String(a.macro_id) };
    case 'call_webhook':
      return { ...d, kept: a };
    case 'assign_next':
      return d;
  }
}

export function toValues(t: Trigger | null): TriggerValues {
  return {
    name: t?.name ?? '',
    event: t?.event ?? 'ticket_created',
    match: t?.match ?? 'all',
    active: t?.active ?? true,
    stop: t?.stop ?? false,
    conditions: t?.conditions.map(fromCondition) ?? [],
    actions: t?.actions.map(fromAction) ?? [blankAction()],
  };
}

/** A custom field's value as its type stores it (a choice's value, a number, true/false, an agent's id). */
export function fieldValue(
  field: CustomField | undefined,
  text: string,
): string | number | boolean {
  switch (field?.type) {
    case 'number':
    case 'agent':
      return Number(text);
    case 'checkbox':
      return text === 'true';
    default:
      return text;
  }
}

function toCondition(c: ConditionDraft, fields: CustomField[]): Condition {
  if (c.kept) return c.kept;
  const ids = c.ids.map(Number);
  const op = c.operator as never;
  switch (c.field) {
    case 'requester':
      throw new Error('a requester condition is kept as it is');
    case 'desk':
    case 'status':
    case 'priority':
    case 'organization':
    case 'requester_organization':
    case 'tags':
      return { field: c.field, operator: op, value: ids } as Condition;
    case 'assignee':
      return { field: 'assignee', operator: op, value: c.ids.map(idOrNull) };
    case 'channel':
      return { field: 'channel', operator: op, value: c.ids as ('web' | 'mail' | 'api')[] };
    case 'actor':
      return {
        field: 'actor',
        operator: op,
        value: c.ids as ('requester' | 'agent' | 'rule')[],
      };
    case 'subject':
    case 'body':
      return { field: c.field, operator: op, value: c.text.trim() };
    case 'custom_field':
      return takesValue(c)
        ? {
            field: 'custom_field',
            key: c.key,
            operator: op,
            value: fieldValue(
              fields.find((f) => f.key === c.key),
              c.text,
            ),
          }
        : { field: 'custom_field', key: c.key, operator: op };
    case 'change':
      return takesValue(c)
        ? {
            field: 'change',
            attribute: c.attribute as never,
            operator: op,
            value: idOrNull(c.text),
          }
        : { field: 'change', attribute: c.attribute as never, operator: op };
    case 'business_hours':
      return { field: 'business_hours', operator: op };
  }
}

function toAction(a: ActionDraft, fields: CustomField[]): Action {
  if (a.kept) return a.kept;
  const id = Number(a.id);
  switch (a.type) {
    case 'set_desk':
      return { type: 'set_desk', desk_id: id };
    case 'set_status':
      return { type: 'set_status', status_id: id };
    case 'set_priority':
      return { type: 'set_priority', priority_id: id };
    case 'set_assignee':
      return { type: 'set_assignee', agent_id: idOrNull(a.id) };
    case 'assign_next':
      return { type: 'assign_next' };
    case 'add_tags':
    case 'remove_tags':
      return { type: a.type, tag_ids: a.ids.map(Number) };
    case 'set_fields': {
      const field = fields.find((f) => f.key === a.key);
      // An empty value clears the field.
      const value = a.text === '' ? null : fieldValue(field, a.text);
      const values = {
        [a.key]: field?.type === 'multiple_choice' && value !== null ? [value] : value,
      };
      // The contract types `values` as an object of no declared keys (any key, checked by the server).
      return { type: 'set_fields', values: values as Record<string, never> };
    }
    case 'add_note':
      return { type: 'add_note', template_id: id };
    case 'send_mail':
      return a.to === 'address'
        ? { type: 'send_mail', template_id: id, to: 'address', address: a.address.trim() }
        : { type: 'send_mail', template_id: id, to: a.to as never };
    case 'apply_macro':
      return { type: 'apply_macro', macro_id: id };
    case 'call_webhook':
      throw new Error('a webhook action is kept as it is');
  }
}

export function toWrite(v: TriggerValues, fields: CustomField[]): TriggerWrite {
  return {
    name: v.name.trim(),
    event: v.event,
    match: v.match,
    active: v.active,
    stop: v.stop,
    conditions: v.conditions.map((c) => toCondition(c, fields)),
    actions: v.actions.map((a) => toAction(a, fields)),
  };
}

/** The write that only flips a trigger's active switch. */
export const withActive = (t: Trigger, active: boolean): TriggerWrite => ({
  name: t.name,
  event: t.event,
  match: t.match,
  active,
  stop: t.stop,
  conditions: t.conditions,
  actions: t.actions,
});

// ---------------------------------------------------------------------------------------------
// Time-based rules: the triggers' conditions and actions plus time conditions
// (server/rules/automations.ts `timeConditionSchema`).

export const TIME_FIELDS = [
  'status_for',
  'no_requester_reply',
  'created_ago',
  'due_within',
] as const;
export type TimeField = (typeof TIME_FIELDS)[number];
/** Each kind's largest amount (the smallest is 1), as the server's schema. */
export const TIME_MAX: Record<TimeField, number> = {
  status_for: 8760,
  no_requester_reply: 2000,
  created_ago: 3650,
  due_within: 10080,
};
/** Conditions that need a change: a time-based rule cannot use them. */
export const EVENT_ONLY_FIELDS: readonly BuilderField[] = ['change', 'actor'];
export const TIME_BUILDER_FIELDS = BUILDER_FIELDS.filter((f) => !EVENT_ONLY_FIELDS.includes(f));

export interface TimeDraft {
  field: TimeField;
  /** status_for: the open status. */
  status: string;
  /** Hours, business hours, days or minutes, as typed. */
  amount: string;
}

/** A rule's form: a trigger's, plus the time conditions (empty for a trigger). */
export interface RuleValues extends TriggerValues {
  time: TimeDraft[];
}

export const blankTime = (field: TimeField): TimeDraft => ({ field, status: '', amount: '' });

/** What a time condition still lacks, as [part, message key]; null when complete. */
export function timeProblem(d: TimeDraft): [string, string] | null {
  if (d.field === 'status_for' && !d.status) return ['status_id', 'form.pickNeeded'];
  const n = Number(d.amount);
  if (d.amount.trim() === '' || !Number.isInteger(n) || n < 1 || n > TIME_MAX[d.field])
    return ['amount', `automations.time.amountNeeded.${d.field}`];
  return null;
}

function fromTime(c: TimeCondition): TimeDraft {
  switch (c.field) {
    case 'status_for':
      return { field: c.field, status: String(c.status_id), amount: String(c.hours) };
    case 'no_requester_reply':
      return { field: c.field, status: '', amount: String(c.business_hours) };
    case 'created_ago':
      return { field: c.field, status: '', amount: String(c.days) };
    case 'due_within':
      return { field: c.field, status: '', amount: String(c.minutes) };
  }
}

function toTime(d: TimeDraft): TimeCondition {
  const n = Number(d.amount);
  switch (d.field) {
    case 'status_for':
      return { field: d.field, status_id: Number(d.status), hours: n };
    case 'no_requester_reply':
      return { field: d.field, business_hours: n };
    case 'created_ago':
      return { field: d.field, days: n };
    case 'due_within':
      return { field: d.field, minutes: n };
  }
}

/** The server's path of a time condition's amount (`time_conditions.0.hours`). */
export const TIME_AMOUNT: Record<TimeField, string> = {
  status_for: 'hours',
  no_requester_reply: 'business_hours',
  created_ago: 'days',
  due_within: 'minutes',
};

export function toAutomationValues(a: Automation | null): RuleValues {
  return {
    ...toValues(null),
    name: a?.name ?? '',
    match: a?.match ?? 'all',
    active: a?.active ?? true,
    conditions: a?.conditions.map(fromCondition) ?? [],
    actions: a?.actions.map(fromAction) ?? [blankAction('set_status')],
    time: a?.time_conditions.map(fromTime) ?? [blankTime('status_for')],
  };
}

export function toAutomationWrite(v: RuleValues, fields: CustomField[]): AutomationWrite {
  return {
    name: v.name.trim(),
    match: v.match,
    active: v.active,
    conditions: v.conditions.map((c) => toCondition(c, fields)),
    time_conditions: v.time.map(toTime),
    actions: v.actions.map((a) => toAction(a, fields)),
  };
}

/** The preview's body, or null while a condition is unfinished (nothing worth asking yet). */
export function toPreviewBody(
  v: RuleValues,
  fields: CustomField[],
  conditionDone: (c: ConditionDraft) => boolean,
): AutomationPreviewRequest | null {
  if (!v.time.length || v.time.some((d) => timeProblem(d) !== null)) return null;
  if (!v.conditions.every(conditionDone)) return null;
  return {
    match: v.match,
    conditions: v.conditions.map((c) => toCondition(c, fields)),
    time_conditions: v.time.map(toTime),
  };
}

/** The write that only flips a rule's active switch. */
export const withAutomationActive = (a: Automation, active: boolean): AutomationWrite => ({
  name: a.name,
  match: a.match,
  active,
  conditions: a.conditions,
  time_conditions: a.time_conditions,
  actions: a.actions,
});

/** The write that moves a rule to `position`. */
export const withPosition = (
  a: Automation,
  position: number,
): AutomationWrite & { position: number } => ({
  ...withAutomationActive(a, a.active),
  position,
});
