// SLA policies: list, read, create, edit (at `version`), delete and reorder, helpdesk agents
// only (403 for others). Every change queues the recompute of the open tickets' due times
// (server/sla/jobs.ts), in the same transaction. Contract: docs/api-sla.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { withUserTransaction, type Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import {
  authenticated,
  errorResponse,
  errors,
  M,
  ok,
  ref,
  nameField,
  smallIdParams as idParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { isValidTimeZone } from '../../sla/calendar.js';
import type { PolicyRow } from '../../sla/policy.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can maintain service levels.';
export const NOT_FOUND = 'This policy does not exist.';
export const CONFLICT = 'Someone else changed this policy. The current version is shown.';
export const MESSAGES = {
  name: 'Name must be 1 to 100 characters.',
  hd_ids: 'Choose ticket help desks (or none for any).',
  priority_ids: 'Choose priorities (or none for any).',
  company_ids: 'Choose companies (or none for any).',
  minutes: 'A target is a whole number of minutes from 1 to 525,600, or empty.',
  targets: 'Set at least one target.',
  time_zone: 'Choose a time zone.',
  hours: 'Give the hours of each of the 7 weekdays (Sunday first) as HH:MM, or none.',
  hoursOrder: 'The end must be after the start.',
  noHours: 'At least one weekday needs working hours.',
  holidays: 'Holidays must be dates (YYYY-MM-DD).',
  version: 'Version is required.',
  order: 'Give every policy id once, in the new order.',
} as const;

const int = { type: 'integer' } as const;
const intArray = { type: ['array', 'null'], items: int } as const;
const hoursSchema = {
  type: ['object', 'null'],
  required: ['start', 'end'],
  properties: { start: { type: 'string' }, end: { type: 'string' } },
} as const;

export const policySchema = {
  $id: 'SlaPolicy',
  type: 'object',
  required: [
    'id',
    'name',
    'sort_order',
    'hd_ids',
    'priority_ids',
    'company_ids',
    'first_response_minutes',
    'next_response_minutes',
    'resolution_minutes',
    'time_zone',
    'hours',
    'holidays',
    'version',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: int,
    name: { type: 'string' },
    sort_order: int,
    hd_ids: intArray,
    priority_ids: intArray,
    company_ids: intArray,
    first_response_minutes: { type: ['integer', 'null'] },
    next_response_minutes: { type: ['integer', 'null'] },
    resolution_minutes: { type: ['integer', 'null'] },
    time_zone: { type: 'string' },
    hours: { type: 'array', items: hoursSchema },
    holidays: { type: 'array', items: { type: 'string', format: 'date' } },
    version: int,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const ids = (message: string) =>
  ({
    type: ['array', 'null'],
    maxItems: 100,
    uniqueItems: true,
    items: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: message },
    [M]: message,
  }) as const;
const minutes = {
  type: ['integer', 'null'],
  minimum: 1,
  maximum: 525600,
  [M]: MESSAGES.minutes,
} as const;
const hm = {
  type: 'string',
  maxLength: 5,
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$',
  [M]: MESSAGES.hours,
} as const;

const inputProperties = {
  name: nameField(100, MESSAGES.name),
  hd_ids: ids(MESSAGES.hd_ids),
  priority_ids: ids(MESSAGES.priority_ids),
  company_ids: ids(MESSAGES.company_ids),
  first_response_minutes: minutes,
  next_response_minutes: minutes,
  resolution_minutes: minutes,
  time_zone: { type: 'string', minLength: 1, maxLength: 64, [M]: MESSAGES.time_zone },
  hours: {
    type: 'array',
    minItems: 7,
    maxItems: 7,
    items: {
      type: ['object', 'null'],
      required: ['start', 'end'],
      additionalProperties: false,
      properties: { start: hm, end: hm },
      [M]: MESSAGES.hours,
    },
    [M]: MESSAGES.hours,
  },
  holidays: {
    type: 'array',
    maxItems: 366,
    uniqueItems: true,
    items: { type: 'string', format: 'date', maxLength: 10, [M]: MESSAGES.holidays },
    [M]: MESSAGES.holidays,
  },
} as const;

const inputSchema = {
  type: 'object',
  required: ['name', 'time_zone', 'hours'],
  properties: inputProperties,
} as const;

const updateSchema = {
  type: 'object',
  required: ['name', 'time_zone', 'hours', 'version'],
  properties: {
    ...inputProperties,
    version: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: MESSAGES.version },
  },
} as const;

type Body = FromSchema<typeof inputSchema>;

function toApi(p: PolicyRow) {
  return {
    ...p,
    // A copy of each day (an object literal's type, not DayHours), as the schema's type wants.
    hours: p.hours,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

const minutesOf = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3));

