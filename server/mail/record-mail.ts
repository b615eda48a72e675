// Mails about a record: ONE function (sendRecordMail) sends through the mailer and writes the
// communication log row; the notifications below build on it. They run after the change has
// committed, in the background: a failed mail is logged and never fails the request.
// A work-log entry never causes a mail (nothing here is called for one).
import type { Config } from '../config.js';
import type { AppContext } from '../lib/context.js';
import { followersToNotify, type Recipient } from '../routes/threads/sql.js';
import { recordMail, type RecordMailEvent, type RecordRef } from './record-templates.js';
import type { Language, MailContent } from './templates.js';

export interface MailLogger {
  error: (obj: object, msg: string) => void;
}

/** The communication log's `kind` of each mail. */
export type RecordMailKind = 'message' | 'status_changed' | 'assigned' | 'forward';

/** Sends one mail about a record and logs it in record_mail_log (after it went out). */
export async function sendRecordMail(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  recordId: number,
  to: string,
  kind: RecordMailKind,
  content: MailContent,
): Promise<void> {
  await ctx.mailer.send(to, content);
  await ctx.db.query(
    `INSERT INTO record_mail_log (record_id, to_email, subject, kind) VALUES ($1, $2, $3, $4)`,
    [recordId, to, content.subject, kind],
  );
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

function toRecipient(
  ctx: AppContext,
  record: RecordRef,
  r: Recipient,
  kind: RecordMailKind,
  event: RecordMailEvent,
): Promise<void> {
  const content = recordMail(r.language, record, event, {
    name: r.fullname,
    link: detailsLink(ctx.config, record, r.user_is_hde),
  });
  return sendRecordMail(ctx, record.id, r.email, kind, content);
}

/** Runs the mails of one change one after another; each failure is logged, none is thrown. */
async function deliver(log: MailLogger, mails: Array<() => Promise<void>>): Promise<void> {
  for (const mail of mails) {
    try {
      await mail();
    } catch (err) {
      log.error({ err }, 'record mail failed');
    }
  }
}

/**
 * Followers (the owner unless they unfollowed, plus everyone who chose to follow; only those who
 * can still read the record), except the one who made the change, hear of a new public message
 * or a status change. Returns when every mail is done (callers do not wait for it).
 */
export async function notifyFollowers(
  ctx: AppContext,
  log: MailLogger,
  record: RecordRef,
  actorId: number,
  event: Extract<RecordMailEvent, { type: 'message' | 'status_changed' }>,
): Promise<void> {
  try {
    const recipients = await followersToNotify(ctx.db, record.id, actorId);
    await deliver(
      log,
      recipients.map((r) => () => toRecipient(ctx, record, r, event.type, event)),
    );
  } catch (err) {
    log.error({ err }, 'record notifications failed');
  }
}

/** A forwarded message, to the address the agent gave (in the agent's language, no link). */
export async function mailForward(
  ctx: AppContext,
  log: MailLogger,
  record: RecordRef,
  to: string,
  lang: Language,
  event: Extract<RecordMailEvent, { type: 'forward' }>,
): Promise<void> {
  await deliver(log, [
    () => sendRecordMail(ctx, record.id, to, 'forward', recordMail(lang, record, event, {})),
  ]);
}

/** The new assignee hears that the record is theirs. */
export async function mailAssignee(
  ctx: AppContext,
  log: MailLogger,
  record: RecordRef,
  assignee: Recipient,
  actor: string,
): Promise<void> {
  await deliver(log, [
    () => toRecipient(ctx, record, assignee, 'assigned', { type: 'assigned', actor }),
  ]);
}
