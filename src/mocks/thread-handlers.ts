// A record's threads (docs/api-working.md "Threads"): the public communication, the agents' work
// log and communication log, following, and what a message can go out as, with the server's
// rules and mails (server/routes/threads, server/mail/record-mail.ts).
import type { HdRecord, ObjectType } from '../features/records/types';
import type { ThreadMessage } from '../features/threads/types';
import { sanitizeHtml } from '../lib/sanitize';
import { htmlHasText } from '../lib/text';
import { accessOf, isFollowing, nameOf, refused, requireAccess, titleOf } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import type { MockMessage } from './work-data';

const KINDS: Record<'ticket' | 'content', ObjectType> = { ticket: 'T', content: 'C' };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const REPLY_ONLY = 'Only helpdesk agents can send notes, forward or send as someone else.';

/** A message as the API answers it: its people's and desk's names as they are now. */
export function publicMessage(row: MockMessage): ThreadMessage {
  const { record_id: recordId, ...rest } = row;
  const record = db.records.find((r) => r.id === recordId);
  const author = row.author_id === null ? null : nameOf(row.author_id);
  return {
    ...rest,
    author_name: author,
    sent_as_name: row.sent_as === 'helpdesk' ? (record?.hd_name ?? null) : author,
  };
}

function thread(record: HdRecord, name: 'communication' | 'worklog') {
  return db.work.messages
    .filter((m) => m.record_id === record.id && m.thread === name)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map(publicMessage);
}

type MailKind = 'message' | 'status_changed' | 'assigned' | 'forward' | 'survey';

/** Each mail's subject (server/mail/record-templates.ts, in English). */
function subjectOf(record: HdRecord, kind: MailKind, statusTo?: string) {
  const what = `${record.object_type === 'T' ? 'ticket' : 'content item'} #${record.id}: ${titleOf(record)}`;
  const subject =
    kind === 'message'
      ? `New message on ${what}`
      : kind === 'status_changed'
        ? `Status changed to ${statusTo ?? ''} on ${what}`
        : kind === 'assigned'
          ? `Assigned to you: ${what}`
          : kind === 'survey'
            ? `How did we do? ${titleOf(record)}`
            : `Fwd: ${what}`;
  return `[#${record.id}] ${subject}`;
}

/** A mail about the record, in the communication log (the mock mailer sends it at once). */
export function queueMail(record: HdRecord, to: string, kind: MailKind, statusTo?: string): void {
  const id = db.work.nextId++;
  const now = new Date().toISOString();
  db.work.mails.push({
    id,
    record_id: record.id,
    to_email: to,
    subject: subjectOf(record, kind, statusTo),
    kind,
    sent_at: now,
    state: 'sent',
    error: null,
    message_id: `<record-${record.id}-mail-${id}@helpdesk.example.com>`,
    attempts: 1,
    updated_at: now,
  });
}

/**
 * Its followers hear of a message or a status change: the owner unless they unfollowed, and
 * those who chose to follow, while they may read it; never the one who made the change.
 */
export function mailFollowers(
  record: HdRecord,
  actorId: number,
  kind: 'message' | 'status_changed',
  statusTo?: string,
): void {
  for (const follower of [...db.users].sort((a, b) => a.id - b.id)) {
    const hears =
      follower.id !== actorId && isFollowing(follower, record) && accessOf(follower, record);
    if (hears) queueMail(record, follower.email, kind, statusTo);
  }
}

/** A new web message, stored with its names as they are now (answers read them afresh). */
function newMessage(
  record: HdRecord,
  author: { id: number; fullname: string },
  fields: Pick<
    MockMessage,
    'thread' | 'sent_as' | 'action' | 'body' | 'forward_to' | 'time_spent_minutes'
  >,
): MockMessage {
  const row: MockMessage = {
    ...fields,
    id: db.work.nextId++,
    record_id: record.id,
    author_id: author.id,
    author_name: author.fullname,
    sent_as_name: fields.sent_as === 'helpdesk' ? record.hd_name : author.fullname,
    created_at: new Date().toISOString(),
    channel: 'web',
    quoted_body: null,
    from_email: null,
    sender_verified: true,
  };
  db.work.messages.push(row);
  return row;
}

