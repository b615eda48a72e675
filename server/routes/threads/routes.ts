// A record's threads: the public communication (owner, shared, agents), the internal work log
// and the communication log (agents only), following, and what a message can be sent as.
// Contract: docs/api-working.md "Threads". A message's mails are queued in its transaction.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { together, withUserTransaction, type Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hasText, sanitizeBody } from '../../lib/sanitize.js';
import {
  M,
  authenticated,
  emailField,
  errors,
  idParams,
  ok,
  ref,
  success,
} from '../../lib/schemas.js';
import { routesWith, type TypedApp } from '../../lib/typed-routes.js';
import {
  followersAndThread,
  queueFollowerMails,
  queueForwardMail,
} from '../../mail/record-mail.js';
import { currentUser, requestActor, type AuthUser } from '../../plugins/auth.js';
import { CONTENT, TICKET, type RecordKind } from '../records/kinds.js';
import { requireAccess, type AccessRow } from '../records/record-access.js';
import { messageEvent, readSlaRow, recomputeSla } from '../../sla/recompute.js';
import * as sql from './sql.js';

export const MESSAGE_REQUIRED = 'Message is required.';
export const REPLY_ONLY = 'Only helpdesk agents can send notes, forward or send as someone else.';
export const FORWARD_TO_REQUIRED = 'Email must be a valid email address.';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableStr = { type: ['string', 'null'] } as const;

