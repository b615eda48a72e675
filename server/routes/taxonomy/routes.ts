// Classification (docs/api-working.md "Classification"): browse and search the tree, the caller's
// favourite nodes, and a record's classification.
import type { FastifyInstance } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, errors, idParams, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { KINDS, requireChangeable, requireReadable } from '../records/access.js';
import { recordEvent } from '../records/history.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import * as sql from './sql.js';

export const CATEGORY_MESSAGE = 'Choose a category.';
export const CATEGORY_IDS_MESSAGE = 'Choose categories from the classification.';
export const DUPLICATE_FAVOURITE = 'This category is already a favourite.';

const nodeProperties = {
  category_id: { type: 'integer' },
  category_name: { type: 'string' },
  has_children: { type: 'boolean' },
  path: { type: 'string' },
} as const;
const nodeRequired = [
  'category_id',
  'category_name',
  'has_children',
  'path',
] as const satisfies readonly (keyof typeof nodeProperties)[];
/** A classification node in answers (also the collector's maintenance calls). */
export const nodeShape = {
  $id: 'TaxonomyNode',
  type: 'object',
  required: nodeRequired,
  properties: nodeProperties,
} as const;
export const nodeSchema = ref(nodeShape);
const nodesSchema = { type: 'array', items: nodeSchema } as const;
const rootShape = {
  $id: 'TaxonomyRoot',
  type: 'object',
  required: [...nodeRequired, 'children'],
  properties: { ...nodeProperties, children: nodesSchema },
} as const;
const rootsSchema = { type: 'array', items: ref(rootShape) } as const;

const categoryId = {
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  [M]: CATEGORY_MESSAGE,
} as const;
const nodeParams = {
  type: 'object',
  required: ['id'],
  properties: { id: categoryId },
} as const;
const categoryIdSchema = {
  type: 'object',
  required: ['category_id'],
  properties: { category_id: categoryId },
} as const;

export function taxonomyRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, nodeShape, rootShape);
  const tags = ['classification'];

  app.get(
    '/classification/',
    {
      schema: {
        tags,
        summary: 'The root nodes (children are loaded when a node is opened)',
        security: authenticated,
        response: { 200: ok(rootsSchema), ...errors(401) },
      },
    },
    async () => success((await sql.roots(ctx.db)).map((n) => ({ ...n, children: [] }))),
  );

  app.get(
    '/classification/sub-nodes/:id',
    {
      schema: {
        tags,
        summary: "A node's children",
        security: authenticated,
        params: nodeParams,
        response: { 200: ok(nodesSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const nodes = await sql.children(ctx.db, request.params.id);
      if (!nodes.length && !(await sql.nodeExists(ctx.db, request.params.id))) {
        throw new HttpError(404, NOT_FOUND_MESSAGE);
      }
      return success(nodes);
    },
  );

  app.get(
    '/classification/by-name/:name',
    {
      schema: {
        tags,
        summary: 'Up to 50 nodes whose name contains the text (case- and accent-insensitive)',
        security: authenticated,
        params: {
          type: 'object',
          required: ['name'],
          properties: {
            name: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '\\S',
              [M]: 'Type 1 to 100 characters.',
            },
          },
        },
        response: { 200: ok(nodesSchema), ...errors(400, 401) },
      },
    },
    async (request) => success(await sql.byName(ctx.db, request.params.name.trim())),
  );

  app.get(
    '/classification/favorite',
    {
      schema: {
        tags,
        summary: "The caller's favourite nodes",
        security: authenticated,
        response: { 200: ok(nodesSchema), ...errors(401) },
      },
    },
    async (request) => success(await sql.favourites(ctx.db, currentUser(request).id)),
  );

  app.post(
    '/classification/favorite',
    {
      schema: {
        tags,
        summary: 'Add a favourite node (409 when it already is one)',
        security: authenticated,
        body: categoryIdSchema,
        response: { 200: ok(nodeSchema), ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const id = request.body.category_id;
      const result = await sql.addFavourite(ctx.db, currentUser(request).id, id);
      if (result === 'unknown') throw new HttpError(404, NOT_FOUND_MESSAGE);
      if (result === 'duplicate') throw new HttpError(409, DUPLICATE_FAVOURITE);
      return success((await sql.nodesByIds(ctx.db, [id]))[0]);
    },
  );

  app.delete(
    '/classification/favorite/:category_id',
    {
      schema: {
        tags,
        summary: 'Remove a favourite node (404 when it is not one)',
        security: authenticated,
        params: categoryIdSchema,
        response: {
          200: ok({
            type: 'object',
            required: ['category_id'],
            properties: { category_id: { type: 'integer' } },
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.category_id;
      if (!(await sql.removeFavourite(ctx.db, currentUser(request).id, id))) {
        throw new HttpError(404, NOT_FOUND_MESSAGE);
      }
      return success({ category_id: id });
    },
  );

  for (const kind of KINDS) {
    const url = `/${kind.path}/:id/classification/`;

    app.get(
      url,
      {
        schema: {
          tags: [kind.path],
          summary: "The record's classification nodes",
          security: authenticated,
          params: idParams,
          response: { 200: ok(nodesSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const r = await requireReadable(
          ctx.db,
          currentUser(request),
          kind.type,
          request.params.id,
          {
            readers: true, // part of reading a searchable article
          },
        );
        return success(await sql.recordNodes(ctx.db, r.id));
      },
    );

    app.put(
      url,
      {
        schema: {
          tags: [kind.path],
          summary: "Replace the record's classification (owner or agent)",
          security: authenticated,
          params: idParams,
          body: {
            type: 'object',
            required: ['category_ids'],
            properties: {
              category_ids: {
                type: 'array',
                maxItems: 50,
                items: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 2147483647,
                  [M]: CATEGORY_IDS_MESSAGE,
                },
                [M]: CATEGORY_IDS_MESSAGE,
              },
            },
          },
          response: { 200: ok(nodesSchema), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const ids = [...new Set(request.body.category_ids)];
        const nodes = await sql.nodesByIds(ctx.db, ids);
        if (nodes.length !== ids.length) {
          throw new HttpError(400, 'Validation failed', { category_ids: CATEGORY_IDS_MESSAGE });
        }
        const result = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const changed = await sql.replaceRecordNodes(tx, r.id, ids);
          const now = await sql.recordNodes(tx, r.id);
          if (changed) {
            await recordEvent(tx, {
              recordId: r.id,
              actorId: user.id,
              action: 'classified',
              details: { names: now.map((n) => n.category_name) },
            });
          }
          return now;
        });
        return success(result);
      },
    );
  }
}
