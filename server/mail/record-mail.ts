// Mails about a record. Each is queued INSIDE the transaction of the change that caused it,
// together with its communication-log row (state `queued`) and its Message-ID, so a change and
// its mails commit (or vanish) together; a worker sends it later (outgoing.ts).
// Threading (docs/mail.md): From is the help desk's address (the nearest desk up the tree that
// has one, else MAIL_FROM's), the subject carries `[#<id>]`, and In-Reply-To/References name
// the record's earlier Message-IDs, inbound ones included. A person's reply goes out under their
// name (or the desk's) with no Auto-Submitted; every notification says `Auto-Submitted:
// auto-generated` so mail robots do not answer it. A work-log entry never causes a mail.
import type { Config } from '../config.js';
import { prepared } from '../db/prepared.js';
import { together, type Queryable } from '../db/transaction.js';
import type { AppContext } from '../lib/context.js';
import type { Recipient } from '../routes/threads/sql.js';
import { queueMail, type MailAddress } from './outgoing.js';
import { recordMail, type RecordMailEvent, type RecordRef } from './record-templates.js';
import { deskOpenToUser } from '../routes/records/visibility.js';
import { newMessageId } from './reply-token.js';
import type { Language, MailContent } from './templates.js';

export type RecordMailContext = Pick<AppContext, 'queue' | 'config' | 'jwtSecret' | 'clock'>;

/** The communication log's `kind` of each mail. */
export type RecordMailKind =
  | 'message'
  | 'status_changed'
  | 'assigned'
  | 'forward'
  // Service-level escalations (server/sla/escalation.ts).
  | 'sla_warning'
  | 'sla_breach'
  // A trigger's mail from a template (server/rules/actions.ts).
  | 'rule'
  // The satisfaction survey after a solve (server/ratings/consumer.ts).
  | 'survey';

/** How many earlier Message-IDs a mail names in References (the first one and the newest). */
const MAX_REFERENCES = 20;

/** What every mail of one change shares: the sending desk and the record's thread so far. */
export interface MailThread {
  hdName: string;
  /** The desk's address (or its nearest parent's); null: MAIL_FROM's. */
  address: string | null;
  /** The record's Message-IDs, oldest first. */
  references: string[];
}

// The record's desk chain (record $1's desk and its parents, `up`) and the three columns a mail
// thread is read from, for loadMailThread and followersAndThread.
const DESK_CHAIN = `up AS (
       SELECT h.id, h.parent_id, h.name, 0 AS depth
         FROM records r JOIN helpdesks h ON h.id = r.hd_id WHERE r.id = $1
       UNION ALL
       SELECT p.id, p.parent_id, p.name, up.depth + 1
         FROM up JOIN helpdesks p ON p.id = up.parent_id)`;
const THREAD_COLUMNS = `(SELECT name FROM up WHERE depth = 0) AS hd_name,
       (SELECT c.address FROM up JOIN mail_channels c ON c.hd_id = up.id
         WHERE c.address IS NOT NULL ORDER BY up.depth LIMIT 1) AS address,
       ARRAY(SELECT message_id FROM mail_message_ids WHERE record_id = $1
              ORDER BY created_at, message_id) AS refs`;

interface ThreadColumns {
  hd_name: string | null;
  address: string | null;
  refs: string[];
}

const threadOf = (row: ThreadColumns | undefined): MailThread => ({
  hdName: row?.hd_name ?? '',
  address: row?.address ?? null,
  references: row?.refs ?? [],
});

export async function loadMailThread(q: Queryable, recordId: number): Promise<MailThread> {
  const { rows } = await q.query<ThreadColumns>(
    prepared(`WITH RECURSIVE ${DESK_CHAIN} SELECT ${THREAD_COLUMNS}`, [recordId]),
  );
  return threadOf(rows[0]);
}

export interface Followers {
  recipients: Recipient[];
  thread: MailThread;
}

/** A mail log row's id from its sequence (taken with the recipients, or by the insert). */
const NEXT_MAIL_LOG_ID = "nextval(pg_get_serial_sequence('record_mail_log', 'id'))";

/**
 * Who hears of a change, with the mail thread they are written in (one round trip): the owner
 * unless they unfollowed, and everyone following it by choice, but only those who can still
 * read the record (owner, agents, shared with them, or anyone for searchable content), and never
 * the person who made the change. Each comes with the id of their mail's log row, so the row
 * and the mail's job can go out together.
 */
