// The helpdesk agents' actions on a record: move to another help desk, duplicate, assign, make
// content searchable, and the list of agents. Non-agents who can read the record get 403, others
// 404. Each change and its history event commit together. Contract: docs/api-working.md.
// (Deleting a record is DELETE {kind}/{id}/ in records/routes.ts, with deleteRecord() here.)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import {
  M,
  authenticated,
  errorResponse,
  errors,
  idParams,
  ok,
  success,
} from '../../lib/schemas.js';
import { assignOnEntry } from '../../assignment/assign-next.js';
import { queueAssigneeMail } from '../../mail/record-mail.js';
import { currentUser, requestActor, type AuthUser } from '../../plugins/auth.js';
import { recordEvent } from '../records/history.js';
import {
  CONTENT,
  MESSAGES,
  RECORD_SHAPES,
  TICKET,
  recordSchema,
  toApi,
  type ApiRecord,
  type RecordKind,
} from '../records/kinds.js';
import { AGENTS_ONLY, requireAccess, type AccessRow } from '../records/record-access.js';
import { CONFLICT, NOT_FOUND } from '../records/routes.js';
import { getRecord } from '../records/sql.js';
import { recomputeSla } from '../../sla/recompute.js';
import { routesReferring, type TypedApp } from '../../lib/typed-routes.js';
import * as sql from './sql.js';

import { NOT_DESK_MEMBER } from '../records/desk-rules.js';
export const ASSIGNEE_MESSAGE = 'Choose a helpdesk agent.';

const version = {
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  [M]: MESSAGES.version,
} as const;

/** A record of kind K in the API's shape (either kind's for a route serving both). */
type ApiRecordOf<K extends RecordKind> = Extract<ApiRecord, { object_type: K['type'] }>;

const isOfKind = <K extends RecordKind>(kind: K, r: ApiRecord): r is ApiRecordOf<K> =>
  r.object_type === kind.type;

/** The record as the caller now sees it, in the API's shape (404 if it went meanwhile). */
async function current<K extends RecordKind>(
  ctx: AppContext,
  user: AuthUser,
  kind: K,
  id: number,
): Promise<ApiRecordOf<K>> {
  const row = await getRecord(ctx.db, user, kind.type, id);
  const record = row && toApi(row, ctx.clock.now());
  // getRecord reads only kind's rows: the check tells the compiler which shape this is.
  if (!record || !isOfKind(kind, record)) throw new HttpError(404, NOT_FOUND);
  return record;
}

const stale = async (ctx: AppContext, user: AuthUser, kind: RecordKind, id: number) =>
  new HttpError(409, CONFLICT, undefined, undefined, {
    current: await current(ctx, user, kind, id),
  });

/**
 * Runs a change that applies only at `version` (agents only), with its event, in one
 * transaction; 409 with the current record when the version is stale. Answers the new record.
 */
async function changeAtVersion<K extends RecordKind>(
  ctx: AppContext,
  request: FastifyRequest,
  kind: K,
  id: number,
  v: number,
  run: (tx: pg.PoolClient, r: AccessRow) => Promise<boolean>,
) {
  const user = currentUser(request);
  const r = await requireAccess(ctx.db, user, 'agent', id, kind.type);
  if (r.version !== v) throw await stale(ctx, user, kind, id);
  const done = await withUserTransaction(ctx.db, requestActor(request), (tx) => run(tx, r));
  if (!done) throw await stale(ctx, user, kind, id);
  return { record: r, data: await current(ctx, user, kind, id) };
}

/** The app as these routes see it: the record shapes they `$ref` are registered by the records
 * routes (records/routes.ts), so here they are only known, not registered again. */
type App = TypedApp<typeof RECORD_SHAPES>;

