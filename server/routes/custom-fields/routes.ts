// Custom field definitions (docs/api-records.md "Custom fields"): administrators define them per
// object (ticket, content item, user, organization); agents read them all, a requester the
// active ones shown to requesters. Changing a definition moves its object's set `version`
// (migration 031's trigger), which a form's save sends back to learn that the fields changed.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { fill } from '../../lib/i18n.js';
import { HttpError } from '../../lib/http-error.js';
import {
  authenticated,
  errors,
  M,
  nameField,
  ok,
  ref,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import * as sql from './sql.js';
import { FIELD_TYPES } from './values.js';

export const NOT_FOUND = 'This field does not exist.';
export const STALE =
  'Someone changed this field since you opened it. Reload it and make your change again.';
export const inUse = (count: number) =>
  count === 1
    ? '1 record carries a value for this field. Deleting the field removes that value.'
    : fill(
        '{{count}} records carry a value for this field. Deleting the field removes those values.',
        { count },
      );

const OBJECT_TYPES = ['T', 'C', 'U', 'O'] as const;
const objectType = {
  type: 'string',
  enum: OBJECT_TYPES,
  description: 'T ticket, C content item, U user, O organization',
  [M]: 'Choose ticket, content item, user or organization.',
} as const;

const choiceSchema = {
  type: 'object',
  required: ['value', 'label_en', 'label_es'],
  additionalProperties: false,
  properties: {
    value: nameField(100, 'Each choice needs a value and labels of 1 to 100 characters.'),
    label_en: nameField(100, 'Each choice needs a value and labels of 1 to 100 characters.'),
    label_es: nameField(100, 'Each choice needs a value and labels of 1 to 100 characters.'),
  },
} as const;

/**
 * A value of any field type. No `type` here: each field type's rule (and the plain-text rule on
 * its strings) is checked in code (values.ts), which answers 400 naming the field.
 */
const anyValue = {
  description:
    'text, long_text, date (YYYY-MM-DD), datetime (ISO 8601), single_choice: a string; number, agent (a user id): a number; checkbox: a boolean; multiple_choice: an array of choice values; null: no value',
} as const;

export const fieldSchema = {
  $id: 'CustomField',
  type: 'object',
  required: [
    'id',
    'object_type',
    'key',
    'type',
    'label_en',
    'label_es',
    'help_en',
    'help_es',
    'required_for_agents',
    'shown_to_requesters',
    'editable_by_requesters',
    'required_when_raising',
    'hd_ids',
    'choices',
    'default_value',
    'position',
    'active',
    'version',
  ],
  properties: {
    id: { type: 'integer' },
    object_type: { type: 'string', enum: OBJECT_TYPES },
    key: { type: 'string', description: 'Immutable; the key of its value in a record’s `fields`' },
    type: { type: 'string', enum: FIELD_TYPES },
    label_en: { type: 'string' },
    label_es: { type: 'string' },
    help_en: { type: 'string' },
    help_es: { type: 'string' },
    required_for_agents: { type: 'boolean' },
    shown_to_requesters: { type: 'boolean' },
    editable_by_requesters: { type: 'boolean' },
    required_when_raising: { type: 'boolean' },
    hd_ids: {
      type: 'array',
      items: { type: 'integer' },
      description: 'The help desks it applies to; empty: every desk',
    },
    choices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'label_en', 'label_es'],
        properties: {
          value: { type: 'string' },
          label_en: { type: 'string' },
          label_es: { type: 'string' },
        },
      },
    },
    default_value: {
      description:
        'Put on new records that do not set the field (null: none); a value of the field’s type',
    },
    position: { type: 'integer' },
    active: { type: 'boolean', description: 'An inactive field is hidden; its values are kept' },
    version: { type: 'integer' },
  },
} as const;

export const fieldSetSchema = {
  $id: 'CustomFieldSet',
  type: 'object',
  required: ['version', 'fields'],
  properties: {
    version: {
      type: 'integer',
      description: 'Moves with every change of these definitions: a form sends it back on save',
    },
    fields: { type: 'array', items: ref(fieldSchema) },
  },
} as const;

const LABEL = 'Label must be 1 to 100 characters.';
const HELP = 'Help text must be at most 500 characters.';
const bool = { type: 'boolean' } as const;

const editable = {
  label_en: nameField(100, LABEL),
  label_es: nameField(100, LABEL),
  help_en: { type: 'string', maxLength: 500, [M]: HELP },
  help_es: { type: 'string', maxLength: 500, [M]: HELP },
  required_for_agents: bool,
  shown_to_requesters: bool,
  editable_by_requesters: bool,
  required_when_raising: bool,
  hd_ids: {
    type: 'array',
    maxItems: 200,
    uniqueItems: true,
    items: { type: 'integer', minimum: 1, maximum: 2147483647 },
    [M]: sql.MESSAGES.hd_ids,
  },
  choices: { type: 'array', maxItems: 200, items: choiceSchema, [M]: sql.MESSAGES.choices },
  default_value: anyValue,
  active: bool,
} as const;

