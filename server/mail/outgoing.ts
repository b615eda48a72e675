// Every outgoing mail is a `mail.send` job: queued (for a record, with its communication-log row,
// in the transaction of the change that caused it), then delivered by a worker with retries and
// exponential backoff. The log row ends `sent`, or `failed` with the SMTP error after the last
// retry. Running a job twice never sends a mail the log already shows as sent.
import type { Db } from '../db/pool.js';
import type { Queryable } from '../db/transaction.js';
import type { JobHandler, JobQueue } from '../jobs/queue.js';
import type { MailTransport } from './mailer.js';
import type { MailContent } from './templates.js';

export interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail extends MailContent {
  from: MailAddress | string;
  to: string;
  /** `<id@domain>`; stable across retries, so a mail sent twice is one mail to the recipient. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** Adds `Auto-Submitted: auto-generated` (notifications; never a person's reply). */
  autoSubmitted?: boolean;
}

export interface MailJob {
  mail: OutgoingMail;
  /** The record_mail_log row this mail updates; null for account mails (confirm, reset). */
  logId: string | null;
}

/** Account mails (confirm, reset password): queued, from MAIL_FROM, machine-made (RFC 3834). */
export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
}

export function createQueuedMailer(queue: JobQueue, from: string): Mailer {
  return {
    async send(to, content) {
      await queue.send('mail.send', {
        mail: { from, to, ...content, autoSubmitted: true },
        logId: null,
      });
    },
  };
}

/** Queues one mail; with `tx`, it exists only if that transaction commits. */
export async function queueMail(queue: JobQueue, job: MailJob, tx?: Queryable): Promise<void> {
  await queue.send('mail.send', job, { tx });
}

export interface MailJobLogger {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

const MAX_ERROR_LENGTH = 1000;

export function mailJobHandler(
  db: Db,
  transport: MailTransport,
  log: MailJobLogger,
): JobHandler<MailJob> {
  return async (job) => {
    const { mail, logId } = job.data;
    if (logId !== null) {
      const { rows } = await db.query<{ state: string }>(
        `SELECT state FROM record_mail_log WHERE id = $1`,
        [logId],
      );
      // Already sent (or failed, bounced) by an earlier run, or its record was deleted: done.
      if (!rows.length || rows[0].state !== 'queued') return;
    }
    try {
      await transport.deliver(mail);
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      const reason = String((err as Error).message ?? err).slice(0, MAX_ERROR_LENGTH);
      if (logId !== null) {
        await db.query(
          `UPDATE record_mail_log
              SET state = $2, error = $3, attempts = attempts + 1, updated_at = now()
            WHERE id = $1`,
          [logId, last ? 'failed' : 'queued', reason],
        );
      }
      const attempt = `${job.retryCount + 1} of ${job.retryLimit + 1}`;
      if (last) log.error({ to: mail.to, reason }, `mail failed for good (attempt ${attempt})`);
      else log.warn({ to: mail.to, reason }, `mail failed, will retry (attempt ${attempt})`);
      throw err;
    }
    if (logId !== null) {
      await db.query(
        `UPDATE record_mail_log
            SET state = 'sent', error = NULL, attempts = attempts + 1, updated_at = now()
          WHERE id = $1`,
        [logId],
      );
    }
  };
}
