// The record view in one call (docs/api-records.md "Details"): the record, the newest page of
// its timeline, its files, classification, related records, shared-with list, follow state and
// what the caller may do. A fixed number of statements whatever the thread length: one to find
// the record as the caller may see it, then the parts at once (read.ts). Older timeline pages:
// `before`.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { M, authenticated, errors, idParams, ok, ref, success } from '../../lib/schemas.js';
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser, type AuthUser } from '../../plugins/auth.js';
import { toApi as attachmentToApi } from '../attachments/routes.js';
import { KINDS } from '../records/access.js';
import { eventSchema } from '../history/routes.js';
import {
  recordSchema,
  toApi,
  RECORD_SHAPES,
  type RecordKind,
  type RecordRow,
} from '../records/kinds.js';
import { relatedShape } from '../relations/routes.js';
import { personSchema } from '../sharing/routes.js';
import { nodeShape } from '../taxonomy/routes.js';
import { mergedFrom, messageSchema, sendAsOptionSchema, sendAsOptions } from '../threads/routes.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { mergedTarget } from '../merge/sql.js';
import { readDetails } from './read.js';
import * as sql from './sql.js';

const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;

const timelineEntry = {
  $id: 'TimelineEntry',
  type: 'object',
  required: ['type', 'cursor', 'created_at', 'message', 'event'],
  properties: {
    type: { type: 'string', enum: ['message', 'event'] },
    cursor: { type: 'string', description: 'Pass as `before` for the entries older than this' },
    created_at: { type: 'string', format: 'date-time' },
    message: {
      description: 'A message (`thread: worklog` is internal, agents only); null for an event',
      anyOf: [{ $ref: 'ThreadMessage#' }, { type: 'null' }],
    },
    event: {
      description: 'A history event; null for a message',
      anyOf: [{ $ref: 'HistoryEvent#' }, { type: 'null' }],
    },
  },
} as const;

const timelinePage = {
  $id: 'TimelinePage',
  type: 'object',
  required: ['entries', 'next_cursor'],
  properties: {
    entries: { type: 'array', items: { $ref: 'TimelineEntry#' } },
    next_cursor: {
      type: ['string', 'null'],
      description: 'The `before` of the next (older) page; null when this is the oldest',
    },
  },
} as const;

const detailAttachment = {
  $id: 'DetailAttachment',
  type: 'object',
  required: [
    'id',
    'file_name',
    'content_type',
    'size',
    'is_image',
    'uploaded_by_id',
    'uploaded_by_name',
    'created_at',
    'message_id',
  ],
  properties: {
    id: int,
    file_name: { type: 'string' },
    content_type: { type: 'string' },
    size: int,
    is_image: bool,
    uploaded_by_id: nullableInt,
    uploaded_by_name: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    message_id: { ...nullableInt, description: 'The message the file came with, where known' },
  },
} as const;

const PERMISSIONS = [
  'edit',
  'change_status',
  'reply',
  'note',
  'forward',
  'worklog',
  'assign',
  'move',
  'duplicate',
  'delete',
  'share',
  'classify',
  'relate',
  'follow',
  'attach',
] as const;
type Permission = (typeof PERMISSIONS)[number];

const permissions = {
  $id: 'RecordPermissions',
  type: 'object',
  required: [...PERMISSIONS],
  properties: Object.fromEntries(PERMISSIONS.map((p) => [p, bool])),
} as const;

const sendAs = {
  type: 'array',
  description: 'Who a message can go out as (as GET communication-from/)',
  items: ref(sendAsOptionSchema),
} as const;

function detailsSchema(kind: RecordKind) {
  return {
    type: 'object',
    required: [
      'record',
      'timeline',
      'attachments',
      'classification',
      'related',
      'shared_with',
      'following',
      'permissions',
      'send_as',
    ],
    properties: {
      record: recordSchema(kind, true),
      timeline: { $ref: 'TimelinePage#' },
      attachments: { type: 'array', items: { $ref: 'DetailAttachment#' } },
      classification: { type: 'array', items: { $ref: 'TaxonomyNode#' } },
      related: { type: 'array', items: { $ref: 'RelatedRecord#' } },
      shared_with: { type: 'array', items: { $ref: 'Person#' } },
      following: bool,
      permissions: { $ref: 'RecordPermissions#' },
      send_as: sendAs,
      merged_into: {
        type: 'object',
        required: ['id'],
        properties: { id: int },
        description:
          'Only on a ticket merged into another: the ticket it went into (the end of the chain). The SPA opens that one instead',
      },
    },
  } as const;
}

const query = {
  type: 'object',
  properties: {
    before: {
      type: 'string',
      maxLength: 64,
      pattern: sql.CURSOR_PATTERN,
      [M]: 'Invalid cursor.',
    },
  },
} as const;

