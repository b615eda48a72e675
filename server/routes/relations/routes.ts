// Relations (docs/api-working.md "Relations"): find records to relate, and a record's related
// list. Only records the caller may read are found or listed; drafts are never found.
import type { FastifyInstance } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, errors, idParams, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { KINDS, requireChangeable, requireReadable } from '../records/access.js';
import { CONTENT, TICKET, type RecordKind } from '../records/kinds.js';
import { recordEvent } from '../records/history.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import type { Viewer } from '../records/visibility.js';
import * as sql from './sql.js';

export const RELATED_ID_MESSAGE = 'Choose a record to relate.';
export const SELF_RELATION_MESSAGE = 'A record cannot be related to itself.';
export const LINK_MESSAGE =
  'Choose a link type: related, parent_of, child_of, duplicate_of or has_duplicate.';
export const LOOP_MESSAGE =
  'This link would make a record its own parent: parent links cannot form a loop.';

const recordId = (message: string) =>
  ({ type: 'integer', minimum: 1, maximum: 9007199254740991, [M]: message }) as const;

export const relatedShape = {
  $id: 'RelatedRecord',
  type: 'object',
  required: ['id', 'object_type', 'title', 'status_name', 'status_closed', 'link'],
  properties: {
    id: { type: 'integer' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    title: { type: 'string' },
    status_name: { type: 'string' },
    status_closed: {
      type: 'boolean',
      description: 'Its status is a closed one (resolved, closed)',
    },
    link: {
      type: 'string',
      enum: sql.LINKS,
      description:
        'How the other record is linked, seen from this one: `parent_of` (this record is its parent), `child_of`, `duplicate_of` (this record duplicates it), `has_duplicate`, or plain `related`',
    },
  },
} as const;
const relatedSchema = { type: 'array', items: ref(relatedShape) } as const;

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

/** A record found to relate: its id and its title, under its kind's name for the title. */
const MATCH_SHAPES = {
  T: {
    $id: 'TicketMatch',
    type: 'object',
    required: ['id', TICKET.titleField],
    properties: { id: int, [TICKET.titleField]: str },
  },
  C: {
    $id: 'ContentMatch',
    type: 'object',
    required: ['id', CONTENT.titleField],
    properties: { id: int, [CONTENT.titleField]: str },
  },
} as const;

/** The match as its kind's shape says: `{ id, subject }` or `{ id, title }`. */
const toFound = (kind: RecordKind, r: { id: string; title: string }) =>
  kind.type === 'T' ? { id: Number(r.id), subject: r.title } : { id: Number(r.id), title: r.title };

async function relatedData(ctx: AppContext, viewer: Viewer, id: number) {
  const rows = await sql.relatedList(ctx.db, viewer, id);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export function relationsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, relatedShape, MATCH_SHAPES.T, MATCH_SHAPES.C);

  for (const kind of KINDS) {
    const tags = [kind.path];
    const field = kind.titleField;
    const found = ref(MATCH_SHAPES[kind.type]);
    const searchPath = kind.type === 'T' ? 'by-subject' : 'by-title';
    const byIdPath = kind.type === 'T' ? 'subject-by-id' : 'title-by-id';

    app.post(
      `/search/${kind.path}/${searchPath}`,
      {
        schema: {
          tags,
          summary: `Up to 10 ${kind.path} records to relate, by ${field} (readable, not drafts)`,
          security: authenticated,
          body: {
            type: 'object',
            required: ['text'],
            properties: {
              text: {
                type: 'string',
                maxLength: 200,
                [M]: {
                  maxLength: 'Text must be at most 200 characters.',
                  default: 'Type some text to search for.',
                },
              },
              exclude_id: recordId('Invalid id.'),
            },
          },
          response: { 200: ok({ type: 'array', items: found }), ...errors(400, 401) },
        },
      },
      async (request) => {
        const text = request.body.text.trim();
        if (!text) return success([]);
        const rows = await sql.searchByTitle(
          ctx.db,
          currentUser(request),
          kind.type,
          text,
          request.body.exclude_id,
        );
        return success(rows.map((r) => toFound(kind, r)));
      },
    );

    app.get(
      `/search/${kind.path}/${byIdPath}/:id`,
      {
        schema: {
          tags,
          summary: `One record's ${field} (404 when the caller may not read it)`,
          security: authenticated,
          params: idParams,
          response: { 200: ok(found), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const row = await sql.titleById(ctx.db, currentUser(request), kind.type, request.params.id);
        if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
        return success(toFound(kind, row));
      },
    );

    const url = `/${kind.path}/:id/related/`;

    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The related records the caller may read',
          security: authenticated,
          params: idParams,
          response: { 200: ok(relatedSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireReadable(ctx.db, user, kind.type, request.params.id, {
          readers: true, // part of reading a searchable article
        });
        return success(await relatedData(ctx, user, r.id));
      },
    );

    app.post(
      url,
      {
        schema: {
          tags,
          summary:
            'Relate or link (parent/child, duplicate) another record the caller may read (owner or agent)',
          security: authenticated,
          params: idParams,
          body: {
            type: 'object',
            required: ['related_id'],
            properties: {
              related_id: recordId(RELATED_ID_MESSAGE),
              link: {
                type: 'string',
                enum: sql.LINKS,
                description:
                  'The link seen from this record (default: related, and an existing link stays as it is)',
                [M]: LINK_MESSAGE,
              },
            },
          },
          response: { 200: ok(relatedSchema), ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const otherId = request.body.related_id;
        if (otherId === r.id) {
          throw new HttpError(400, 'Validation failed', { related_id: SELF_RELATION_MESSAGE });
        }
        const other = await sql.readableRecord(ctx.db, user, otherId);
        if (!other) throw new HttpError(404, NOT_FOUND_MESSAGE);
        const link = request.body.link;
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          if (link === 'parent_of' || link === 'child_of') {
            const [parent, child] = link === 'parent_of' ? [r.id, otherId] : [otherId, r.id];
            // Taken for the whole table's parent links: two loops closed at once cannot pass.
            await tx.query('LOCK TABLE record_relations IN SHARE ROW EXCLUSIVE MODE');
            if (await sql.wouldLoop(tx, parent, child)) throw new HttpError(409, LOOP_MESSAGE);
          }
          if (!(await sql.relate(tx, r.id, otherId, user.id, link))) return;
          const action = 'related';
          // A plain relation's events are as they always were: the title only.
          const typed = link !== undefined && link !== 'related';
          await recordEvent(tx, {
            recordId: r.id,
            actorId: user.id,
            action,
            details: typed ? { title: other.title, link } : { title: other.title },
          });
          await recordEvent(tx, {
            recordId: otherId,
            actorId: user.id,
            action,
            details: typed ? { title: r.title, link: sql.INVERSE[link] } : { title: r.title },
          });
        });
        return success(await relatedData(ctx, user, r.id));
      },
    );

    app.delete(
      `/${kind.path}/:id/related/:related_id`,
      {
        schema: {
          tags,
          summary: 'Remove a relation (owner or agent)',
          security: authenticated,
          params: {
            type: 'object',
            required: ['id', 'related_id'],
            properties: {
              ...idParams.properties,
              related_id: recordId(RELATED_ID_MESSAGE),
            },
          },
          response: { 200: ok(relatedSchema), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const otherId = request.params.related_id;
        const other = await sql.readableRecord(ctx.db, user, otherId);
        if (!other) throw new HttpError(404, NOT_FOUND_MESSAGE);
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          if (!(await sql.unrelate(tx, r.id, otherId))) return;
          const action = 'unrelated';
          await recordEvent(tx, {
            recordId: r.id,
            actorId: user.id,
            action,
            details: { title: other.title },
          });
          await recordEvent(tx, {
            recordId: otherId,
            actorId: user.id,
            action,
            details: { title: r.title },
          });
        });
        return success(await relatedData(ctx, user, r.id));
      },
    );
  }
}
