// The shapes that travel: what the database triggers NOTIFY (migrations 013, 019, 020), what
// the presence call NOTIFYs, and what a browser receives (docs/api-live.md). The events a
// browser receives are JSON schemas, so the OpenAPI document names them (the stream's 200
// answer, routes/live/routes.ts) and the SPA takes them from its generated types.
import type { FromSchema } from 'json-schema-to-ts';
import { ref } from '../lib/schemas.js';

export const EVENTS_CHANNEL = 'helpdesk_events';
export const PRESENCE_CHANNEL = 'helpdesk_presence';
/** A desk's restriction changed (migration 036's trigger on helpdesks); no payload. */
export const DESK_ACCESS_CHANNEL = 'helpdesk_desk_access';

const kind = {
  type: 'string',
  enum: ['record', 'message', 'event', 'share', 'follow', 'attachment'],
  description:
    'What changed: a record (its fields), a message (thread), an event (history entry), a share, a follow, an attachment',
} as const;
const op = { type: 'string', enum: ['insert', 'update', 'delete'] } as const;

/** `change`: one row changed (migration 013's live_notify payload, less the owner). */
export const liveChangeSchema = {
  $id: 'LiveChange',
  type: 'object',
  required: [
    'kind',
    'op',
    'record_id',
    'object_type',
    'is_draft',
    'version',
    'actor_id',
    'actor_tab',
    'type',
    'internal',
  ],
  properties: {
    kind,
    op,
    record_id: { type: 'integer' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    is_draft: { type: 'boolean' },
    version: {
      type: ['integer', 'null'],
      description: "The record's version after the change",
    },
    actor_id: {
      type: ['integer', 'null'],
      description: 'Who did it; null for a change made outside a request (a job, mail, psql)',
    },
    actor_tab: {
      type: ['string', 'null'],
      description: "The tab whose request made it (that request's X-Helpdesk-Tab), else null",
    },
    type: {
      type: ['string', 'null'],
      description: 'The message action or the history action; else null',
    },
    internal: {
      type: 'boolean',
      description: 'A work-log message or an internal history entry (agents only)',
    },
  },
} as const;

/** `change` for one statement that changed more rows than are worth sending one by one. */
export const liveManyChangesSchema = {
  $id: 'LiveManyChanges',
  type: 'object',
  description:
    "Many rows changed (agents), or the receiver's sight of an organization's tickets: reload what you show",
  required: ['kind', 'op', 'count'],
  properties: { kind, op, count: { type: 'integer' } },
} as const;

const people = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'fullname'],
    properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
  },
} as const;

/** `presence`: everyone on the record, and those of them typing a reply. */
export const livePresenceSchema = {
  $id: 'LivePresence',
  type: 'object',
  description: 'Everyone on the record now (empty: nobody is left), and those typing a reply',
  required: ['record_id', 'viewing', 'typing'],
  properties: { record_id: { type: 'integer' }, viewing: people, typing: people },
} as const;

const frame = <const Event extends string, const Data>(event: Event, data: Data) =>
  ({
    type: 'object',
    required: ['event', 'data'],
    properties: { event: { type: 'string', enum: [event] }, data },
  }) as const;

/** One event of the stream: its `event:` line and its `data:` line (JSON). */
export const liveEventSchema = {
  $id: 'LiveEvent',
  description: 'One event of the stream: its `event:` line is `event`, its `data:` line `data`',
  oneOf: [
    frame('ready', {
      type: 'object',
      description: 'The stream is open and listening: everything after this is delivered',
      required: ['user_id'],
      properties: { user_id: { type: 'integer' } },
    }),
    frame('change', { oneOf: [ref(liveChangeSchema), ref(liveManyChangesSchema)] }),
    frame('presence', ref(livePresenceSchema)),
    frame('resync', {
      type: 'object',
      description: 'Events may have been missed: reload what you show',
      additionalProperties: false,
    }),
  ],
} as const;

/** The named shapes of the stream, registered by the live routes. */
export const liveShapes = [
  liveChangeSchema,
  liveManyChangesSchema,
  livePresenceSchema,
  liveEventSchema,
] as const;

export type LiveChange = FromSchema<typeof liveChangeSchema>;
export type LiveManyChanges = FromSchema<typeof liveManyChangesSchema>;
export type LivePresence = FromSchema<typeof livePresenceSchema>;
export type LiveEvent = FromSchema<
  typeof liveEventSchema,
  { references: [typeof liveChangeSchema, typeof liveManyChangesSchema, typeof livePresenceSchema] }
>;
/** The data each event name carries. */
export type LiveEventData<Name extends LiveEvent['event']> = Extract<
  LiveEvent,
  { event: Name }
>['data'];

/** What the database NOTIFYs for one row: the event, and the owner who decides who hears it. */
export type RecordChange = LiveChange & { owner_id: number };

export const PRESENCE_STATES = ['viewing', 'typing', 'left'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** What the presence call NOTIFYs to every process. */
export type PresenceNote = {
  record_id: number;
  owner_id: number;
  user_id: number;
  fullname: string;
  state: PresenceState;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A notification's payload, or undefined when it is not one of ours. */
/**
 * A `count` notification. With `user_ids` it is for those users only, whatever their role (an
 * organization's members whose sight of its tickets changed); `user_ids` itself is not sent.
 */
export type ManyChangesNote = LiveManyChanges & { user_ids?: unknown };

export function parseChange(payload: string): RecordChange | ManyChangesNote | undefined {
  try {
    const v: unknown = JSON.parse(payload);
    if (!isObject(v) || typeof v.kind !== 'string' || typeof v.op !== 'string') return undefined;
    if (typeof v.count === 'number') {
      const ids = v.user_ids;
      if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => typeof id === 'number'))) {
        return undefined;
      }
      return v as ManyChangesNote;
    }
    if (typeof v.record_id !== 'number' || typeof v.owner_id !== 'number') return undefined;
    return v as RecordChange;
  } catch {
    return undefined;
  }
}

export function parsePresence(payload: string): PresenceNote | undefined {
  try {
    const v: unknown = JSON.parse(payload);
    if (!isObject(v) || typeof v.record_id !== 'number' || typeof v.user_id !== 'number') {
      return undefined;
    }
    return v as PresenceNote;
  } catch {
    return undefined;
  }
}
