// The shape of a trigger's conditions and actions (docs/rules.md): one JSON-schema branch per
// condition field and per action type, chosen by its `field` / `type` (ajv's `discriminator`),
// so a bad part is named by its path (`conditions.2.operator`) and the OpenAPI document lists
// every rule a client may send. What a schema cannot tell (an id that exists, a regular
// expression that compiles, a template's placeholders) is checked by ./validate.ts.
import type { FromSchema } from 'json-schema-to-ts';
import { M } from '../lib/schemas.js';

export const RULE_MESSAGES = {
  condition: 'Choose a condition this rule supports.',
  action: 'Choose an action this rule supports.',
  operator: 'Choose an operator this condition supports.',
  ids: 'Choose 1 to 50 existing items.',
  text: 'Give a word or pattern of 1 to 500 characters.',
  channels: 'Choose channels: web, mail or api.',
  actors: 'Choose who acted: requester, agent or rule.',
  attribute: 'Choose what changed: desk, status, priority, assignee or organization.',
  change: 'Give the id it changed to or from (or null for none).',
  fieldKey: 'Choose an active custom field of tickets.',
  fieldValue: 'Give a value this custom field accepts.',
  id: 'Choose an existing item.',
  agent: 'Choose a helpdesk agent (or null for none).',
  recipient:
    'Choose who receives the mail: requester, assignee, desk_agents, followers or address.',
  address: 'Give the address to mail (only when sending to an address).',
  values: 'Give 1 to 50 custom field values by key.',
  event: 'Choose when the trigger runs.',
  match: 'Choose all or any.',
  conditions: 'Give at most 50 conditions.',
  actions: 'Give 1 to 50 actions.',
  unknownPart: 'This part is not allowed here.',
} as const;

const MAX_INT = 2147483647;
const ids = (message: string = RULE_MESSAGES.ids) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: 50,
    uniqueItems: true,
    items: { type: 'integer', minimum: 1, maximum: MAX_INT, [M]: message },
    [M]: message,
  }) as const;
const userIds = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: 9007199254740991, [M]: RULE_MESSAGES.ids },
  [M]: RULE_MESSAGES.ids,
} as const;
const op = <const Ops extends readonly string[]>(ops: Ops) =>
  ({ type: 'string', enum: ops, [M]: RULE_MESSAGES.operator }) as const;
const closed = { additionalProperties: false, [M]: RULE_MESSAGES.unknownPart } as const;

const idCondition = <const F extends string>(field: F, description: string) =>
  ({
    type: 'object',
    description,
    required: ['field', 'operator', 'value'],
    ...closed,
    properties: {
      field: { type: 'string', const: field },
      operator: op(['is', 'is_not'] as const),
      value: ids(),
    },
  }) as const;

const textCondition = <const F extends string>(field: F, description: string) =>
  ({
    type: 'object',
    description,
    required: ['field', 'operator', 'value'],
    ...closed,
    properties: {
      field: { type: 'string', const: field },
      operator: op(['contains', 'not_contains', 'matches', 'not_matches'] as const),
      value: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        pattern: '\\S',
        description:
          'contains: a word or phrase (case- and accent-insensitive); matches: a regular expression (JavaScript syntax, case-insensitive, run with a time limit)',
        [M]: RULE_MESSAGES.text,
      },
    },
  }) as const;

/** The ticket attributes a `change` condition can watch. */
export const CHANGE_ATTRIBUTES = [
  'desk',
  'status',
  'priority',
  'assignee',
  'organization',
] as const;
export type ChangeAttribute = (typeof CHANGE_ATTRIBUTES)[number];

export const CHANNELS = ['web', 'mail', 'api'] as const;
export const ACTORS = ['requester', 'agent', 'rule'] as const;

