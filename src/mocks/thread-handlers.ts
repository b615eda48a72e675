import type { HdRecord, ObjectType } from '../features/records/types';
import type { ThreadMessage } from '../features/threads/types';
import { sanitizeHtml } from '../lib/sanitize';
import { htmlHasText } from '../lib/text';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok, type RecordInfo } from './http';
import { findRecord, NOT_FOUND, ownerOf, recordTitle, workAccess } from './work-access';
import type { MockUser } from './work-access';
import type { MockMessage } from './work-data';

const KINDS: Record<'ticket' | 'content', ObjectType> = { ticket: 'T', content: 'C' };
const validEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const AGENTS_ONLY = 'Only helpdesk agents may do this.';

export function publicMessage(row: MockMessage): ThreadMessage {
  const { record_id: _record, ...rest } = row;
  return rest;
}

const followKey = (userId: number, recordId: number) => `${userId}:${recordId}`;

export function isFollowing(user: MockUser, record: HdRecord): boolean {
  return db.work.follows.get(followKey(user.id, record.id)) ?? ownerOf(record) === user.id;
}

function thread(record: HdRecord, name: 'communication' | 'worklog') {
  return db.work.messages
    .filter((m) => m.record_id === record.id && m.thread === name)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map(publicMessage);
}

/** A mail about the record: the mock mailer delivers it at once, with its Message-ID. */
function mail(record: HdRecord, to: string, subject: string, kind: string) {
  const id = db.work.nextId++;
  const now = new Date().toISOString();
  db.work.mails.push({
    id,
    record_id: record.id,
    to_email: to,
    subject,
    kind,
    sent_at: now,
    state: 'sent',
    error: null,
    message_id: `<record-${record.id}-mail-${id}@helpdesk.example.com>`,
    attempts: 1,
    updated_at: now,
  });
}