/** What the caller may do (docs/api-working.md "Who may do what"), for the SPA to offer. */
function permissionsOf(user: AuthUser, row: RecordRow): Record<Permission, boolean> {
  // An agent's powers are the same on the records they raised themselves (access: owner).
  const agent = user.user_is_hde;
  const owner = row.access === 'owner';
  const takePart = row.access !== 'reader';
  const change = owner || agent;
  return {
    edit: change,
    // The owner of a ticket closes or reopens it; other status changes are the agents'.
    change_status: user.user_is_hde || (owner && row.object_type === 'T'),
    reply: takePart,
    note: agent,
    forward: agent,
    worklog: agent,
    assign: agent,
    move: agent,
    duplicate: agent,
    delete: agent || (owner && row.is_draft),
    share: change,
    classify: change,
    relate: change,
    follow: true,
    attach: takePart,
  };
}

function toEntry(row: sql.TimelineRow) {
  const at = row.entry_at.toISOString();
  if (row.entry_type === 'event') {
    return {
      type: 'event' as const,
      cursor: row.cursor,
      created_at: at,
      message: null,
      event: {
        id: Number(row.entry_id),
        action: row.event_action,
        actor_id: row.event_actor_id === null ? null : Number(row.event_actor_id),
        actor_name: row.event_actor_name,
        details: row.event_details,
        created_at: at,
      },
    };
  }
  return {
    type: 'message' as const,
    cursor: row.cursor,
    created_at: at,
    event: null,
    message: {
      ...mergedFrom(row.merged_from_id),
      id: Number(row.entry_id),
      thread: row.thread,
      author_id: row.author_id === null ? null : Number(row.author_id),
      author_name: row.author_name,
      sent_as: row.sent_as,
      sent_as_name: row.sent_as_name,
      action: row.action,
      body: row.body,
      forward_to: row.forward_to,
      time_spent_minutes: row.time_spent_minutes,
      channel: row.channel,
      quoted_body: row.quoted_body,
      from_email: row.from_email,
      sender_verified: row.sender_verified,
      created_at: at,
    },
  };
}

/** The newest TIMELINE_PAGE entries of the rows read (one more says whether there are older). */
function timeline(rows: sql.TimelineRow[]) {
  const page = rows.slice(0, sql.TIMELINE_PAGE);
  return {
    entries: page.map(toEntry),
    next_cursor: rows.length > sql.TIMELINE_PAGE ? page[page.length - 1].cursor : null,
  };
}

const ownShapes = [timelineEntry, timelinePage, detailAttachment, permissions] as const;

/** The shapes the answer `$ref`s that other features register. */
const registeredElsewhere = [
  ...RECORD_SHAPES,
  messageSchema,
  sendAsOptionSchema,
  eventSchema,
  relatedShape,
  nodeShape,
  personSchema,
] as const;

export function detailsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesReferring(server, registeredElsewhere, ...ownShapes);
  for (const kind of KINDS) {
    const label = kind.type === 'T' ? 'ticket' : 'content item';
    app.get(
      `/${kind.path}/:id/details/`,
      {
        // Read-only: the session check may come from the session cache.
        config: { session: 'read' },
        schema: {
          tags: [kind.path],
          summary: `Everything the view of a ${label} shows, in one call (older timeline pages with \`before\`)`,
          security: authenticated,
          params: idParams,
          querystring: query,
          response: { 200: ok(detailsSchema(kind)), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const before = request.query.before ? sql.parseCursor(request.query.before) : undefined;
        const read = await readDetails(ctx.db, user, kind.type, request.params.id, before);
        if (!read) throw new HttpError(404, NOT_FOUND_MESSAGE);
        const { row, takePart, files, nodes, related, shares } = read;
        const page = read.timeline ? timeline(read.timeline) : { entries: [], next_cursor: null };
        // A merged ticket answers with where it went (rare: one more statement only then).
        const mergedInto = row.merged_into_id
          ? { merged_into: { id: await mergedTarget(ctx.db, Number(row.merged_into_id)) } }
          : {};
        return success({
          ...mergedInto,
          record: toApi(row, ctx.clock.now()),
          timeline: page,
          attachments: files.map((a) => ({
            ...attachmentToApi(a),
            message_id: a.message_id === null ? null : Number(a.message_id),
          })),
          classification: nodes,
          related: related.map((r) => ({ ...r, id: Number(r.id) })),
          shared_with: shares.map((s) => ({ id: Number(s.id), fullname: s.fullname })),
          following: row.following,
          permissions: permissionsOf(user, row),
          send_as: takePart ? sendAsOptions(user, row.hd_name) : [],
        });
      },
    );
  }
}
