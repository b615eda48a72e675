// The content collector (browse content by classification node, with counts) and the
// classification maintenance calls (agents only). Contract: docs/api-overview.md "Content
// collector and maintenance". The GET classification calls live in routes/taxonomy.
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import { oneLine } from '../../lib/one-line.js';
import { authenticated, errors, M, ok, ref, smallIdParams, success } from '../../lib/schemas.js';
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import {
  CONTENT,
  LIST_COUNT_CAP,
  RECORD_SHAPES,
  listDataSchema,
  toItems,
} from '../records/kinds.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { nodeSchema, nodeShape } from '../taxonomy/routes.js';
import { nodesByIds } from '../taxonomy/sql.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can maintain the classification.';
export const NAME_MESSAGE = 'Category name must be 1 to 100 characters.';
export const DUPLICATE_NAME = 'A category with this name already exists here.';
export const PARENT_MESSAGE = 'Choose a parent category.';
export const PARENT_CYCLE = 'A category cannot move under itself or its sub-categories.';
export const HAS_CHILDREN = 'This category has sub-categories and cannot be deleted.';
export const inUse = (n: number) =>
  n === 1
    ? 'This category is used by 1 record and cannot be deleted.'
    : fill('This category is used by {{count}} records and cannot be deleted.', { count: n });

const id32 = (message: string) =>
  ({ type: 'integer', minimum: 1, maximum: 2147483647, [M]: message }) as const;
const nameField = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  ...oneLine,
  [M]: NAME_MESSAGE,
} as const;
const parentField = {
  type: ['integer', 'null'],
  minimum: 1,
  maximum: 2147483647,
  [M]: PARENT_MESSAGE,
} as const;

export const collectorNodeSchema = {
  $id: 'CollectorNode',
  type: 'object',
  required: ['category_id', 'category_name', 'has_children', 'content_count'],
  properties: {
    category_id: { type: 'integer' },
    category_name: { type: 'string' },
    has_children: { type: 'boolean' },
    content_count: { type: 'integer' },
  },
} as const;

export function collectorRoutes(server: FastifyInstance, ctx: AppContext): void {
  // The answers also $ref TaxonomyNode (taxonomy routes) and the content list's shapes (records).
  const app = routesReferring(server, [nodeShape, ...RECORD_SHAPES], collectorNodeSchema);
  const tags = ['collector'];

  app.get(
    '/collector/nodes/',
    {
      schema: {
        tags,
        summary: 'Classification nodes under parent_id (roots without it) with content counts',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: { parent_id: id32('Choose a category.') },
        },
        response: {
          200: ok({ type: 'array', items: ref(collectorNodeSchema) }),
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const rows = await sql.collectorNodes(ctx.db, currentUser(request), request.query.parent_id);
      return success(rows);
    },
  );

  app.post(
    '/collector/content/',
    {
      schema: {
        tags,
        summary: 'Content classified directly under a node, newest first, a page at a time',
        security: authenticated,
        body: {
          type: 'object',
          required: ['category_id'],
          properties: {
            category_id: id32('Choose a category.'),
            page: {
              type: 'integer',
              minimum: 1,
              maximum: 1000000,
              [M]: 'Page must be a whole number from 1.',
            },
            page_size: {
              type: 'integer',
              minimum: 1,
              maximum: 100,
              [M]: 'Page size must be 1 to 100.',
            },
          },
        },
        response: { 200: ok(listDataSchema(CONTENT)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const page = b.page ?? 1;
      const pageSize = b.page_size ?? user.items_per_page;
      const { rows, total } = await sql.nodeContent(ctx.db, user, b.category_id, page, pageSize);
      const capped = total > LIST_COUNT_CAP;
      return success({
        items: toItems(CONTENT, rows, ctx.clock.now()),
        total: capped ? LIST_COUNT_CAP : total,
        total_is_capped: capped,
        page,
        page_size: pageSize,
      });
    },
  );

  const agentsOnly = async (request: Parameters<typeof currentUser>[0]) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const node = async (id: number) => (await nodesByIds(ctx.db, [id]))[0];

  app.post(
    '/classification/',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags: ['classification'],
        summary: 'Add a classification node (agents only)',
        security: authenticated,
        body: {
          type: 'object',
          required: ['category_name'],
          properties: { category_name: nameField, parent_id: parentField },
        },
        response: { 200: ok(nodeSchema), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const name = request.body.category_name.trim();
      const parentId = request.body.parent_id ?? null;
      const id = await withTransaction(ctx.db, async (tx) => {
        if (parentId !== null && !(await sql.categoryExists(tx, parentId))) {
          throw new HttpError(400, 'Validation failed', { parent_id: PARENT_MESSAGE });
        }
        if (await sql.siblingHasName(tx, parentId, name)) throw duplicate();
        return sql.insertCategory(tx, name, parentId).catch((err: unknown) => {
          throw sql.isDuplicate(err) ? duplicate() : err;
        });
      });
      return success(await node(id));
    },
  );

  app.put(
    '/classification/:id',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags: ['classification'],
        summary: 'Rename or move a classification node (agents only)',
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          properties: { category_name: nameField, parent_id: parentField },
        },
        response: { 200: ok(nodeSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const b = request.body;
      await withTransaction(ctx.db, async (tx) => {
        const now = await sql.current(tx, id);
        if (!now) throw new HttpError(404, NOT_FOUND_MESSAGE);
        const name = b.category_name === undefined ? now.name : b.category_name.trim();
        const parentId = b.parent_id === undefined ? now.parent_id : b.parent_id;
        if (parentId !== null) {
          if (await sql.isSelfOrDescendant(tx, id, parentId)) {
            throw new HttpError(400, 'Validation failed', { parent_id: PARENT_CYCLE });
          }
          if (!(await sql.categoryExists(tx, parentId))) {
            throw new HttpError(400, 'Validation failed', { parent_id: PARENT_MESSAGE });
          }
        }
        if (await sql.siblingHasName(tx, parentId, name, id)) throw duplicate();
        await sql.updateCategory(tx, id, name, parentId).catch((err: unknown) => {
          throw sql.isDuplicate(err) ? duplicate() : err;
        });
      });
      return success(await node(id));
    },
  );

  app.delete(
    '/classification/:id',
    {
      config: { role: 'admin' },
      preHandler: agentsOnly,
      schema: {
        tags: ['classification'],
        summary: 'Delete an unused classification node without sub-categories (agents only)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({
            type: 'object',
            required: ['category_id'],
            properties: { category_id: { type: 'integer' } },
          }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (await sql.deleteCategory(ctx.db, id)) {
        return success({ category_id: id });
      }
      if (!(await sql.categoryExists(ctx.db, id))) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const use = await sql.usage(ctx.db, id);
      if (use.records > 0) throw new HttpError(409, inUse(use.records));
      throw new HttpError(409, HAS_CHILDREN);
    },
  );
}

function duplicate(): HttpError {
  return new HttpError(409, DUPLICATE_NAME, { category_name: DUPLICATE_NAME });
}
