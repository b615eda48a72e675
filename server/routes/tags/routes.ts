// Tags (docs/api-working.md "Tags"): the type-ahead over existing tags, a record's tags (added
// by name, made on the fly, or by id; removed by id: the owner and agents, like its
// classification), and the admins' operations: the tags with their used-by counts, create,
// rename, merge and delete. Each record's change writes its history event in its transaction;
// the events announce it on the live stream (migration 013's triggers).
import type { FastifyInstance } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { oneLine } from '../../lib/one-line.js';
import {
  authenticated,
  errors,
  idParams,
  M,
  ok,
  ref,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { KINDS, requireChangeable } from '../records/access.js';
import * as sql from './sql.js';

export const TAG_MAX = 50;
export const TAG_NAME_MESSAGE = 'A tag must be 1 to 50 characters.';
export const TAG_TAKEN_MESSAGE = 'A tag with this name already exists.';
export const TAG_ID_MESSAGE = 'Choose a tag.';
export const TAG_NAME_OR_ID_MESSAGE = 'Type a tag or choose one.';
export const MERGE_SELF_MESSAGE = 'Choose another tag to merge into.';
export const TAG_NOT_FOUND_MESSAGE = 'This tag does not exist.';

/** A tag in answers: on a record, in a list row, in the type-ahead. */
export const tagShape = {
  $id: 'Tag',
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;
export const tagsSchema = { type: 'array', items: ref(tagShape) } as const;

const usageShape = {
  $id: 'TagUsage',
  type: 'object',
  required: ['id', 'name', 'used_by'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    used_by: { type: 'integer', description: 'How many tickets and content items carry it' },
  },
} as const;

/** Bounded here; the 1..50 rule applies after trimming (tagName). */
const nameSchema = {
  type: 'string',
  maxLength: 200,
  ...oneLine,
  [M]: TAG_NAME_MESSAGE,
} as const;
const tagId = { type: 'integer', minimum: 1, maximum: 2147483647, [M]: TAG_ID_MESSAGE } as const;
const nameBody = {
  type: 'object',
  required: ['name'],
  properties: { name: nameSchema },
} as const;

/** A tag's name as stored: trimmed, 1 to 50 characters, else a 400 on `field`. */
export function tagName(raw: string, field = 'name'): string {
  const name = raw.trim();
  const length = [...name].length;
  if (length < 1 || length > TAG_MAX) {
    throw new HttpError(400, 'Validation failed', { [field]: TAG_NAME_MESSAGE });
  }
  return name;
}

const notFound = () => new HttpError(404, TAG_NOT_FOUND_MESSAGE);

export function tagRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, tagShape, usageShape);
  const tags = ['tags'];

  app.get(
    '/tags/',
    {
      config: { session: 'read' },
      schema: {
        tags,
        summary:
          'Tags whose name contains q (any case), those starting with it first (limit: 20 by default); or the tags with the given ids',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 200, [M]: TAG_NAME_MESSAGE },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: 100,
              [M]: 'Limit must be 1 to 100.',
            },
            // A list filter's tags by id (its chips' names): `ids=3&ids=7`.
            ids: { type: 'array', maxItems: 10, items: tagId, [M]: 'Choose 1 to 10 tags.' },
          },
        },
        response: { 200: ok(tagsSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { q, limit, ids } = request.query;
      if (ids?.length) return success(await sql.tagsByIds(ctx.db, ids));
      return success(await sql.findTags(ctx.db, (q ?? '').trim(), limit ?? 20));
    },
  );

  app.get(
    '/tags/usage',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Every tag with how many records carry it (administrators)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(usageShape) }), ...errors(401, 403) },
      },
    },
    async () => success(await sql.tagUsage(ctx.db)),
  );

  app.post(
    '/tags/',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Create a tag (administrators; 409 when the name is taken, in any case)',
        security: authenticated,
        body: nameBody,
        response: { 200: ok(ref(tagShape)), ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const made = await sql.createTag(ctx.db, tagName(request.body.name));
      if (!made) throw new HttpError(409, TAG_TAKEN_MESSAGE);
      return success(made);
    },
  );

  app.put(
    '/tags/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Rename a tag everywhere (administrators; 409 when another tag has the name)',
        security: authenticated,
        params: smallIdParams,
        body: nameBody,
        response: { 200: ok(ref(tagShape)), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await sql.renameTag(ctx.db, request.params.id, tagName(request.body.name));
      if (result === 'missing') throw notFound();
      if (result === 'taken') throw new HttpError(409, TAG_TAKEN_MESSAGE);
      return success(result);
    },
  );

  app.post(
    '/tags/:id/merge',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary:
          'Merge a tag into another: its records get the other tag, and it goes (administrators)',
        security: authenticated,
        params: smallIdParams,
        body: { type: 'object', required: ['into_id'], properties: { into_id: tagId } },
        response: {
          200: ok({
            type: 'object',
            required: ['into', 'records'],
            properties: {
              into: ref(tagShape),
              records: { type: 'integer', description: 'How many records carried the tag' },
            },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const intoId = request.body.into_id;
      if (id === intoId)
        throw new HttpError(400, 'Validation failed', { into_id: MERGE_SELF_MESSAGE });
      const user = currentUser(request);
      const result = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        // Both locked in one order (the lower id first): two crossed merges cannot deadlock.
        const [a, b] = id < intoId ? [id, intoId] : [intoId, id];
        const first = await sql.tagById(tx, a, 'update');
        const second = await sql.tagById(tx, b, 'update');
        const from = first?.id === id ? first : second;
        const into = first?.id === intoId ? first : second;
        if (!from || !into) throw notFound();
        const records = await sql.mergeTags(tx, user.id, from, into);
        return { into, records };
      });
      return success(result);
    },
  );

  app.delete(
    '/tags/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Delete a tag: it comes off every record (administrators)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({
            type: 'object',
            required: ['id', 'records'],
            properties: {
              id: { type: 'integer' },
              records: { type: 'integer', description: 'How many records carried the tag' },
            },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const records = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const tag = await sql.tagById(tx, request.params.id, 'update');
        if (!tag) throw notFound();
        return sql.deleteTag(tx, user.id, tag);
      });
      return success({ id: request.params.id, records });
    },
  );

  for (const kind of KINDS) {
    const url = `/${kind.path}/:id/tags/`;

    app.post(
      url,
      {
        schema: {
          tags: [kind.path],
          summary:
            "Add a tag to the record, by name (made when new) or by id (owner or agent); the record's tags",
          security: authenticated,
          params: idParams,
          body: {
            type: 'object',
            properties: { name: nameSchema, tag_id: tagId },
          },
          response: { 200: ok(tagsSchema), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { name, tag_id } = request.body;
        if ((name === undefined) === (tag_id === undefined)) {
          throw new HttpError(400, 'Validation failed', { name: TAG_NAME_OR_ID_MESSAGE });
        }
        const wanted = name === undefined ? undefined : tagName(name);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const result = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const tag =
            wanted === undefined
              ? await sql.tagById(tx, tag_id ?? 0, 'share')
              : await sql.tagByName(tx, wanted);
          if (!tag) throw new HttpError(400, 'Validation failed', { tag_id: TAG_ID_MESSAGE });
          if (await sql.addRecordTag(tx, r.id, tag.id)) {
            await sql.tagEvent(tx, r.id, user.id, 'tagged', tag);
          }
          return sql.recordTags(tx, r.id);
        });
        return success(result);
      },
    );

    app.delete(
      `${url}:tag_id`,
      {
        schema: {
          tags: [kind.path],
          summary: "Take a tag off the record (owner or agent); the record's tags",
          security: authenticated,
          params: {
            type: 'object',
            required: ['id', 'tag_id'],
            properties: { ...idParams.properties, tag_id: tagId },
          },
          response: { 200: ok(tagsSchema), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const result = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const tag = await sql.tagById(tx, request.params.tag_id, 'share');
          // A tag the record does not carry (or no longer exists): nothing to do.
          if (tag && (await sql.removeRecordTag(tx, r.id, tag.id))) {
            await sql.tagEvent(tx, r.id, user.id, 'untagged', tag);
          }
          return sql.recordTags(tx, r.id);
        });
        return success(result);
      },
    );
  }
}
