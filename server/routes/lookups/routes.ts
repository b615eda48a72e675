// Lookups for the record forms and filters (any signed-in user). See docs/api-records.md.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { M, authenticated, errors, ok } from '../../lib/schemas.js';
import * as sql from './sql.js';

export interface HelpdeskNode {
  hd_id: number;
  hd_name: string;
  is_default: boolean;
  children: HelpdeskNode[];
}

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

/** A list of one lookup, its item registered as a named shape (components/schemas/<name>). */
function list(app: FastifyInstance, name: string, properties: Record<string, object>) {
  app.addSchema({ $id: name, type: 'object', required: Object.keys(properties), properties });
  return ok({ type: 'array', items: { $ref: `${name}#` } });
}

export function lookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['lookups'];
  const int = { type: 'integer' };
  const str = { type: 'string' };

  app.addSchema({
    $id: 'HelpdeskNode',
    type: 'object',
    required: ['hd_id', 'hd_name', 'is_default', 'children'],
    properties: {
      hd_id: int,
      hd_name: str,
      is_default: { type: 'boolean' },
      children: { type: 'array', items: { $ref: 'HelpdeskNode#' } },
    },
  });

  app.get<{ Querystring: { object_type?: 'T' | 'C' } }>(
    '/helpdesk/',
    {
      schema: {
        tags,
        summary: 'Help desks as a tree (of one object type, or all)',
        security: authenticated,
        querystring: objectTypeQuery('object_type'),
        response: {
          200: ok({ type: 'array', items: { $ref: 'HelpdeskNode#' } }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      statusCode: 200,
      data: helpdeskTree(await sql.helpdesks(ctx.db, request.query.object_type)),
    }),
  );

  app.get<{ Querystring: { status_for?: 'T' | 'C' } }>(
    '/status/',
    {
      schema: {
        tags,
        summary: 'Statuses in workflow order (of one object type, or all)',
        security: authenticated,
        querystring: objectTypeQuery('status_for'),
        response: {
          200: list(app, 'Status', {
            status_id: int,
            status_name: str,
            is_closed: { type: 'boolean' },
          }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => ({
      statusCode: 200,
      data: await sql.statuses(ctx.db, request.query.status_for),
    }),
  );

  app.get(
    '/priority/',
    {
      schema: {
        tags,
        summary: 'Ticket priorities, lowest first',
        security: authenticated,
        response: {
          200: list(app, 'Priority', { priority_id: int, priority_name: str }),
          ...errors(401),
        },
      },
    },
    async () => ({ statusCode: 200, data: await sql.priorities(ctx.db) }),
  );

  app.get(
    '/company/',
    {
      schema: {
        tags,
        summary: 'Companies, by name',
        security: authenticated,
        response: {
          200: list(app, 'Company', { company_id: int, company_name: str }),
          ...errors(401),
        },
      },
    },
    async () => ({ statusCode: 200, data: await sql.companies(ctx.db) }),
  );

  app.get(
    '/content-type/',
    {
      schema: {
        tags,
        summary: 'Content types',
        security: authenticated,
        response: {
          200: list(app, 'ContentType', { content_type_id: int, content_type_name: str }),
          ...errors(401),
        },
      },
    },
    async () => ({ statusCode: 200, data: await sql.contentTypes(ctx.db) }),
  );
}
