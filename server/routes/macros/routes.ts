// Macros (canned responses): list, read, create, edit, delete, helpdesk agents only (403 for
// others). Applying one is the SPA's: it fills the reply (placeholders resolved) and sets the
// fields through the usual calls, so the record's rules and history apply. docs/api-records.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { sanitizeBody } from '../../lib/sanitize.js';
import {
  authenticated,
  errors,
  M,
  ok,
  success,
  ref,
  nameField,
  smallIdParams as idParams,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can use macros.';
export const NOT_FOUND = 'This macro does not exist.';

const nullableInt = { type: ['integer', 'null'] } as const;

const macroSchema = {
  $id: 'Macro',
  type: 'object',
  required: [
    'id',
    'name',
    'body',
    'status_id',
    'status_name',
    'priority_id',
    'priority_name',
    'assignee_id',
    'assignee_name',
    'category_ids',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    body: {
      type: 'string',
      description:
        'The reply text (HTML); {{requester_name}}, {{ticket_id}} and {{agent_name}} are filled in when applied',
    },
    status_id: { ...nullableInt, description: 'The status it sets (null: unchanged)' },
    status_name: { type: ['string', 'null'] },
    priority_id: { ...nullableInt, description: 'The priority it sets (null: unchanged)' },
    priority_name: { type: ['string', 'null'] },
    assignee_id: { ...nullableInt, description: 'The agent it assigns (null: unchanged)' },
    assignee_name: { type: ['string', 'null'] },
    category_ids: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Categories it adds to the classification',
    },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const id = (message: string) =>
  ({ ...nullableInt, minimum: 1, maximum: 2147483647, [M]: message }) as const;

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nameField(100, sql.MESSAGES.name),
    body: {
      type: 'string',
      maxLength: 100_000,
      [M]: 'Message must be at most 100,000 characters.',
    },
    status_id: id(sql.MESSAGES.status_id),
    priority_id: id(sql.MESSAGES.priority_id),
    assignee_id: {
      ...nullableInt,
      minimum: 1,
      maximum: 9007199254740991,
      [M]: sql.MESSAGES.assignee_id,
    },
    category_ids: {
      type: 'array',
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      [M]: sql.MESSAGES.category_ids,
    },
  },
} as const;

type Body = FromSchema<typeof bodySchema>;

const input = (b: Body): sql.MacroInput => ({
  name: b.name.trim(),
  body: b.body ? sanitizeBody(b.body) : '',
  status_id: b.status_id ?? null,
  priority_id: b.priority_id ?? null,
  assignee_id: b.assignee_id ?? null,
  category_ids: b.category_ids ?? [],
});

const toApi = (m: sql.MacroRow) => ({
  ...m,
  assignee_id: m.assignee_id === null ? null : Number(m.assignee_id),
  updated_at: m.updated_at.toISOString(),
});

export function macroRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, macroSchema);
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['macros'];
  const one = ok(ref(macroSchema));

  app.get(
    '/macros',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'The macros, by name (helpdesk agents only)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(macroSchema) }), ...errors(401, 403) },
      },
    },
    async () => success((await sql.listMacros(ctx.db)).map(toApi)),
  );

  app.get(
    '/macros/:id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'One macro (helpdesk agents only)',
        security: authenticated,
        params: idParams,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const m = await sql.getMacro(ctx.db, request.params.id);
      if (!m) throw new HttpError(404, NOT_FOUND);
      return success(toApi(m));
    },
  );

  app.post(
    '/macros',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Create a macro (administrators only)',
        security: authenticated,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const m = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.insertMacro(tx, input(request.body), currentUser(request).id),
      );
      return success(toApi(m));
    },
  );

  app.put(
    '/macros/:id',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Edit a macro (administrators only)',
        security: authenticated,
        params: idParams,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const m = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.updateMacro(tx, request.params.id, input(request.body)),
      );
      if (!m) throw new HttpError(404, NOT_FOUND);
      return success(toApi(m));
    },
  );

  app.delete(
    '/macros/:id',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Delete a macro (administrators only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      if (
        !(await withUserTransaction(ctx.db, requestActor(request), (tx) =>
          sql.deleteMacro(tx, request.params.id),
        ))
      )
        throw new HttpError(404, NOT_FOUND);
      return success({ id: request.params.id });
    },
  );
}
