// A record's history (docs/api-working.md "History"): the timeline of its events, newest first.
// Events are written by the change itself, in its transaction (routes/records/history.ts).
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { authenticated, errors, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { KINDS, recordIdParams, requireReadable } from '../records/access.js';
import { HISTORY_ACTIONS } from '../records/history.js';
import * as sql from './sql.js';

const nullableStr = { type: ['string', 'null'] } as const;

/** What each action records (routes/*: recordEvent); an action's own keys, nothing else. */
const detailsSchema = {
  type: 'object',
  properties: {
    fields: { type: 'array', items: { type: 'string' } },
    from: nullableStr,
    to: nullableStr,
    template: { type: 'string', description: 'The template a trigger mailed (action mailed)' },
    title: { type: 'string' },
    copy_id: { type: 'integer' },
    source_id: { type: 'integer' },
    target_id: { type: 'integer' },
    new_id: { type: 'integer' },
    count: { type: 'integer' },
    link: {
      type: 'string',
      enum: ['related', 'parent_of', 'child_of', 'duplicate_of', 'has_duplicate'],
    },
    searchable: { type: 'boolean' },
    is_public: { type: 'boolean' },
    file_name: { type: 'string' },
    action: { type: 'string' },
    time_spent_minutes: { type: ['integer', 'null'] },
    names: { type: 'array', items: { type: 'string' } },
    changes: {
      type: 'object',
      description: "updated: each changed field's value before and after, by name",
      additionalProperties: {
        type: 'object',
        required: ['from', 'to'],
        properties: { from: nullableStr, to: nullableStr },
      },
    },
    channel: { type: 'string', enum: ['web', 'mail'] },
    sender_verified: { type: 'boolean' },
    target: { type: 'string', enum: ['first_response', 'next_response', 'resolution'] },
    due_at: { type: 'string', format: 'date-time' },
    automatic: {
      type: 'string',
      enum: ['desk_rule', 'away'],
      description:
        "assigned by no person: the desk's rule as the ticket entered it, or its assignee was away too long",
    },
    rule: {
      type: 'object',
      description:
        'The trigger that made this change (the event has no actor; agents only, docs/rules.md)',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        kind: {
          type: 'string',
          enum: ['automation'],
          description: 'A time-based rule made it (absent: a trigger)',
        },
      },
    },
    rule_chain: {
      type: 'object',
      description: 'The trigger chain this change belongs to (loop protection; agents only)',
      required: ['depth', 'triggers'],
      properties: {
        depth: { type: 'integer' },
        triggers: { type: 'array', items: { type: 'integer' } },
      },
    },
  },
  // A key a newer change records is passed on, not dropped.
  additionalProperties: true,
} as const;

export type EventDetails = FromSchema<typeof detailsSchema>;

export const eventSchema = {
  $id: 'HistoryEvent',
  type: 'object',
  required: ['id', 'action', 'actor_id', 'actor_name', 'details', 'created_at'],
  properties: {
    id: { type: 'integer' },
    action: { type: 'string', enum: HISTORY_ACTIONS },
    actor_id: { type: ['integer', 'null'] },
    actor_name: nullableStr,
    details: detailsSchema,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;
const eventsSchema = { type: 'array', items: ref(eventSchema) } as const;

export function historyRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, eventSchema);
  for (const kind of KINDS) {
    app.get(
      `/${kind.path}/:id/history/`,
      {
        schema: {
          tags: [kind.path],
          summary: "The record's history, newest first (internal events for agents only)",
          security: authenticated,
          params: recordIdParams,
          response: { 200: ok(eventsSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireReadable(ctx.db, user, kind.type, request.params.id);
        const rows = await sql.events(ctx.db, r.id, user.user_is_hde);
        return success(
          rows.map((e) => ({
            ...e,
            id: Number(e.id),
            actor_id: e.actor_id === null ? null : Number(e.actor_id),
            created_at: e.created_at.toISOString(),
          })),
        );
      },
    );
  }
}