/** Threads, following and the communication log (docs/api-working.md). */
export function threadHandlers() {
  /** The record a call is about, when the caller may work it; else the 404 to answer. */
  const withRecord = <Info extends RecordInfo, Answer>(
    type: ObjectType,
    handler: (user: MockUser, record: HdRecord, info: Info) => Answer,
  ) =>
    authed((user, info: Info) => {
      const record = findRecord(type, Number(info.params.id));
      if (!record || !workAccess(user, record)) return fail(404, 'Not Found', NOT_FOUND);
      return handler(user, record, info);
    });

  const perKind = (Object.keys(KINDS) as ('ticket' | 'content')[]).flatMap((kind) => {
    const type = KINDS[kind];
    return [
      http.get(
        `/api/${kind}/{id}/communication/` as const,
        withRecord(type, (_user, record) => ok(thread(record, 'communication'))),
      ),
      http.post(
        `/api/${kind}/{id}/communication/` as const,

        withRecord(type, async (user, record, { request }) => {
          const body = await bodyOf(request);
          const action = (text(body.action) || 'reply') as MockMessage['action'];
          const sentAs = (text(body.sent_as) ||
            (user.user_is_hde ? 'agent' : 'self')) as MockMessage['sent_as'];
          const forwardTo = text(body.forward_to).trim();
          if (!user.user_is_hde && (action !== 'reply' || sentAs !== 'self')) {
            return fail(403, 'Forbidden', AGENTS_ONLY);
          }
          const fields: Record<string, string> = {};
          if (!htmlHasText(text(body.body))) fields.body = 'Message is required.';
          if (!['reply', 'note', 'forward'].includes(action)) fields.action = 'Choose an action.';
          if (user.user_is_hde && !['agent', 'helpdesk'].includes(sentAs)) {
            fields.sent_as = 'Choose who the message is sent as.';
          }
          if (action === 'forward' && !validEmail(forwardTo)) {
            fields.forward_to = 'Enter a valid email address.';
          }
          if (Object.keys(fields).length > 0) {
            return fail(400, 'Bad Request', 'Validation failed', fields);
          }
          const row: MockMessage = {
            id: db.work.nextId++,
            record_id: record.id,
            thread: 'communication',
            author_id: user.id,
            author_name: user.fullname,
            sent_as: sentAs,
            sent_as_name: sentAs === 'helpdesk' ? record.hd_name : user.fullname,
            action,
            body: sanitizeHtml(text(body.body)),
            forward_to: action === 'forward' ? forwardTo : null,
            time_spent_minutes: null,
            created_at: new Date().toISOString(),
            channel: 'web',
            quoted_body: null,
            from_email: null,
            sender_verified: true,
          };
          db.work.messages.push(row);
          logEvent(record.id, user.id, 'message_added', { action });
          const subject = `[#${record.id}] ${recordTitle(record)}`;
          if (action === 'forward') mail(record, forwardTo, subject, 'forward');
          for (const follower of db.users) {
            if (follower.id !== user.id && isFollowing(follower, record)) {
              mail(record, follower.email, subject, 'message');
            }
          }
          return ok(publicMessage(row));
        }),
      ),
      http.get(
        `/api/${kind}/{id}/worklog/` as const,

        withRecord(type, (user, record) =>
          user.user_is_hde ? ok(thread(record, 'worklog')) : fail(403, 'Forbidden', AGENTS_ONLY),
        ),
      ),
      http.post(
        `/api/${kind}/{id}/worklog/` as const,

        withRecord(type, async (user, record, { request }) => {
          if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
          const body = await bodyOf(request);
          const minutes = body.time_spent_minutes;
          const fields: Record<string, string> = {};
          if (!htmlHasText(text(body.body))) fields.body = 'Work log entry is required.';
          if (
            minutes !== undefined &&
            minutes !== null &&
            !(Number.isInteger(minutes) && (minutes as number) >= 0 && (minutes as number) <= 10080)
          ) {
            fields.time_spent_minutes = 'Time spent must be 0 to 10080 minutes.';
          }
          if (Object.keys(fields).length > 0) {
            return fail(400, 'Bad Request', 'Validation failed', fields);
          }
          const row: MockMessage = {
            id: db.work.nextId++,
            record_id: record.id,
            thread: 'worklog',
            author_id: user.id,
            author_name: user.fullname,
            // As the server writes a work log entry.
            sent_as: 'self',
            sent_as_name: user.fullname,
            action: 'entry',
            body: sanitizeHtml(text(body.body)),
            forward_to: null,
            time_spent_minutes: typeof minutes === 'number' ? minutes : null,
            created_at: new Date().toISOString(),
            channel: 'web',
            quoted_body: null,
            from_email: null,
            sender_verified: true,
          };
          db.work.messages.push(row);
          logEvent(
            record.id,
            user.id,
            'worklog_added',
            { time_spent_minutes: row.time_spent_minutes },
            true,
          );
          return ok(publicMessage(row));
        }),
      ),
      http.get(
        `/api/${kind}/{id}/communication-log/` as const,

        withRecord(type, (user, record) => {
          if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
          const rows = db.work.mails
            .filter((m) => m.record_id === record.id)
            .map(({ record_id: _record, ...rest }) => rest);
          return ok(rows);
        }),
      ),
      http.get(
        `/api/${kind}/{id}/follow/` as const,
        withRecord(type, (user, record) => ok({ following: isFollowing(user, record) })),
      ),
      http.put(
        `/api/${kind}/{id}/follow/` as const,

        withRecord(type, async (user, record, { request }) => {
          const body = await bodyOf(request);
          if (typeof body.following !== 'boolean') {
            return fail(400, 'Bad Request', 'Validation failed', {
              following: 'following must be true or false.',
            });
          }
          db.work.follows.set(followKey(user.id, record.id), body.following);
          return ok({ following: body.following });
        }),
      ),
    ];
  });

  return [
    http.get(
      '/api/communication-from/',

      authed((user, { request }) => {
        const recordId = Number(new URL(request.url).searchParams.get('record_id'));
        const record = db.records.find((r) => r.id === recordId);
        if (!record || !workAccess(user, record)) return fail(404, 'Not Found', NOT_FOUND);
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
