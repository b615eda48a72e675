// Merging tickets into one and splitting messages out into a new ticket (docs/api-working.md
// "Merge and split"). Agents only. Each is one transaction: the moves, the sources' closing, the
// history of every ticket involved and the service levels commit together or not at all; live
// events follow from the rows changed (migration 013's triggers).
import { assignOnEntry } from '../../assignment/assign-next.js';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { oneLine } from '../../lib/one-line.js';
import { M, authenticated, errors, idParams, ok, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor, type AuthUser } from '../../plugins/auth.js';
import { recomputeSla } from '../../sla/recompute.js';
import { recordEvent } from '../records/history.js';
import { AGENTS_ONLY, requireAccess } from '../records/record-access.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { relate } from '../relations/sql.js';
import * as sql from './sql.js';

export const MERGE_TEXTS = {
  sources: 'Choose 1 to 50 tickets to merge.',
  self: 'A ticket cannot be merged into itself.',
  targetMerged: 'This ticket was merged into another one: merge into that ticket instead.',
  sourceMerged: 'One of these tickets was merged already.',
  content: 'Only tickets can be merged: content items cannot.',
  draft: 'Drafts cannot be merged.',
  requesters:
    'These tickets have different requesters. Confirm to merge them: the other requesters will follow the target.',
  confirm: 'Confirm must be true or false.',
} as const;

export const SPLIT_TEXTS = {
  message: "Choose a message of this ticket's conversation.",
  following: 'With following must be true or false.',
  requester: 'Choose a requester.',
  subject: 'Subject must be 1 to 200 characters.',
  merged: 'This ticket was merged into another one: split from that ticket instead.',
} as const;

const id = (message: string) =>
  ({ type: 'integer', minimum: 1, maximum: 9007199254740991, [M]: message }) as const;

const mergeBody = {
  type: 'object',
  required: ['source_ids'],
  properties: {
    source_ids: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: id(MERGE_TEXTS.sources),
      description: 'The tickets merged into this one (the target)',
      [M]: MERGE_TEXTS.sources,
    },
    confirm_requesters: {
      type: 'boolean',
      description: 'Needed when a source has another requester than the target (409 without it)',
      [M]: MERGE_TEXTS.confirm,
    },
  },
} as const;

const mergeResult = {
  type: 'object',
  required: ['id', 'merged_ids'],
  properties: {
    id: { type: 'integer', description: 'The target' },
    merged_ids: { type: 'array', items: { type: 'integer' } },
  },
} as const;

const splitBody = {
  type: 'object',
  required: ['message_id'],
  properties: {
    message_id: id(SPLIT_TEXTS.message),
    with_following: {
      type: 'boolean',
      description: 'Take the messages after it too',
      [M]: SPLIT_TEXTS.following,
    },
    requester_id: {
      ...id(SPLIT_TEXTS.requester),
      description: "The new ticket's requester (default: the original's)",
    },
    subject: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      ...oneLine,
      description: 'Default: the original subject',
      [M]: SPLIT_TEXTS.subject,
    },
  },
} as const;

const splitResult = {
  type: 'object',
  required: ['id', 'moved_message_ids'],
  properties: {
    id: { type: 'integer', description: 'The new ticket' },
    moved_message_ids: { type: 'array', items: { type: 'integer' } },
  },
} as const;

/** The checks of a merge, on the locked rows: 404 / 409 as docs/api-working.md says. */
function checkMerge(
  rows: sql.MergeRow[],
  targetId: number,
  sourceIds: number[],
  confirm: boolean,
): { target: sql.MergeRow; sources: sql.MergeRow[] } {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const target = byId.get(targetId);
  if (!target || target.object_type !== 'T') throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (sourceIds.includes(targetId)) throw new HttpError(409, MERGE_TEXTS.self);
  const sources = sourceIds.map((s) => byId.get(s));
  if (sources.some((s) => s === undefined)) throw new HttpError(404, NOT_FOUND_MESSAGE);
  const found = sources as sql.MergeRow[];
  if (found.some((s) => s.object_type !== 'T')) throw new HttpError(409, MERGE_TEXTS.content);
  if (target.is_draft || found.some((s) => s.is_draft)) throw new HttpError(409, MERGE_TEXTS.draft);
  // A merged ticket is a pointer now; merging into or from it could make a loop.
  if (target.merged_into_id !== null) throw new HttpError(409, MERGE_TEXTS.targetMerged);
  if (found.some((s) => s.merged_into_id !== null))
    throw new HttpError(409, MERGE_TEXTS.sourceMerged);
  if (!confirm && found.some((s) => s.owner_id !== target.owner_id)) {
    // The field says which flag answers it: the SPA asks, then sends it.
    throw new HttpError(409, MERGE_TEXTS.requesters, {
      confirm_requesters: MERGE_TEXTS.requesters,
    });
  }
  return { target, sources: found.sort((a, b) => Number(a.id) - Number(b.id)) };
}