export const messageSchema = {
  $id: 'ThreadMessage',
  type: 'object',
  required: [
    'id',
    'thread',
    'author_id',
    'author_name',
    'sent_as',
    'sent_as_name',
    'action',
    'body',
    'forward_to',
    'time_spent_minutes',
    'channel',
    'quoted_body',
    'from_email',
    'sender_verified',
    'created_at',
  ],
  properties: {
    id: int,
    thread: { type: 'string', enum: ['communication', 'worklog'] },
    author_id: nullableInt,
    author_name: nullableStr,
    sent_as: { type: 'string', enum: sql.SENT_AS },
    sent_as_name: nullableStr,
    action: { type: 'string', enum: ['reply', 'note', 'forward', 'entry'] },
    body: str,
    forward_to: nullableStr,
    time_spent_minutes: nullableInt,
    channel: {
      type: 'string',
      enum: ['web', 'mail'],
      description: 'mail: the message came in by mail (from `from_email`)',
    },
    quoted_body: {
      ...nullableStr,
      description: 'The quoted history of an inbound mail (sanitised HTML), shown collapsed',
    },
    from_email: { ...nullableStr, description: 'The sender of an inbound mail' },
    sender_verified: {
      type: 'boolean',
      description:
        'false: a mailed message whose sender could not be proven (it claims an agent without ' +
        "answering that agent's notification, or the trusted relay's DMARC check failed); kept " +
        'as a work-log entry, never mailed',
    },
    merged_from_id: {
      type: 'integer',
      description:
        'Only on a message a merge moved here: the ticket it came from ("merged from #N")',
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const sendAsOptionSchema = {
  $id: 'SendAsOption',
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: 'string', enum: sql.SENT_AS }, label: str },
} as const;

const actionOptionSchema = {
  $id: 'ActionOption',
  type: 'object',
  required: ['value', 'label'],
  properties: { value: { type: 'string', enum: sql.MESSAGE_ACTIONS }, label: str },
} as const;

const followSchema = {
  $id: 'FollowState',
  type: 'object',
  required: ['following'],
  properties: { following: { type: 'boolean' } },
} as const;

const messageBody = {
  type: 'string',
  maxLength: 100_000,
  [M]: { maxLength: 'Message must be at most 100,000 characters.', default: MESSAGE_REQUIRED },
} as const;

/** `merged_from_id` only on a message a merge moved (absent, not null, on the rest). */
export function mergedFrom(id: string | null): { merged_from_id?: number } {
  return id === null ? {} : { merged_from_id: Number(id) };
}

function toMessage(row: sql.MessageRow) {
  const { merged_from_id, ...rest } = row;
  return {
    ...rest,
    ...mergedFrom(merged_from_id),
    id: Number(row.id),
    author_id: row.author_id === null ? null : Number(row.author_id),
    created_at: row.created_at.toISOString(),
  };
}

/** Sanitised, with visible text, or 400 on `body`. */
function messageText(raw: string): string {
  const body = sanitizeBody(raw);
  if (!hasText(body)) throw new HttpError(400, 'Validation failed', { body: MESSAGE_REQUIRED });
  return body;
}

const recordRef = (r: AccessRow) => ({
  id: Number(r.id),
  object_type: r.object_type,
  title: r.title,
});

const shapes = [messageSchema, sendAsOptionSchema, actionOptionSchema, followSchema] as const;

function kindRoutes(app: TypedApp<typeof shapes>, ctx: AppContext, kind: RecordKind): void {
  const tags = ['threads'];
  const base = `/${kind.path}/:id`;

  app.get(
    `${base}/communication/`,
    {
      // Read-only: its session check may come from the session cache.
      config: { session: 'read' },
      schema: {
        tags,
        summary: `The public thread of a ${kind.path}, oldest first`,
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'array', items: ref(messageSchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const r = await requireAccess(
        ctx.db,
        currentUser(request),
        'take_part',
        request.params.id,
        kind.type,
      );
      const rows = await sql.listMessages(ctx.db, Number(r.id), 'communication');
      return success(rows.map(toMessage));
    },
  );

  app.post(
    `${base}/communication/`,
    {
      // A hot write: its session may come from the session cache, its transaction confirms it.
      config: { session: 'write' },
      schema: {
        tags,
        summary: `Add a message to the public thread of a ${kind.path} (insert communication)`,
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['body'],
          properties: {
            body: messageBody,
            action: {
              type: 'string',
              enum: sql.MESSAGE_ACTIONS,
              [M]: 'Choose an action.',
            },
            sent_as: {
              type: 'string',
              enum: sql.SENT_AS,
              [M]: 'Choose who the message is sent as.',
            },
            forward_to: emailField,
          },
        },
        response: { 200: ok(ref(messageSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const action = b.action ?? 'reply';
      const sentAs = b.sent_as ?? (user.user_is_hde ? 'agent' : 'self');
      if (!user.user_is_hde && (action !== 'reply' || sentAs !== 'self')) {
        throw new HttpError(403, REPLY_ONLY);
      }
      const body = messageText(b.body);
      if (action === 'forward' && !b.forward_to) {
        throw new HttpError(400, 'Validation failed', { forward_to: FORWARD_TO_REQUIRED });
      }
      const forwardTo = action === 'forward' ? (b.forward_to ?? null) : null;
      // The access check goes out with BEGIN; who hears of the message and the ticket's service
      // levels are read with the message (the pool's clients pipeline what is sent together).
      const row = await withUserTransaction(
        ctx.db,
        requestActor(request),
        async (tx, r) => {
          // An agent's reply meets the response targets; the requester's restarts the wait.
          const event = messageEvent(user, Number(r.owner_id), action);
          const sla = kind.type === 'T' && event !== undefined;
          const [message, heard, slaRow] = await together([
            sql.insertMessage(tx, {
              recordId: Number(r.id),
              thread: 'communication',
              authorId: user.id,
              sentAs,
              action,
              body,
              forwardTo,
              timeSpentMinutes: null,
              event: { action: 'message_added', details: { action } },
            }),
            forwardTo ? undefined : followersAndThread(tx, Number(r.id), user.id),
            sla ? readSlaRow(tx, Number(r.id)) : undefined,
          ]);
          const author = message.sent_as_name ?? user.fullname;
          const messageRowId = Number(message.id);
          // The mails and the service levels are written side by side (one round trip).
          await together([
            forwardTo
              ? queueForwardMail(
                  tx,
                  ctx,
                  recordRef(r),
                  forwardTo,
                  user.language,
                  { type: 'forward', author, body },
                  { replyAs: author, messageRowId },
                )
              : // An agent's message is their reply (From: their name or the desk's); anyone
                // else's reaches the followers as a notification from the desk.
                queueFollowerMails(
                  tx,
                  ctx,
                  recordRef(r),
                  user.id,
                  { type: 'message', author, body },
                  user.user_is_hde ? { replyAs: author, messageRowId } : { messageRowId },
                  heard,
                ),
            sla ? recomputeSla(tx, ctx, Number(r.id), { event, row: slaRow }) : undefined,
          ]);
          return message;
        },
        (tx: Queryable) => requireAccess(tx, user, 'take_part', request.params.id, kind.type),
      );
      return success(toMessage(row));
    },
  );

  app.get(
    `${base}/worklog/`,
    {
      schema: {
        tags,
        summary: `The internal work log of a ${kind.path} (helpdesk agents only)`,
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'array', items: ref(messageSchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const r = await requireAccess(
        ctx.db,
        currentUser(request),
        'agent',
        request.params.id,
        kind.type,
      );
      const rows = await sql.listMessages(ctx.db, Number(r.id), 'worklog');
      return success(rows.map(toMessage));
    },
  );

  app.post(
    `${base}/worklog/`,
    {
      // A hot write: its session may come from the session cache, its transaction confirms it.
      config: { session: 'write' },
      schema: {
        tags,
        summary: `Add an internal work-log entry to a ${kind.path} (helpdesk agents only; never mailed)`,
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['body'],
          properties: {
            body: messageBody,
            time_spent_minutes: {
              type: 'integer',
              minimum: 0,
              maximum: 10080,
              [M]: 'Time spent must be 0 to 10,080 minutes.',
            },
          },
        },
        response: { 200: ok(ref(messageSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The access check goes out with BEGIN (a 404, then a 403 for anyone but an agent, before
      // the body's 400).
      const row = await withUserTransaction(
        ctx.db,
        requestActor(request),
        (tx, r) =>
          sql.insertMessage(tx, {
            recordId: Number(r.id),
            thread: 'worklog',
            authorId: user.id,
            sentAs: 'self',
            action: 'entry',
            body: messageText(request.body.body),
            forwardTo: null,
            timeSpentMinutes: request.body.time_spent_minutes ?? null,
            event: {
              action: 'worklog_added',
              details: { time_spent_minutes: request.body.time_spent_minutes ?? null },
              internal: true,
            },
          }),
        (tx: Queryable) => requireAccess(tx, user, 'agent', request.params.id, kind.type),
      );
      return success(toMessage(row));
    },
  );

  app.get(
    `${base}/communication-log/`,
    {
      schema: {
        tags,
        summary: `The mails sent about a ${kind.path}, oldest first (helpdesk agents only)`,
        security: authenticated,
        params: idParams,
        response: {
          200: ok({
            type: 'array',
            items: {
              type: 'object',
              required: [
                'id',
                'to_email',
                'subject',
                'kind',
                'sent_at',
                'state',
                'error',
                'message_id',
                'attempts',
                'updated_at',
              ],
              properties: {
                id: int,
                to_email: str,
                subject: str,
                kind: str,
                sent_at: {
                  type: 'string',
                  format: 'date-time',
                  description: 'When the mail was queued',
                },
                state: {
                  type: 'string',
                  enum: ['queued', 'sent', 'failed', 'bounced'],
                  description: 'failed: every retry failed (`error` says why)',
                },
                error: {
                  ...nullableStr,
                  description: 'The latest SMTP error, or why it bounced',
                },
                message_id: { ...nullableStr, description: 'The Message-ID header it went with' },
                attempts: { ...int, description: 'Delivery attempts so far' },
                updated_at: {
                  type: 'string',
                  format: 'date-time',
                  description: 'When the state last changed',
                },
              },
            },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const r = await requireAccess(
        ctx.db,
        currentUser(request),
        'agent',
        request.params.id,
        kind.type,
      );
      const rows = await sql.listMailLog(ctx.db, Number(r.id));
      return success(
        rows.map((m) => ({
          ...m,
          id: Number(m.id),
          sent_at: m.sent_at.toISOString(),
          updated_at: m.updated_at.toISOString(),
        })),
      );
    },
  );

  app.get(
    `${base}/follow/`,
    {
      schema: {
        tags,
        summary: `Whether the caller follows a ${kind.path}`,
        security: authenticated,
        params: idParams,
        response: { 200: ok(ref(followSchema)), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const r = await requireAccess(
        ctx.db,
        currentUser(request),
        'read',
        request.params.id,
        kind.type,
      );
      return success({ following: r.following });
    },
  );

  app.put(
    `${base}/follow/`,
    {
      schema: {
        tags,
        summary: `Follow or unfollow a ${kind.path} (mails on new messages and status changes)`,
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['following'],
          properties: {
            following: { type: 'boolean', [M]: 'Following must be true or false.' },
          },
        },
        response: { 200: ok(ref(followSchema)), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const r = await requireAccess(ctx.db, user, 'read', request.params.id, kind.type);
      await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.setFollowing(tx, Number(r.id), user.id, request.body.following),
      );
      return success({ following: request.body.following });
    },
  );
}

/** Who the user's messages on a record of desk `hdName` can go out as. */
export function sendAsOptions(
  user: AuthUser,
  hdName: string,
): FromSchema<typeof sendAsOptionSchema>[] {
  return user.user_is_hde
    ? [
        { value: 'agent', label: user.fullname },
        { value: 'helpdesk', label: hdName },
      ]
    : [{ value: 'self', label: user.fullname }];
}

export function threadRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, ...shapes);
  kindRoutes(app, ctx, TICKET);
  kindRoutes(app, ctx, CONTENT);

  app.get(
    '/communication-from/',
    {
      schema: {
        tags: ['threads'],
        summary: 'The identities a message on the record can go out as',
        security: authenticated,
        querystring: {
          type: 'object',
          required: ['record_id'],
          properties: {
            record_id: {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
              [M]: 'Invalid id.',
            },
          },
        },
        response: {
          200: ok({ type: 'array', items: ref(sendAsOptionSchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const r = await requireAccess(ctx.db, user, 'take_part', request.query.record_id);
      return success(sendAsOptions(user, r.hd_name));
    },
  );

  app.get(
    '/communication-actions/',
    {
      schema: {
        tags: ['threads'],
        summary: 'What a message can be: a reply (everyone); a note or a forward (agents)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(actionOptionSchema) }), ...errors(401) },
      },
    },
    async (request) => {
      const reply = { value: 'reply', label: 'Reply' } as const;
      const data: FromSchema<typeof actionOptionSchema>[] = currentUser(request).user_is_hde
        ? [
            reply,
            { value: 'note', label: 'Note to requester' },
            { value: 'forward', label: 'Forward by mail' },
          ]
        : [reply];
      return success(data);
    },
  );
}