export async function followersAndThread(
  q: Queryable,
  recordId: number,
  actorId: number,
): Promise<Followers> {
  const { rows } = await q.query<Recipient & ThreadColumns>(
    prepared(
      `WITH RECURSIVE
          r AS (SELECT id, owner_id, object_type, searchable, is_draft, hd_id FROM records WHERE id = $1),
          ids AS (
            SELECT r.owner_id AS user_id FROM r
             WHERE NOT EXISTS (SELECT 1 FROM record_follows f
                                WHERE f.record_id = r.id AND f.user_id = r.owner_id
                                  AND NOT f.following)
            UNION
            SELECT f.user_id FROM record_follows f WHERE f.record_id = $1 AND f.following),
          ${DESK_CHAIN}
     SELECT u.id, u.email, u.fullname, u.language, u.user_is_hde, ${THREAD_COLUMNS},
            ${NEXT_MAIL_LOG_ID} AS log_id
       FROM ids JOIN users u ON u.id = ids.user_id CROSS JOIN r
      WHERE u.id <> $2 AND u.deactivated_at IS NULL
        AND (u.id = r.owner_id
             OR (u.user_is_hde AND ${deskOpenToUser('u.id', 'r.hd_id')})
             OR (NOT u.user_is_hde
                 AND (EXISTS (SELECT 1 FROM record_shares s WHERE s.record_id = r.id AND s.user_id = u.id)
                      OR (r.object_type = 'C' AND r.searchable AND NOT r.is_draft))))
      ORDER BY u.id`,
      [recordId, actorId],
    ),
  );
  const recipients = rows.map(({ id, email, fullname, language, user_is_hde, log_id }) => ({
    id,
    email,
    fullname,
    language,
    user_is_hde,
    log_id,
  }));
  return { recipients, thread: threadOf(rows[0]) };
}

/** The address part of MAIL_FROM ("Helpdesk <helpdesk@localhost>" -> helpdesk@localhost). */
export function addressOf(from: string): string {
  return (from.match(/<([^>]+)>/)?.[1] ?? from).trim();
}

/** `[#<id>] ` before the subject, which is how a reply without headers finds its record. */
export function subjectWithToken(recordId: number, subject: string): string {
  const token = `[#${recordId}]`;
  return subject.includes(token) ? subject : `${token} ${subject}`;
}

/** Who a mail is from: a person's reply under `replyAs` (their name or the desk's), or the desk. */
export interface RecordMailOptions {
  /** Set for a person's message (reply, note, forward): the name it goes out under. */
  replyAs?: string;
  /** The thread message it carries (record_messages.id). */
  messageRowId?: number;
}

/**
 * Queues one mail about a record in `tx`: its log row (`queued`), its Message-ID and its job.
 * Returns the log row's id. `logId`: one taken from the log's sequence already; the row and
 * the job then go out together. `agentId`: the recipient is that agent, so the Message-ID is
 * signed for them and their mailed reply to it counts as theirs (reply-token.ts).
 */
export async function queueRecordMail(
  tx: Queryable,
  ctx: RecordMailContext,
  thread: MailThread,
  m: {
    recordId: number;
    to: string;
    kind: RecordMailKind;
    content: MailContent;
    opts?: RecordMailOptions;
    logId?: string;
    agentId?: number;
  },
): Promise<string> {
  const address = thread.address ?? addressOf(ctx.config.mailFrom);
  const from: MailAddress = { name: m.opts?.replyAs ?? thread.hdName, address };
  const messageId = newMessageId(
    address,
    m.agentId === undefined
      ? undefined
      : {
          secret: await ctx.jwtSecret(),
          agentId: m.agentId,
          recordId: m.recordId,
          now: ctx.clock.now(),
        },
  );
  const subject = subjectWithToken(m.recordId, m.content.subject);
  const refs = thread.references;
  const references =
    refs.length > MAX_REFERENCES ? [refs[0], ...refs.slice(-(MAX_REFERENCES - 1))] : refs;
  // The log row and the Message-ID (a repeat ignored, as rememberMessageId) in one statement.
  const logRow = tx.query<{ id: string }>(
    prepared(
      `WITH l AS (
         INSERT INTO record_mail_log (id, record_id, to_email, subject, kind, state, message_id)
         OVERRIDING SYSTEM VALUE
         VALUES (coalesce($7::bigint, ${NEXT_MAIL_LOG_ID}),
                 $1, $2, $3, $4, 'queued', $5) RETURNING id),
       m AS (
         INSERT INTO mail_message_ids (message_id, record_id, message_row_id, direction)
         VALUES ($5, $1, $6, 'out') ON CONFLICT (message_id) DO NOTHING)
       SELECT id FROM l`,
      [m.recordId, m.to, subject, m.kind, messageId, m.opts?.messageRowId ?? null, m.logId ?? null],
    ),
  );
  const job = (logId: string) =>
    queueMail(
      ctx.queue,
      {
        logId,
        mail: {
          ...m.content,
          subject,
          from,
          to: m.to,
          messageId,
          ...(references.length
            ? { inReplyTo: references[references.length - 1], references }
            : {}),
          autoSubmitted: m.opts?.replyAs === undefined,
        },
      },
      tx,
    );
  if (m.logId === undefined) {
    const logId = (await logRow).rows[0].id;
    await job(logId);
    return logId;
  }
  await together([logRow, job(m.logId)]);
  return m.logId;
}