export function threadHandlers() {
  const perKind = (Object.keys(KINDS) as ('ticket' | 'content')[]).flatMap((kind) => {
    const type = KINDS[kind];
    return [
      http.get(
        `/api/${kind}/{id}/communication/` as const,
        authed((user, { params }) => {
          const record = requireAccess(user, 'take_part', Number(params.id), type);
          return refused(record) ? record : ok(thread(record, 'communication'));
        }),
      ),
      http.post(
        `/api/${kind}/{id}/communication/` as const,
        authed(async (user, { request, params }) => {
          const b = await bodyOf(request);
          const action = (text(b.action) || 'reply') as MockMessage['action'];
          const sentAs = (text(b.sent_as) ||
            (user.user_is_hde ? 'agent' : 'self')) as MockMessage['sent_as'];
          if (!user.user_is_hde && (action !== 'reply' || sentAs !== 'self')) {
            return fail(403, 'Forbidden', REPLY_ONLY);
          }
          const body = sanitizeHtml(text(b.body));
          if (!htmlHasText(body)) {
            return fail(400, 'Bad Request', 'Validation failed', { body: 'Message is required.' });
          }
          if (action === 'forward' && !b.forward_to) {
            return fail(400, 'Bad Request', 'Validation failed', {
              forward_to: 'Email must be a valid email address.',
            });
          }
          const record = requireAccess(user, 'take_part', Number(params.id), type);
          if (refused(record)) return record;
          const forwardTo = action === 'forward' ? text(b.forward_to) : null;
          const row = newMessage(record, user, {
            thread: 'communication',
            sent_as: sentAs,
            action,
            body,
            forward_to: forwardTo,
            time_spent_minutes: null,
          });
          logEvent(record.id, user.id, 'message_added', { action });
          if (forwardTo) queueMail(record, forwardTo, 'forward');
          else mailFollowers(record, user.id, 'message');
          return ok(publicMessage(row));
        }),
      ),
      http.get(
        `/api/${kind}/{id}/worklog/` as const,
        authed((user, { params }) => {
          const record = requireAccess(user, 'agent', Number(params.id), type);
          return refused(record) ? record : ok(thread(record, 'worklog'));
        }),
      ),
      http.post(
        `/api/${kind}/{id}/worklog/` as const,
        authed(async (user, { request, params }) => {
          const record = requireAccess(user, 'agent', Number(params.id), type);
          if (refused(record)) return record;
          const b = await bodyOf(request);
          const body = sanitizeHtml(text(b.body));
          if (!htmlHasText(body)) {
            return fail(400, 'Bad Request', 'Validation failed', { body: 'Message is required.' });
          }
          const minutes = typeof b.time_spent_minutes === 'number' ? b.time_spent_minutes : null;
          // As the server writes a work-log entry; it is never mailed.
          const row = newMessage(record, user, {
            thread: 'worklog',
            sent_as: 'self',
            action: 'entry',
            body,
            forward_to: null,
            time_spent_minutes: minutes,
          });
          logEvent(record.id, user.id, 'worklog_added', { time_spent_minutes: minutes }, true);
          return ok(publicMessage(row));
        }),
      ),
      http.get(
        `/api/${kind}/{id}/communication-log/` as const,
        authed((user, { params }) => {
          const record = requireAccess(user, 'agent', Number(params.id), type);
          if (refused(record)) return record;
          return ok(
            db.work.mails
              .filter((m) => m.record_id === record.id)
              .sort((a, b) => a.sent_at.localeCompare(b.sent_at) || a.id - b.id)
              .map(({ record_id: _record, ...rest }) => rest),
          );
        }),
      ),
      http.get(
        `/api/${kind}/{id}/follow/` as const,
        authed((user, { params }) => {
          const record = requireAccess(user, 'read', Number(params.id), type);
          return refused(record) ? record : ok({ following: isFollowing(user, record) });
        }),
      ),
      http.put(
        `/api/${kind}/{id}/follow/` as const,
        authed(async (user, { request, params }) => {
          const record = requireAccess(user, 'read', Number(params.id), type);
          if (refused(record)) return record;
          const following = (await bodyOf(request)).following === true;
          db.work.follows.set(`${user.id}:${record.id}`, following);
          return ok({ following });
        }),
      ),
    ];
  });

  return [
    http.get(
      '/api/communication-from/',
      authed((user, { request }) => {
        const recordId = Number(new URL(request.url).searchParams.get('record_id'));
        const record = requireAccess(user, 'take_part', recordId);
        if (refused(record)) return record;
        return ok(
          user.user_is_hde
            ? [
                { value: 'agent', label: user.fullname },
                { value: 'helpdesk', label: record.hd_name },
              ]
            : [{ value: 'self', label: user.fullname }],
        );
      }),
    ),
    http.get(
      '/api/communication-actions/',
      authed((user) =>
        ok(
          user.user_is_hde
            ? [
                { value: 'reply', label: 'Reply' },
                { value: 'note', label: 'Note to requester' },
                { value: 'forward', label: 'Forward by mail' },
              ]
            : [{ value: 'reply', label: 'Reply' }],
        ),
      ),
    ),
    ...perKind,
  ];
}
