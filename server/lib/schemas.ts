// JSON-schema building blocks shared by the routes. Response schemas also serialize the
// output, so a field not listed here (password_hash, ...) can never leave the server.
import type { FromSchema } from 'json-schema-to-ts';
import { FIELD_MESSAGE_KEYWORD } from '../plugins/errors.js';
import { oneLine } from './one-line.js';

export const M = FIELD_MESSAGE_KEYWORD;

/** `{ statusCode, data }`, the success envelope. */
export function ok<const Data extends object>(data: Data) {
  return {
    type: 'object',
    required: ['statusCode', 'data'],
    properties: { statusCode: { type: 'integer', enum: [200] }, data },
  } as const;
}

/**
 * A reference to a shape registered with `app.addSchema` (its `$id`). Such a shape is one entry
 * in the OpenAPI document's components/schemas (app.ts names it by its `$id`), so the SPA's
 * generated types call it by that name: `components['schemas']['Ticket']`.
 */
export function ref<Id extends string>(schema: { $id: Id }) {
  return { $ref: `${schema.$id}#` } as const;
}

/** A handler's success answer, in the envelope `ok(...)` documents: `return success(data)`. */
export const success = <Data>(data: Data) => ({ statusCode: 200 as const, data });

const messageSchema = {
  $id: 'Message',
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export const messageData = ref(messageSchema);

export const errorResponse = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

const errorSchema = { $id: 'Error', ...errorResponse } as const;

const errorRef = ref(errorSchema);

/** The error statuses a route documents, each with the shared error shape. */
export function errors<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorRef])) as {
    [Code in Codes[number]]: typeof errorRef;
  };
}

const idParamsUpTo = <const Max extends number>(maximum: Max) =>
  ({
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, maximum, [M]: 'Invalid id.' } },
  }) as const;

/** `/:id` of a row with a `bigint` key (records, messages, saved views). */
export const idParams = idParamsUpTo(9007199254740991);

/** `/:id` of a row with an `integer` key (categories, macros, SLA policies): a larger id is a
 *  400, not a query PostgreSQL refuses. */
export const smallIdParams = idParamsUpTo(2147483647);

export const emailField = {
  type: 'string',
  format: 'email',
  maxLength: 254,
  [M]: 'Email must be a valid email address.',
} as const;

export const passwordField = {
  type: 'string',
  minLength: 8,
  maxLength: 128,
  [M]: 'Password must be 8 to 128 characters.',
} as const;

/** A name: one line, not only spaces, at most `maxLength` characters. */
export function nameField<Message extends string>(maxLength: number, message: Message) {
  return {
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: '\\S',
    ...oneLine,
    [M]: message,
  } as const;
}

export const fullnameField = nameField(100, 'Full name must be 1 to 100 characters.');

export const tokenField = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  [M]: 'Token is required.',
} as const;

/** A calendar date (YYYY-MM-DD) a client sends, e.g. a list filter's bound. */
export const dateField = (message: string) =>
  ({ type: 'string', format: 'date', maxLength: 10, [M]: message }) as const;

/** Security requirement of every route that is not public (shown in /api/docs; plugins/auth.ts). */
export const authenticated = [{ jwt: [] }];

const userShape = {
  $id: 'User',
  type: 'object',
  required: [
    'id',
    'fullname',
    'email',
    'user_is_hde',
    'user_is_admin',
    'items_per_page',
    'language',
  ],
  properties: {
    id: { type: 'integer' },
    fullname: { type: 'string' },
    email: { type: 'string' },
    user_is_hde: { type: 'boolean' },
    user_is_admin: { type: 'boolean' },
    items_per_page: { type: 'integer', enum: [10, 25, 50, 100] },
    language: { type: 'string', enum: ['en', 'es'] },
  },
} as const;

export const userSchema = ref(userShape);

/** The user as the API shows it (its listed fields: a schema's type also allows others). */
export type PublicUser = Pick<FromSchema<typeof userShape>, (typeof userShape)['required'][number]>;

/** The shapes every part of the API shares; app.ts registers them before the routes. */
export const sharedSchemas = [errorSchema, messageSchema, userShape] as const;