export const conditionSchema = {
  $id: 'TriggerCondition',
  type: 'object',
  description: 'One condition; `field` chooses its operators and value',
  required: ['field'],
  discriminator: { propertyName: 'field' },
  [M]: RULE_MESSAGES.condition,
  oneOf: [
    idCondition('desk', "The ticket's help desk is (not) one of these"),
    idCondition('status', "The ticket's status is (not) one of these"),
    idCondition('priority', "The ticket's priority is (not) one of these"),
    idCondition('organization', "The ticket's organization is (not) one of these"),
    {
      type: 'object',
      description: 'The ticket carries all of these tags (contains) or none of them (not_contains)',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'tags' },
        operator: op(['contains', 'not_contains'] as const),
        value: ids(),
      },
    },
    {
      type: 'object',
      description:
        "A custom field's value: is / is_not a value (a choice field's value, a number, a date, true/false, an agent's id; a multiple-choice field: contains it), set / not_set (no value)",
      required: ['field', 'key', 'operator'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'custom_field' },
        key: {
          type: 'string',
          minLength: 1,
          maxLength: 50,
          pattern: '^[a-z][a-z0-9_]*$',
          [M]: RULE_MESSAGES.fieldKey,
        },
        operator: op(['is', 'is_not', 'set', 'not_set'] as const),
        value: {
          description: 'Required for is / is_not',
          anyOf: [
            { type: 'string', maxLength: 1000, [M]: RULE_MESSAGES.fieldValue },
            { type: 'number', [M]: RULE_MESSAGES.fieldValue },
            { type: 'boolean', [M]: RULE_MESSAGES.fieldValue },
          ],
          [M]: RULE_MESSAGES.fieldValue,
        },
      },
    },
    {
      type: 'object',
      description: 'The requester is (not) one of these users',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'requester' },
        operator: op(['is', 'is_not'] as const),
        value: userIds,
      },
    },
    {
      type: 'object',
      description: 'The requester is (not) a member of one of these organizations',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'requester_organization' },
        operator: op(['member_of', 'not_member_of'] as const),
        value: ids(),
      },
    },
    {
      type: 'object',
      description: 'The assignee is (not) one of these agents; null in the list: unassigned',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'assignee' },
        operator: op(['is', 'is_not'] as const),
        value: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          uniqueItems: true,
          items: {
            type: ['integer', 'null'],
            minimum: 1,
            maximum: 9007199254740991,
            [M]: RULE_MESSAGES.agent,
          },
          [M]: RULE_MESSAGES.agent,
        },
      },
    },
    {
      type: 'object',
      description: 'The ticket came in (not) by one of these channels',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'channel' },
        operator: op(['is', 'is_not'] as const),
        value: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          items: { type: 'string', enum: CHANNELS, [M]: RULE_MESSAGES.channels },
          [M]: RULE_MESSAGES.channels,
        },
      },
    },
    textCondition('subject', "The ticket's subject contains a word or matches a pattern"),
    textCondition(
      'body',
      "The event's message (or, for other events, the ticket's description) contains a word or matches a pattern",
    ),
    {
      type: 'object',
      description:
        "The time is within / outside the business hours of the service-level policy that applies to the ticket's desk (none: always within)",
      required: ['field', 'operator'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'business_hours' },
        operator: op(['within', 'outside'] as const),
      },
    },
    {
      type: 'object',
      description:
        'In this change, the attribute changed (at all, to a value, from a value); value: an id, or null for none',
      required: ['field', 'attribute', 'operator'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'change' },
        attribute: { type: 'string', enum: CHANGE_ATTRIBUTES, [M]: RULE_MESSAGES.attribute },
        operator: op(['changed', 'changed_to', 'changed_from'] as const),
        value: {
          type: ['integer', 'null'],
          minimum: 1,
          maximum: 9007199254740991,
          description: 'Required for changed_to / changed_from',
          [M]: RULE_MESSAGES.change,
        },
      },
    },
    {
      type: 'object',
      description: 'Who made the change: the requester, an agent, or a rule',
      required: ['field', 'operator', 'value'],
      ...closed,
      properties: {
        field: { type: 'string', const: 'actor' },
        operator: op(['is', 'is_not'] as const),
        value: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          items: { type: 'string', enum: ACTORS, [M]: RULE_MESSAGES.actors },
          [M]: RULE_MESSAGES.actors,
        },
      },
    },
  ],
} as const;

const idProp = { type: 'integer', minimum: 1, maximum: MAX_INT, [M]: RULE_MESSAGES.id } as const;
const action = <const T extends string, const P extends Record<string, unknown>>(
  type: T,
  description: string,
  props: P,
  required: readonly (keyof P & string)[],
) =>
  ({
    type: 'object',
    description,
    required: ['type', ...required],
    ...closed,
    properties: { type: { type: 'string', const: type }, ...props },
  }) as const;

export const RECIPIENTS = ['requester', 'assignee', 'desk_agents', 'followers', 'address'] as const;

export const actionSchema = {
  $id: 'TriggerAction',
  type: 'object',
  description: 'One action; `type` chooses its parameters',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  [M]: RULE_MESSAGES.action,
  oneOf: [
    action('set_desk', 'Move the ticket to a help desk', { desk_id: idProp }, ['desk_id']),
    action('set_status', 'Set the status', { status_id: idProp }, ['status_id']),
    action('set_priority', 'Set the priority', { priority_id: idProp }, ['priority_id']),
    action(
      'set_assignee',
      'Assign a named agent, or nobody (null)',
      {
        agent_id: {
          type: ['integer', 'null'],
          minimum: 1,
          maximum: 9007199254740991,
          [M]: RULE_MESSAGES.agent,
        },
      },
      ['agent_id'],
    ),
    action('assign_next', "Assign the next agent by the desk's assignment rule", {}, []),
    action('add_tags', 'Add tags', { tag_ids: ids() }, ['tag_ids']),
    action('remove_tags', 'Remove tags', { tag_ids: ids() }, ['tag_ids']),
    action(
      'set_fields',
      'Set custom field values, by key (null clears one)',
      {
        values: {
          type: 'object',
          minProperties: 1,
          maxProperties: 50,
          propertyNames: { pattern: '^[a-z][a-z0-9_]{0,49}$', maxLength: 50 },
          [M]: RULE_MESSAGES.values,
        },
      },
      ['values'],
    ),
    action(
      'add_note',
      "Add an internal note written from a template (in the desk's default language, English)",
      { template_id: idProp },
      ['template_id'],
    ),
    action(
      'send_mail',
      "Mail a template to the requester, the assignee, the desk's agents, the followers or an address, each in their language",
      {
        template_id: idProp,
        to: { type: 'string', enum: RECIPIENTS, [M]: RULE_MESSAGES.recipient },
        address: {
          type: 'string',
          format: 'email',
          maxLength: 254,
          [M]: RULE_MESSAGES.address,
        },
      },
      ['template_id', 'to'],
    ),
    action('call_webhook', 'Call a webhook endpoint with the ticket', { webhook_id: idProp }, [
      'webhook_id',
    ]),
    action(
      'apply_macro',
      "Apply a macro's status, priority, assignee and reply",
      { macro_id: idProp },
      ['macro_id'],
    ),
  ],
} as const;

export type Condition = FromSchema<typeof conditionSchema>;
export type Action = FromSchema<typeof actionSchema>;
export type ConditionField = Condition['field'];
export type ActionType = Action['type'];

/** When a trigger runs. */
export const TRIGGER_EVENTS = [
  'ticket_created',
  'ticket_updated',
  'requester_message',
  'agent_message',
  'sla_warning',
  'sla_breach',
  'rating_received',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