function kindRoutes(app: App, ctx: AppContext, kind: RecordKind): void {
  const tags = ['agent actions'];
  const full = recordSchema(kind, true);
  const conflict = { ...errorResponse, properties: { ...errorResponse.properties, current: full } };
  const base = `/${kind.path}/:id`;

  app.post(
    `${base}/move/`,
    {
      schema: {
        tags,
        summary: `Move a ${kind.path} to another help desk of its type (agents only)`,
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['hd_id', 'version'],
          properties: {
            hd_id: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: MESSAGES.hd_id },
            version,
          },
        },
        response: { 200: ok(full), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { hd_id: hdId, version: v } = request.body;
      const { data } = await changeAtVersion(
        ctx,
        request,
        kind,
        request.params.id,
        v,
        async (tx, r) => {
          const to = await sql.helpdeskName(tx, hdId, kind.type);
          if (to === undefined)
            throw new HttpError(400, 'Validation failed', { hd_id: MESSAGES.hd_id });
          if (!(await sql.moveRecord(tx, Number(r.id), v, hdId))) return false;
          if (kind.type === 'T') await recomputeSla(tx, ctx, Number(r.id));
          await recordEvent(tx, {
            recordId: Number(r.id),
            actorId: user.id,
            action: 'moved',
            details: { from: r.hd_name, to },
          });
          // Unassigned, it joins the new desk's queue: the desk's rule may pick an agent.
          if (kind.type === 'T' && hdId !== r.hd_id) await assignOnEntry(tx, ctx, Number(r.id));
          return true;
        },
      );
      return success(data);
    },
  );

  app.post(
    `${base}/duplicate/`,
    {
      schema: {
        tags,
        summary: `Duplicate a ${kind.path}: same fields, owner, classification and shared-with list (agents only)`,
        security: authenticated,
        params: idParams,
        response: { 200: ok(full), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const r = await requireAccess(ctx.db, user, 'agent', request.params.id, kind.type);
      const copyId = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const copy = await sql.duplicateRecord(tx, Number(r.id), kind.initialStatus);
        if (kind.type === 'T') await recomputeSla(tx, ctx, copy);
        await recordEvent(tx, {
          recordId: Number(r.id),
          actorId: user.id,
          action: 'duplicated',
          details: { copy_id: copy },
        });
        await recordEvent(tx, {
          recordId: copy,
          actorId: user.id,
          action: 'duplicated',
          details: { source_id: Number(r.id) },
        });
        // The copy has no assignee: its desk's rule may give it one (docs/assignment.md).
        if (kind.type === 'T') await assignOnEntry(tx, ctx, copy);
        return copy;
      });
      return success(await current(ctx, user, kind, copyId));
    },
  );

  app.put(
    `${base}/assign/`,
    {
      schema: {
        tags,
        summary: `Assign a ${kind.path} to a helpdesk agent, or nobody (agents only)`,
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['assignee_id', 'version'],
          properties: {
            assignee_id: {
              type: ['integer', 'null'],
              minimum: 1,
              maximum: 9007199254740991,
              [M]: ASSIGNEE_MESSAGE,
            },
            version,
          },
        },
        response: { 200: ok(full), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { assignee_id: assigneeId, version: v } = request.body;
      let assignee: sql.Agent | undefined;
      const { data } = await changeAtVersion(
        ctx,
        request,
        kind,
        request.params.id,
        v,
        async (tx, r) => {
          if (assigneeId !== null) {
            assignee = await sql.findAgent(tx, assigneeId);
            if (!assignee) {
              throw new HttpError(400, 'Validation failed', { assignee_id: ASSIGNEE_MESSAGE });
            }
            if (!(await sql.worksOnDeskOf(tx, assigneeId, Number(r.id)))) {
              throw new HttpError(400, 'Validation failed', { assignee_id: NOT_DESK_MEMBER });
            }
          }
          if (!(await sql.assignRecord(tx, Number(r.id), v, assigneeId))) return false;
          await recordEvent(tx, {
            recordId: Number(r.id),
            actorId: user.id,
            action: 'assigned',
            details: { to: assignee?.fullname ?? null },
          });
          // The new assignee hears that the record is theirs (not when they took it themselves).
          if (assignee && Number(assignee.id) !== user.id) {
            const ref = { id: Number(r.id), object_type: r.object_type, title: r.title };
            await queueAssigneeMail(tx, ctx, ref, assignee, user.fullname);
          }
          return true;
        },
      );
      return success(data);
    },
  );
}

export function agentActionRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app: App = routesReferring(server, RECORD_SHAPES);
  kindRoutes(app, ctx, TICKET);
  kindRoutes(app, ctx, CONTENT);

  const full = recordSchema(CONTENT, true);
  const conflict = { ...errorResponse, properties: { ...errorResponse.properties, current: full } };
  app.put(
    '/content/:id/searchable/',
    {
      schema: {
        tags: ['agent actions'],
        summary: 'Let every signed-in user find and read a content item, or stop it (agents only)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['searchable', 'version'],
          properties: {
            searchable: { type: 'boolean', [M]: 'Searchable must be true or false.' },
            version,
          },
        },
        response: { 200: ok(full), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { searchable, version: v } = request.body;
      const { data } = await changeAtVersion(
        ctx,
        request,
        CONTENT,
        request.params.id,
        v,
        async (tx, r) => {
          if (!(await sql.setSearchable(tx, Number(r.id), v, searchable))) return false;
          await recordEvent(tx, {
            recordId: Number(r.id),
            actorId: user.id,
            action: 'searchable_changed',
            details: { searchable },
          });
          return true;
        },
      );
      return success(data);
    },
  );

  app.put(
    '/content/:id/public/',
    {
      schema: {
        tags: ['agent actions'],
        summary:
          'Show a content item in the public help centre while it is published, or take it out (agents only)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['is_public', 'version'],
          properties: {
            is_public: { type: 'boolean', [M]: 'Public must be true or false.' },
            version,
          },
        },
        response: { 200: ok(full), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { is_public: isPublic, version: v } = request.body;
      const { data } = await changeAtVersion(
        ctx,
        request,
        CONTENT,
        request.params.id,
        v,
        async (tx, r) => {
          if (!(await sql.setPublic(tx, Number(r.id), v, isPublic))) return false;
          await recordEvent(tx, {
            recordId: Number(r.id),
            actorId: user.id,
            action: 'public_changed',
            details: { is_public: isPublic },
          });
          return true;
        },
      );
      return success(data);
    },
  );

  app.get(
    '/agents/',
    {
      schema: {
        tags: ['agent actions'],
        summary: 'The people a record can be assigned to (agents only)',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            hd_id: {
              type: 'integer',
              minimum: 1,
              maximum: 2147483647,
              description:
                "The record's desk: leaves out agents for whom it is restricted and who are not its members",
              [M]: 'Invalid id.',
            },
          },
        },
        response: {
          200: ok({
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'fullname'],
              properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
            },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      if (!currentUser(request).user_is_hde) {
        throw new HttpError(403, AGENTS_ONLY);
      }
      const rows = await sql.listAgents(ctx.db, request.query.hd_id);
      return success(rows.map((a) => ({ id: Number(a.id), fullname: a.fullname })));
    },
  );
}