/** The body as stored, or 400 with every rule beyond the schema that it breaks. */
async function validInput(q: Queryable, b: Body): Promise<sql.PolicyInput> {
  const fields: Record<string, string> = {};
  const list = (v: number[] | null | undefined) => (v && v.length ? v : null);
  const input: sql.PolicyInput = {
    name: b.name.trim(),
    hd_ids: list(b.hd_ids),
    priority_ids: list(b.priority_ids),
    company_ids: list(b.company_ids),
    first_response_minutes: b.first_response_minutes ?? null,
    next_response_minutes: b.next_response_minutes ?? null,
    resolution_minutes: b.resolution_minutes ?? null,
    time_zone: b.time_zone,
    hours: b.hours,
    holidays: [...(b.holidays ?? [])].sort(),
  };
  if (!isValidTimeZone(input.time_zone)) fields.time_zone = MESSAGES.time_zone;
  input.hours.forEach((h, i) => {
    if (h && minutesOf(h.end) <= minutesOf(h.start)) fields[`hours.${i}.end`] = MESSAGES.hoursOrder;
  });
  if (input.hours.every((h) => h === null)) fields.hours = MESSAGES.noHours;
  if (
    input.first_response_minutes === null &&
    input.next_response_minutes === null &&
    input.resolution_minutes === null
  ) {
    fields.first_response_minutes = MESSAGES.targets;
  }
  const lookups = [
    ['hd_ids', 'helpdesks'],
    ['priority_ids', 'priorities'],
    ['company_ids', 'companies'],
  ] as const;
  for (const [field, table] of lookups) {
    const v = input[field];
    if (v && (await sql.unknownIds(q, table, v)).length) fields[field] = MESSAGES[field];
  }
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
  return input;
}

/** The open tickets' due times follow the policies: recomputed in batches by a job. */
const recomputeTickets = (ctx: AppContext, tx: Queryable) =>
  ctx.queue.send('sla.recompute', { afterId: 0 }, { tx });

export function slaRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, policySchema);
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['sla'];
  const conflict = {
    ...errorResponse,
    properties: { ...errorResponse.properties, current: ref(policySchema) },
  };
  const found = async (q: Queryable, id: number) => {
    const p = await sql.getPolicy(q, id);
    if (!p) throw new HttpError(404, NOT_FOUND);
    return p;
  };

  app.get(
    '/sla/policies/',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'The SLA policies, in the order they are tried (agents only)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(policySchema) }), ...errors(401, 403) },
      },
    },
    async () => success((await sql.listPolicies(ctx.db)).map(toApi)),
  );

  app.get(
    '/sla/policies/:id/',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'One SLA policy (agents only)',
        security: authenticated,
        params: idParams,
        response: { 200: ok(ref(policySchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => success(toApi(await found(ctx.db, request.params.id))),
  );

  app.post(
    '/sla/policies/',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Add an SLA policy, last in the order (administrators only)',
        security: authenticated,
        body: inputSchema,
        response: { 200: ok(ref(policySchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const row = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const id = await sql.insertPolicy(tx, await validInput(tx, request.body));
        await recomputeTickets(ctx, tx);
        return found(tx, id);
      });
      return success(toApi(row));
    },
  );

  app.put(
    '/sla/policies/:id/',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary:
          'Edit an SLA policy at its `version` (409 with `current` when stale; administrators only)',
        security: authenticated,
        params: idParams,
        body: updateSchema,
        response: { 200: ok(ref(policySchema)), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const id = request.params.id;
      const row = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const input = await validInput(tx, request.body);
        if (!(await sql.updatePolicy(tx, id, request.body.version, input))) {
          const current = await found(tx, id);
          throw new HttpError(409, CONFLICT, undefined, undefined, { current: toApi(current) });
        }
        await recomputeTickets(ctx, tx);
        return found(tx, id);
      });
      return success(toApi(row));
    },
  );

  app.delete(
    '/sla/policies/:id/',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary:
          'Delete an SLA policy; its tickets take the next matching one (administrators only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: int } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        if (!(await sql.deletePolicy(tx, id))) throw new HttpError(404, NOT_FOUND);
        await recomputeTickets(ctx, tx);
      });
      return success({ id });
    },
  );

  app.put(
    '/sla/policies/order/',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Set the order the policies are tried in: every id once (administrators only)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['ids'],
          properties: {
            ids: {
              type: 'array',
              maxItems: 1000,
              uniqueItems: true,
              items: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: MESSAGES.order },
              [M]: MESSAGES.order,
            },
          },
        },
        response: {
          200: ok({ type: 'array', items: ref(policySchema) }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const wanted = request.body.ids;
      const rows = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        // Lock the set, so two reorders (or a create) cannot interleave.
        await tx.query('LOCK TABLE sla_policies IN SHARE ROW EXCLUSIVE MODE');
        const all = (await sql.listPolicies(tx)).map((p) => p.id);
        const same = all.length === wanted.length && all.every((id) => wanted.includes(id));
        if (!same) throw new HttpError(400, 'Validation failed', { ids: MESSAGES.order });
        await sql.reorderPolicies(tx, wanted);
        await recomputeTickets(ctx, tx);
        return sql.listPolicies(tx);
      });
      return success(rows.map(toApi));
    },
  );
}