const createBody = {
  type: 'object',
  required: ['object_type', 'key', 'type', 'label_en', 'label_es'],
  properties: {
    object_type: objectType,
    key: {
      type: 'string',
      minLength: 1,
      maxLength: 50,
      // The pattern is stricter than the one-line rule, so the key needs no x-one-line mark.
      pattern: '^[a-z][a-z0-9_]*$',
      [M]: 'Key must start with a letter and hold lowercase letters, digits and underscores (at most 50).',
    },
    type: { type: 'string', enum: FIELD_TYPES, [M]: 'Choose a field type.' },
    ...editable,
  },
} as const;

const updateBody = {
  type: 'object',
  required: ['label_en', 'label_es', 'version'],
  properties: {
    ...editable,
    version: {
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
      [M]: 'Send the version of the field you edited.',
    },
  },
} as const;

const orderBody = {
  type: 'object',
  required: ['object_type', 'ids'],
  properties: {
    object_type: objectType,
    ids: {
      type: 'array',
      maxItems: 500,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      [M]: sql.MESSAGES.order,
    },
  },
} as const;

type Editable = FromSchema<typeof updateBody> | FromSchema<typeof createBody>;

const input = (b: Editable, type: string): sql.FieldInput => {
  const choiceType = type === 'single_choice' || type === 'multiple_choice';
  return {
    label_en: b.label_en.trim(),
    label_es: b.label_es.trim(),
    help_en: (b.help_en ?? '').trim(),
    help_es: (b.help_es ?? '').trim(),
    required_for_agents: b.required_for_agents ?? false,
    shown_to_requesters: b.shown_to_requesters ?? false,
    editable_by_requesters: b.editable_by_requesters ?? false,
    required_when_raising: b.required_when_raising ?? false,
    hd_ids: b.hd_ids ?? [],
    // Choices belong to the choice types only; another type's are dropped, not refused.
    choices: choiceType
      ? (b.choices ?? []).map((c) => ({
          value: c.value.trim(),
          label_en: c.label_en.trim(),
          label_es: c.label_es.trim(),
        }))
      : [],
    default_value: b.default_value ?? null,
    active: b.active ?? true,
  };
};

export function customFieldRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, fieldSchema, fieldSetSchema);
  const tags = ['custom fields'];
  const one = ok(ref(fieldSchema));
  const set = ok(ref(fieldSetSchema));

  app.get(
    '/custom-fields',
    {
      schema: {
        tags,
        summary:
          'The custom fields of one kind of record, in order (agents: all; requesters: the active ones shown to requesters)',
        security: authenticated,
        querystring: {
          type: 'object',
          required: ['object_type'],
          properties: { object_type: objectType },
        },
        response: { 200: set, ...errors(400, 401) },
      },
    },
    async (request) => {
      const requester = !currentUser(request).user_is_hde;
      return success(await sql.listFields(ctx.db, request.query.object_type, requester));
    },
  );

  app.post(
    '/custom-fields',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Define a custom field (administrators only)',
        security: authenticated,
        body: createBody,
        response: { 200: one, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const b = request.body;
      const f = input(b, b.type);
      const made = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        await sql.check(tx, b.object_type, b.type, f);
        return sql.insertField(tx, b.object_type, b.key, b.type, f);
      });
      return success(made);
    },
  );

  app.put(
    '/custom-fields/order',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Put the custom fields of one kind of record in order (administrators only)',
        security: authenticated,
        body: orderBody,
        response: { 200: set, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { object_type: objectType, ids } = request.body;
      await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        if (!(await sql.reorder(tx, objectType, ids))) {
          throw new HttpError(400, 'Validation failed', { ids: sql.MESSAGES.order });
        }
      });
      return success(await sql.listFields(ctx.db, objectType, false));
    },
  );

  app.put(
    '/custom-fields/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Edit a custom field, based on its `version` (409 when stale); its key, kind of record and type stay (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: updateBody,
        response: { 200: one, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const edited = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const field = await sql.getField(tx, id);
        if (!field) throw new HttpError(404, NOT_FOUND);
        // Stale before invalid: the form's content was made for a definition that is gone.
        if (field.version !== request.body.version) throw new HttpError(409, STALE);
        const f = input(request.body, field.type);
        await sql.check(tx, field.object_type, field.type, f);
        const row = await sql.updateField(tx, id, request.body.version, f);
        if (!row) throw new HttpError(409, STALE);
        return row;
      });
      return success(edited);
    },
  );

  app.delete(
    '/custom-fields/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Delete a custom field and its values; 409 naming how many records carry a value unless `confirm=true` (administrators only)',
        security: authenticated,
        params: smallIdParams,
        querystring: {
          type: 'object',
          properties: { confirm: { type: 'boolean', default: false } },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['id', 'cleared'],
            properties: {
              id: { type: 'integer' },
              cleared: { type: 'integer', description: 'How many records lost their value' },
            },
          }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const cleared = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const field = await sql.getField(tx, id);
        if (!field) throw new HttpError(404, NOT_FOUND);
        const count = await sql.usage(tx, field);
        if (count > 0 && !request.query.confirm) {
          throw new HttpError(409, inUse(count));
        }
        await sql.deleteField(tx, field);
        return count;
      });
      return success({ id, cleared });
    },
  );
}