async function merge(
  tx: pg.PoolClient,
  ctx: AppContext,
  user: AuthUser,
  target: sql.MergeRow,
  sources: sql.MergeRow[],
): Promise<void> {
  const targetId = Number(target.id);
  await sql.deferSearch(tx, true);
  for (const source of sources) {
    const sourceId = Number(source.id);
    await sql.moveInto(tx, source, targetId, target.owner_id);
    const closed = await sql.closeMerged(tx, sourceId, targetId);
    if (closed !== source.status_name) {
      await recordEvent(tx, {
        recordId: sourceId,
        actorId: user.id,
        action: 'status_changed',
        details: { from: source.status_name, to: closed },
      });
    }
    await recordEvent(tx, {
      recordId: sourceId,
      actorId: user.id,
      action: 'merged_into',
      details: { target_id: targetId, title: target.title },
    });
    await recordEvent(tx, {
      recordId: targetId,
      actorId: user.id,
      action: 'merged',
      details: { source_id: sourceId, title: source.title },
    });
    // A closed ticket's targets stand still (docs/sla.md).
    await recomputeSla(tx, ctx, sourceId);
  }
  await sql.deferSearch(tx, false);
  await sql.rebuildSearch(tx, [targetId, ...sources.map((s) => Number(s.id))]);
  await sql.touch(tx, targetId);
  // The target's thread gained the sources' messages: its response times are read again.
  await recomputeSla(tx, ctx, targetId, { backfill: true });
}

export function mergeRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const tags = ['ticket'];

  app.post(
    '/ticket/:id/merge/',
    {
      schema: {
        tags,
        summary:
          'Merge tickets into this one: their threads, files, followers and shares move here and each is closed as merged (agents only)',
        security: authenticated,
        params: idParams,
        body: mergeBody,
        response: { 200: ok(mergeResult), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const targetId = request.params.id;
      const b = request.body;
      // 404 for a target they may not see, then 403 for a role they lack.
      await requireAccess(ctx.db, user, 'read', targetId);
      if (!user.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
      const sourceIds = b.source_ids;
      await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const rows = await sql.lockVisible(tx, user, [targetId, ...sourceIds]);
        const { target, sources } = checkMerge(
          rows,
          targetId,
          sourceIds,
          b.confirm_requesters === true,
        );
        await merge(tx, ctx, user, target, sources);
      });
      return success({ id: targetId, merged_ids: [...sourceIds].sort((x, y) => x - y) });
    },
  );

  app.post(
    '/ticket/:id/split/',
    {
      schema: {
        tags,
        summary:
          'Split a conversation message (and optionally those after it) out into a new ticket linked to this one (agents only)',
        security: authenticated,
        params: idParams,
        body: splitBody,
        response: { 200: ok(splitResult), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const r = await requireAccess(ctx.db, user, 'agent', request.params.id, 'T');
      const originalId = Number(r.id);
      const result = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const [original] = await sql.lockVisible(tx, user, [originalId]);
        if (!original) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (original.merged_into_id !== null) throw new HttpError(409, SPLIT_TEXTS.merged);
        const messages = await sql.splitMessages(
          tx,
          originalId,
          b.message_id,
          b.with_following === true,
        );
        if (messages.length === 0) {
          throw new HttpError(400, 'Validation failed', { message_id: SPLIT_TEXTS.message });
        }
        const ownerId = b.requester_id ?? Number(original.owner_id);
        if (b.requester_id !== undefined && !(await sql.confirmedUser(tx, b.requester_id))) {
          throw new HttpError(400, 'Validation failed', { requester_id: SPLIT_TEXTS.requester });
        }
        const title = b.subject?.trim() || original.title;
        if (!title) throw new HttpError(400, 'Validation failed', { subject: SPLIT_TEXTS.subject });
        // The new ticket opens with the first message's text; the messages move with their times.
        const newId = await sql.insertSplitTicket(tx, originalId, title, messages[0].body, ownerId);
        await sql.deferSearch(tx, true);
        await sql.moveMessages(tx, originalId, newId, messages);
        await sql.deferSearch(tx, false);
        await sql.rebuildSearch(tx, [originalId, newId]);
        await relate(tx, originalId, newId, user.id);
        const count = messages.length;
        await recordEvent(tx, { recordId: newId, actorId: user.id, action: 'created' });
        await recordEvent(tx, {
          recordId: originalId,
          actorId: user.id,
          action: 'split_out',
          details: { new_id: newId, title, count },
        });
        await recordEvent(tx, {
          recordId: newId,
          actorId: user.id,
          action: 'split_from',
          details: { source_id: originalId, title: original.title, count },
        });
        await sql.touch(tx, originalId);
        await recomputeSla(tx, ctx, newId, { backfill: true });
        await recomputeSla(tx, ctx, originalId);
        // A new ticket in the desk: its rule may give it an agent (docs/assignment.md).
        await assignOnEntry(tx, ctx, newId);
        return { id: newId, moved_message_ids: messages.map((m) => Number(m.id)) };
      });
      return success(result);
    },
  );
}
