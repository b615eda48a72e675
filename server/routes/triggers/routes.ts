// Triggers (docs/rules.md): administrators define, order, edit and delete them; helpdesk agents
// read them and test one against a ticket; others get 403. The `rules` event consumer runs the
// active ones after each ticket change commits (server/rules/engine.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import {
  authenticated,
  errors,
  idParams,
  M,
  nameField,
  ok,
  ref,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { testTrigger } from '../../rules/explain.js';
import {
  actionSchema,
  conditionSchema,
  RULE_MESSAGES,
  TRIGGER_EVENTS,
} from '../../rules/schema.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can see triggers.';
export const NOT_FOUND = 'This trigger does not exist.';
export const TICKET_NOT_FOUND = 'This ticket does not exist.';

const triggerSchema = {
  $id: 'Trigger',
  type: 'object',
  required: [
    'id',
    'name',
    'active',
    'position',
    'event',
    'match',
    'conditions',
    'actions',
    'stop',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    active: { type: 'boolean' },
    position: { type: 'integer', description: 'Triggers run in this order (lowest first)' },
    event: {
      type: 'string',
      enum: TRIGGER_EVENTS,
      description:
        'When it runs: a ticket is created (any channel; narrow with a channel condition), updated, a requester message arrives, an agent message is sent, a service-level warning or breach fires',
    },
    match: { type: 'string', enum: ['all', 'any'] },
    conditions: { type: 'array', items: ref(conditionSchema) },
    actions: { type: 'array', items: ref(actionSchema) },
    stop: { type: 'boolean', description: 'When it ran, later triggers do not run' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const testResultSchema = {
  $id: 'TriggerTestResult',
  type: 'object',
  required: ['ticket_id', 'matched', 'conditions', 'actions'],
  properties: {
    ticket_id: { type: 'integer' },
    matched: {
      type: 'boolean',
      description: 'Whether the trigger would run for this ticket as it is now',
    },
    conditions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'field', 'matched', 'description'],
        properties: {
          index: { type: 'integer' },
          field: { type: 'string' },
          matched: { type: 'boolean' },
          description: { type: 'string', description: "The condition in the caller's words" },
        },
      },
    },
    actions: {
      type: 'array',
      description: 'What it would do (empty when it would not run)',
      items: {
        type: 'object',
        required: ['index', 'type', 'description'],
        properties: {
          index: { type: 'integer' },
          type: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
  },
} as const;

const bodySchema = {
  type: 'object',
  required: ['name', 'event', 'actions'],
  additionalProperties: false,
  [M]: RULE_MESSAGES.unknownPart,
  properties: {
    name: nameField(100, sql.TRIGGER_MESSAGES.name),
    active: { type: 'boolean', default: true },
    event: { type: 'string', enum: TRIGGER_EVENTS, [M]: RULE_MESSAGES.event },
    match: { type: 'string', enum: ['all', 'any'], default: 'all', [M]: RULE_MESSAGES.match },
    conditions: {
      type: 'array',
      maxItems: 50,
      default: [],
      items: ref(conditionSchema),
      [M]: RULE_MESSAGES.conditions,
    },
    actions: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: ref(actionSchema),
      [M]: RULE_MESSAGES.actions,
    },
    stop: { type: 'boolean', default: false },
  },
} as const;

type Body = FromSchema<
  typeof bodySchema,
  { references: [typeof conditionSchema, typeof actionSchema] }
>;

const input = (b: Body): sql.TriggerInput => ({
  name: b.name.trim(),
  active: b.active ?? true,
  event: b.event,
  match: b.match ?? 'all',
  conditions: b.conditions ?? [],
  actions: b.actions,
  stop: b.stop ?? false,
});

const toApi = (t: sql.TriggerRow) => ({ ...t, updated_at: t.updated_at.toISOString() });

export function triggerRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, conditionSchema, actionSchema, triggerSchema, testResultSchema);
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['triggers'];
  const one = ok(ref(triggerSchema));
  const all = ok({ type: 'array', items: ref(triggerSchema) });

  app.get(
    '/triggers',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'The triggers, in the order they run (helpdesk agents)',
        security: authenticated,
        response: { 200: all, ...errors(401, 403) },
      },
    },
    async () => success((await sql.listTriggers(ctx.db)).map(toApi)),
  );

  app.get(
    '/triggers/:id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'One trigger (helpdesk agents)',
        security: authenticated,
        params: smallIdParams,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const t = await sql.getTrigger(ctx.db, request.params.id);
      if (!t) throw new HttpError(404, NOT_FOUND);
      return success(toApi(t));
    },
  );

  app.post(
    '/triggers',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Create a trigger, last in order (administrators only); a part that cannot run is a 400 naming it',
        security: authenticated,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const t = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.insertTrigger(tx, input(request.body)),
      );
      return success(toApi(t));
    },
  );

  app.post(
    '/triggers/order',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Put the triggers in the order they run (administrators only)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: {
              type: 'array',
              maxItems: 1000,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 2147483647 },
              [M]: sql.TRIGGER_MESSAGES.order,
            },
          },
        },
        response: { 200: all, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        if (!(await sql.reorderTriggers(tx, request.body.ids)))
          throw new HttpError(400, 'Validation failed', { ids: sql.TRIGGER_MESSAGES.order });
      });
      return success((await sql.listTriggers(ctx.db)).map(toApi));
    },
  );

  app.put(
    '/triggers/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Edit a trigger; its place in the order stays (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const t = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.updateTrigger(tx, request.params.id, input(request.body)),
      );
      if (!t) throw new HttpError(404, NOT_FOUND);
      return success(toApi(t));
    },
  );

  app.delete(
    '/triggers/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Delete a trigger (administrators only)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const gone = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.deleteTrigger(tx, request.params.id),
      );
      if (!gone) throw new HttpError(404, NOT_FOUND);
      return success({ id: request.params.id });
    },
  );

  app.post(
    '/triggers/:id/test',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary:
          'Which conditions a ticket meets now and what the trigger would do (helpdesk agents; changes nothing; a change or actor condition is met only by a real change)',
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          required: ['ticket_id'],
          properties: { ticket_id: { ...idParams.properties.id, [M]: TICKET_NOT_FOUND } },
        },
        response: { 200: ok(ref(testResultSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const t = await sql.getTrigger(ctx.db, request.params.id);
      if (!t) throw new HttpError(404, NOT_FOUND);
      const user = currentUser(request);
      const result = await testTrigger(ctx.db, t, request.body.ticket_id, user);
      if (!result) throw new HttpError(404, TICKET_NOT_FOUND);
      return success(result);
    },
  );
}
