// SQL for a record's threads (the public communication and the internal work log), following
// and the communication log. The record check (record-access.ts) runs first, so these take a
// record the caller may use.
import { prepared } from '../../db/prepared.js';
import type { Queryable } from '../../db/transaction.js';
import type { RecordEvent } from '../records/history.js';

export type Thread = 'communication' | 'worklog';
/** Who a message goes out as: its author, an agent by name, or the record's help desk. */
export const SENT_AS = ['self', 'agent', 'helpdesk'] as const;
export type SentAs = (typeof SENT_AS)[number];

/** What a message is: a public reply, an agent's note to the requester, a forward by mail. */
export const MESSAGE_ACTIONS = ['reply', 'note', 'forward'] as const;
export type Action = 'reply' | 'note' | 'forward' | 'entry';

export interface MessageRow {
  id: string;
  thread: Thread;
  author_id: string | null;
  author_name: string | null;
  sent_as: SentAs;
  sent_as_name: string | null;
  action: Action;
  body: string;
  forward_to: string | null;
  time_spent_minutes: number | null;
  /** 'mail': it came in by mail (from_email sent it; quoted_body is its quoted history). */
  channel: 'web' | 'mail';
  quoted_body: string | null;
  from_email: string | null;
  /** False: a mailed message whose sender could not be proven (an internal note, docs/mail.md). */
  sender_verified: boolean;
  /** The ticket a merge moved it from (routes/merge); null for the rest. */
  merged_from_id: string | null;
  created_at: Date;
}

/** Messages with their names; `sent_as: helpdesk` shows the record's help desk. */
export const MESSAGE_COLUMNS = `m.id, m.thread, m.author_id,
       (SELECT fullname FROM users WHERE id = m.author_id) AS author_name,
       m.sent_as,
       CASE WHEN m.sent_as = 'helpdesk'
            THEN (SELECT h.name FROM records r JOIN helpdesks h ON h.id = r.hd_id
                   WHERE r.id = m.record_id)
            ELSE (SELECT fullname FROM users WHERE id = m.author_id) END AS sent_as_name,
       m.action, m.body, m.forward_to, m.time_spent_minutes,
       m.channel, m.quoted_body, m.from_email, m.sender_verified, m.merged_from_id, m.created_at`;

export async function listMessages(
  q: Queryable,
  recordId: number,
  thread: Thread,
): Promise<MessageRow[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM record_messages m
      WHERE m.record_id = $1 AND m.thread = $2
      ORDER BY m.created_at, m.id`,
    [recordId, thread],
  );
  return rows;
}

export interface NewMessage {
  recordId: number;
  thread: Thread;
  authorId: number;
  sentAs: SentAs;
  action: Action;
  body: string;
  forwardTo: string | null;
  timeSpentMinutes: number | null;
  /** The record's history event for it, written by the same statement (by the author). */
  event: Pick<RecordEvent, 'action' | 'details' | 'internal'>;
}

/** A message and its history event, in one statement (one round trip of the transaction). */
export async function insertMessage(q: Queryable, m: NewMessage): Promise<MessageRow> {
  const { rows } = await q.query<MessageRow>(
    prepared(
      `WITH m AS (
         INSERT INTO record_messages (record_id, thread, author_id, sent_as, action, body,
                                      forward_to, time_spent_minutes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING *),
       e AS (
         INSERT INTO record_events (record_id, actor_id, action, details, internal)
         SELECT m.record_id, m.author_id, $9, $10, $11 FROM m)
       SELECT ${MESSAGE_COLUMNS} FROM m`,
      [
        m.recordId,
        m.thread,
        m.authorId,
        m.sentAs,
        m.action,
        m.body,
        m.forwardTo,
        m.timeSpentMinutes,
        m.event.action,
        JSON.stringify(m.event.details ?? {}),
        m.event.internal ?? false,
      ],
    ),
  );
  return rows[0];
}

export async function setFollowing(
  q: Queryable,
  recordId: number,
  userId: number,
  following: boolean,
): Promise<void> {
  await q.query(
    `INSERT INTO record_follows (record_id, user_id, following) VALUES ($1, $2, $3)
     ON CONFLICT (record_id, user_id) DO UPDATE SET following = EXCLUDED.following`,
    [recordId, userId, following],
  );
}

export interface MailLogRow {
  id: string;
  to_email: string;
  subject: string;
  kind: string;
  /** When it was queued. */
  sent_at: Date;
  state: 'queued' | 'sent' | 'failed' | 'bounced';
  /** The SMTP error of the latest failed attempt, or the bounce's reason. */
  error: string | null;
  message_id: string | null;
  attempts: number;
  updated_at: Date;
}

export async function listMailLog(q: Queryable, recordId: number): Promise<MailLogRow[]> {
  const { rows } = await q.query<MailLogRow>(
    `SELECT id, to_email, subject, kind, sent_at, state, error, message_id, attempts, updated_at
       FROM record_mail_log
      WHERE record_id = $1 ORDER BY sent_at, id`,
    [recordId],
  );
  return rows;
}

export interface Recipient {
  id: string;
  email: string;
  fullname: string;
  language: 'en' | 'es';
  user_is_hde: boolean;
  /** The id of the log row of a mail to them, taken from its sequence (followersAndThread). */
  log_id?: string;
}
