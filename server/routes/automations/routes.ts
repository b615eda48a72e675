// Time-based rules (docs/rules.md): administrators define, edit and delete them; helpdesk agents
// read them and preview what one matches now; others get 403. The scheduled pass runs the active
// ones (server/rules/automations.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
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
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import * as sql from '../../rules/automations.js';
import { AUTOMATION_MESSAGES, timeConditionSchema } from '../../rules/automations.js';
import { actionSchema, conditionSchema, RULE_MESSAGES } from '../../rules/schema.js';

export const AGENTS_ONLY = 'Only helpdesk agents can see time-based rules.';
export const NOT_FOUND = 'This time-based rule does not exist.';
export const INACTIVE = 'Turn this time-based rule on to run it.';

const automationSchema = {
  $id: 'Automation',
  type: 'object',
  required: [
    'id',
    'name',
    'active',
    'position',
    'match',
    'conditions',
    'time_conditions',
    'actions',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    active: { type: 'boolean' },
    position: { type: 'integer', description: 'Rules are checked in this order (lowest first)' },
    match: {
      type: 'string',
      enum: ['all', 'any'],
      description: 'How the `conditions` combine; every time condition must hold',
    },
    conditions: { type: 'array', items: ref(conditionSchema) },
    time_conditions: { type: 'array', items: ref(timeConditionSchema) },
    actions: { type: 'array', items: ref(actionSchema) },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const previewSchema = {
  $id: 'AutomationPreview',
  type: 'object',
  required: ['count', 'more', 'tickets'],
  properties: {
    count: { type: 'integer', description: 'Open tickets the rule matches now' },
    more: {
      type: 'boolean',
      description: `The count stopped at ${sql.PREVIEW_LIMIT}: at least that many match`,
    },
    tickets: {
      type: 'array',
      description: 'The first ten, by id',
      items: {
        type: 'object',
        required: ['id', 'subject'],
        properties: { id: { type: 'integer' }, subject: { type: 'string' } },
      },
    },
  },
} as const;

const ruleProperties = {
  match: { type: 'string', enum: ['all', 'any'], default: 'all', [M]: RULE_MESSAGES.match },
  conditions: {
    type: 'array',
    maxItems: 50,
    default: [],
    items: ref(conditionSchema),
    [M]: RULE_MESSAGES.conditions,
  },
  time_conditions: {
    type: 'array',
    minItems: 1,
    maxItems: 4,
    items: ref(timeConditionSchema),
    [M]: AUTOMATION_MESSAGES.timeConditions,
  },
} as const;

const bodySchema = {
  type: 'object',
  required: ['name', 'time_conditions', 'actions'],
  additionalProperties: false,
  [M]: RULE_MESSAGES.unknownPart,
  properties: {
    name: nameField(100, AUTOMATION_MESSAGES.name),
    active: { type: 'boolean', default: true },
    position: { type: 'integer', minimum: 0, maximum: 1000000 },
    ...ruleProperties,
    actions: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: ref(actionSchema),
      [M]: RULE_MESSAGES.actions,
    },
  },
} as const;

const previewBodySchema = {
  type: 'object',
  required: ['time_conditions'],
  [M]: RULE_MESSAGES.unknownPart,
  description: 'A rule as it would be saved (name, actions and the rest may come too: ignored)',
  properties: ruleProperties,
} as const;

type Refs = {
  references: [typeof conditionSchema, typeof actionSchema, typeof timeConditionSchema];
};
type Body = FromSchema<typeof bodySchema, Refs>;

const input = (b: Body): sql.AutomationInput & { position?: number } => ({
  name: b.name.trim(),
  active: b.active ?? true,
  match: b.match ?? 'all',
  conditions: b.conditions ?? [],
  time_conditions: b.time_conditions,
  actions: b.actions,
  ...(b.position !== undefined ? { position: b.position } : {}),
});

const toApi = (a: sql.AutomationRow) => ({ ...a, updated_at: a.updated_at.toISOString() });

export function automationRoutes(server: FastifyInstance, ctx: AppContext): void {
  // The triggers' routes register the condition and action shapes (app.ts: they come first).
  const app = routesReferring(
    server,
    [conditionSchema, actionSchema] as const,
    timeConditionSchema,
    automationSchema,
    previewSchema,
  );
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['triggers'];
  const one = ok(ref(automationSchema));

  app.get(
    '/automations',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'The time-based rules, in order (helpdesk agents)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(automationSchema) }), ...errors(401, 403) },
      },
    },
    async () => success((await sql.listAutomations(ctx.db)).map(toApi)),
  );

  app.get(
    '/automations/:id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'One time-based rule (helpdesk agents)',
        security: authenticated,
        params: smallIdParams,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await sql.getAutomation(ctx.db, request.params.id);
      if (!a) throw new HttpError(404, NOT_FOUND);
      return success(toApi(a));
    },
  );

  app.post(
    '/automations',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Create a time-based rule, last in order (administrators only); a part that cannot run is a 400 naming it',
        security: authenticated,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const a = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.insertAutomation(tx, input(request.body)),
      );
      return success(toApi(a));
    },
  );

  app.post(
    '/automations/preview',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary:
          'How many open tickets a rule matches now and the first ten, of those the caller sees (helpdesk agents; changes nothing)',
        security: authenticated,
        body: previewBodySchema,
        response: { 200: ok(ref(previewSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const b = request.body;
      const rule = {
        match: b.match ?? 'all',
        conditions: b.conditions ?? [],
        time_conditions: b.time_conditions,
      };
      await sql.checkConditions(ctx.db, rule);
      return success(
        await sql.previewAutomation(ctx.db, rule, ctx.clock.now(), currentUser(request)),
      );
    },
  );

  app.put(
    '/automations/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Edit a time-based rule (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const a = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.updateAutomation(tx, request.params.id, input(request.body)),
      );
      if (!a) throw new HttpError(404, NOT_FOUND);
      return success(toApi(a));
    },
  );

  app.post(
    '/automations/:id/run',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Queue a pass of the active time-based rules now, as the schedule does (administrators only); an inactive rule is a 409',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const a = await sql.getAutomation(ctx.db, request.params.id);
      if (!a) throw new HttpError(404, NOT_FOUND);
      if (!a.active) throw new HttpError(409, INACTIVE);
      await ctx.queue.send('automations.pass', {});
      return success({ id: a.id });
    },
  );

  app.delete(
    '/automations/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Delete a time-based rule (administrators only)',
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
        sql.deleteAutomation(tx, request.params.id),
      );
      if (!gone) throw new HttpError(404, NOT_FOUND);
      return success({ id: request.params.id });
    },
  );
}