/** PUBLIC_URL + the record's details page as the recipient sees it (agents: the help desk's). */
export function detailsLink(config: Config, record: RecordRef, agent: boolean): string {
  const path =
    record.object_type === 'T'
      ? agent
        ? `/hd_ticket/details?hdTicketId=${record.id}`
        : `/ticket/my_ticket/details?ticketId=${record.id}`
      : agent
        ? `/hd_content/details?hdContentId=${record.id}`
        : `/content/my_content/details?contentId=${record.id}`;
  return `${config.publicUrl}${path}`;
}

function queueToRecipient(
  tx: Queryable,
  ctx: RecordMailContext,
  thread: MailThread,
  record: RecordRef,
  r: Recipient,
  event: RecordMailEvent,
  opts?: RecordMailOptions,
): Promise<string> {
  const content = recordMail(r.language, record, event, {
    name: r.fullname,
    link: detailsLink(ctx.config, record, r.user_is_hde),
  });
  return queueRecordMail(tx, ctx, thread, {
    recordId: record.id,
    to: r.email,
    kind: event.type,
    content,
    opts,
    logId: r.log_id,
    agentId: r.user_is_hde ? Number(r.id) : undefined,
  });
}

/**
 * Followers (the owner unless they unfollowed, plus everyone who chose to follow; only those who
 * can still read the record), except the one who made the change, hear of a new public message
 * or a status change. For an agent's message, `opts.replyAs` makes it their reply.
 */
export async function queueFollowerMails(
  tx: Queryable,
  ctx: RecordMailContext,
  record: RecordRef,
  actorId: number | null,
  event: Extract<RecordMailEvent, { type: 'message' | 'status_changed' }>,
  opts?: RecordMailOptions,
  /** followersAndThread's answer, when the caller read it already (with its own write). */
  heard?: Followers,
): Promise<void> {
  const { recipients, thread } = heard ?? (await followersAndThread(tx, record.id, actorId ?? 0));
  // Every recipient's log row and job go out at once: one round trip (their ids came with them).
  await together(recipients.map((r) => queueToRecipient(tx, ctx, thread, record, r, event, opts)));
}

/** A forwarded message, to the address the agent gave (in the agent's language, no link). */
export async function queueForwardMail(
  tx: Queryable,
  ctx: RecordMailContext,
  record: RecordRef,
  to: string,
  lang: Language,
  event: Extract<RecordMailEvent, { type: 'forward' }>,
  opts: RecordMailOptions & { replyAs: string },
): Promise<void> {
  const thread = await loadMailThread(tx, record.id);
  await queueRecordMail(tx, ctx, thread, {
    recordId: record.id,
    to,
    kind: 'forward',
    content: recordMail(lang, record, event, {}),
    opts,
  });
}

/** The new assignee hears that the record is theirs. */
export async function queueAssigneeMail(
  tx: Queryable,
  ctx: RecordMailContext,
  record: RecordRef,
  assignee: Recipient,
  actor: string,
): Promise<void> {
  const thread = await loadMailThread(tx, record.id);
  await queueToRecipient(tx, ctx, thread, record, assignee, { type: 'assigned', actor });
}
