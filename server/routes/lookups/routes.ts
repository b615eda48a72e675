// Lookups for the record forms and filters (any signed-in user). See docs/api-records.md.
import type { FastifyInstance } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { M, authenticated, errors, ok, ref, success } from '../../lib/schemas.js';
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { fieldSchema, fieldSetSchema } from '../custom-fields/routes.js';
import { listFields } from '../custom-fields/sql.js';
import * as sql from './sql.js';

/** Flat rows (parents before or after children, any order) to a tree. */
export function helpdeskTree(rows: sql.HelpdeskRow[]): HelpdeskNode[] {
  const nodes = new Map<number, HelpdeskNode>();
  for (const r of rows) {
    nodes.set(r.hd_id, {
      hd_id: r.hd_id,
      hd_name: r.hd_name,
      is_default: r.is_default,
      children: [],
    });
  }
  const roots: HelpdeskNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.hd_id) as HelpdeskNode;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const objectTypeQuery = (name: string) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', enum: ['T', 'C'], [M]: `${name} must be T or C.` } },
  }) as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

/**
 * The tree's sub-nodes, typed as any JSON: json-schema-to-ts cannot type a shape that refers to
 * itself (it would type every HelpdeskNode list as empty). helpdeskTree's HelpdeskNode type
 * checks the nesting instead.
 */
const subNodes: { readonly type: 'array'; readonly items: JSONSchema } = {
  type: 'array',
  items: { $ref: 'HelpdeskNode#' },
};

const helpdeskNodeShape = {
  $id: 'HelpdeskNode',
  type: 'object',
  required: ['hd_id', 'hd_name', 'is_default', 'children'],
  properties: { hd_id: int, hd_name: str, is_default: { type: 'boolean' }, children: subNodes },
} as const;

export type HelpdeskNode = Pick<
  FromSchema<typeof helpdeskNodeShape>,
  'hd_id' | 'hd_name' | 'is_default'
> & { children: HelpdeskNode[] };

/** One lookup's item, a named shape (components/schemas/<name>) with every property required. */
function lookupShape<const Name extends string, const P extends Record<string, object>>(
  name: Name,
  properties: P,
) {
  const required = Object.keys(properties) as Extract<keyof P, string>[];
  return { $id: name, type: 'object', required, properties } as const;
}

const statusShape = lookupShape('Status', {
  status_id: int,
  status_name: str,
  is_closed: { type: 'boolean' },
});
const priorityShape = lookupShape('Priority', { priority_id: int, priority_name: str });
const companyShape = lookupShape('Company', { company_id: int, company_name: str });
const contentTypeShape = lookupShape('ContentType', {
  content_type_id: int,
  content_type_name: str,
});

/** Registered in this order (the OpenAPI document's components/schemas follow it). */
const shapes = [
  helpdeskNodeShape,
  statusShape,
  priorityShape,
  companyShape,
  contentTypeShape,
] as const;

const list = <const Id extends string>(shape: { $id: Id }) =>
  ok({ type: 'array', items: ref(shape) });

export function lookupRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesReferring(server, [fieldSchema, fieldSetSchema], ...shapes);
  const tags = ['lookups'];
  const tree = ok({ type: 'array', items: ref(helpdeskNodeShape) });

  app.get(
    '/helpdesk/',
    {
      schema: {
        tags,
        summary: 'Help desks as a tree (of one object type, or all)',
        description:
          'With `object_type`, the answer also carries what the raise form needs beside the desks, so it costs no other call: `custom_fields`, the custom fields of that kind as `GET /api/custom-fields` gives them to the caller, and for tickets `company_id`, the caller’s primary organization (null: none), the company a new ticket of theirs defaults to.',
        security: authenticated,
        querystring: objectTypeQuery('object_type'),
        response: {
          200: {
            ...tree,
            properties: {
              ...tree.properties,
              custom_fields: ref(fieldSetSchema),
              company_id: { type: ['integer', 'null'] },
            },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const type = request.query.object_type;
      const user = currentUser(request);
      const [rows, fields, company] = await Promise.all([
        sql.helpdesks(ctx.db, type),
        type ? listFields(ctx.db, type, !user.user_is_hde) : undefined,
        type === 'T' ? sql.primaryCompany(ctx.db, user.id) : undefined,
      ]);
      return {
        ...success(helpdeskTree(rows)),
        ...(fields ? { custom_fields: fields } : {}),
        ...(company !== undefined ? { company_id: company } : {}),
      };
    },
  );

  app.get(
    '/status/',
    {
      schema: {
        tags,
        summary: 'Statuses in workflow order (of one object type, or all)',
        security: authenticated,
        querystring: objectTypeQuery('status_for'),
        response: {
          200: list(statusShape),
          ...errors(400, 401),
        },
      },
    },
    async (request) => success(await sql.statuses(ctx.db, request.query.status_for)),
  );

  app.get(
    '/priority/',
    {
      schema: {
        tags,
        summary: 'Ticket priorities, lowest first',
        security: authenticated,
        response: {
          200: list(priorityShape),
          ...errors(401),
        },
      },
    },
    async () => success(await sql.priorities(ctx.db)),
  );

  app.get(
    '/company/',
    {
      schema: {
        tags,
        summary: 'Companies, by name',
        security: authenticated,
        response: {
          200: list(companyShape),
          ...errors(401),
        },
      },
    },
    async () => success(await sql.companies(ctx.db)),
  );

  app.get(
    '/content-type/',
    {
      schema: {
        tags,
        summary: 'Content types',
        security: authenticated,
        response: {
          200: list(contentTypeShape),
          ...errors(401),
        },
      },
    },
    async () => success(await sql.contentTypes(ctx.db)),
  );
}
