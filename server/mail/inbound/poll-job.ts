// The `mail.poll` job (a cron schedule sends it every minute; pg-boss runs one at a time across
// processes): polls each desk mailbox that is due, every MAIL_POLL_SECONDS within the minute,
// and notes the outcome on the channel (last_poll_at, last_error) for the Mail channels page.
import type { InboundContext } from './import.js';
import { pollChannel, type ImapChannel } from './imap-poll.js';

export interface PollLogger {
  warn: (obj: object, msg: string) => void;
}

/** Turns a stored (encrypted) mailbox password into the password. */
export type PasswordOpener = (stored: string) => Promise<string>;

export interface ChannelRow extends Omit<ImapChannel, 'password'> {
  imap_password: string | null;
}

async function dueChannels(ctx: InboundContext): Promise<ChannelRow[]> {
  const { rows } = await ctx.db.query<ChannelRow>(
    `SELECT hd_id, imap_host, imap_port, imap_tls, imap_user, imap_password, imap_folder
       FROM mail_channels
      WHERE imap_host IS NOT NULL AND imap_user IS NOT NULL
        AND (last_poll_at IS NULL
             OR last_poll_at <= now() - make_interval(secs => $1) + interval '1 second')
      ORDER BY hd_id`,
    [ctx.config.mailPollSeconds],
  );
  return rows;
}

/** The server's own words when it gave any (imapflow puts them in responseText). */
export function imapErrorText(err: unknown): string {
  const e = err as { message?: string; responseText?: string; code?: string };
  return [e.responseText || e.message || String(err), e.code ? `(${e.code})` : ''].join(' ').trim();
}

/** Polls every due mailbox once; a failing one is noted on its channel and the rest go on. */
export async function pollDueChannels(
  ctx: InboundContext,
  openPassword: PasswordOpener,
  log: PollLogger,
): Promise<void> {
  for (const row of await dueChannels(ctx)) {
    let error: string | null = null;
    try {
      const password = row.imap_password ? await openPassword(row.imap_password) : '';
      const { polled } = await pollChannel(ctx, {
        ...row,
        imap_port: row.imap_port || 993,
        password,
      });
      if (!polled) continue;
    } catch (err) {
      error = imapErrorText(err);
      log.warn({ err, hd_id: row.hd_id }, 'polling a mailbox failed');
    }
    await notePoll(ctx, row.hd_id, error);
  }
}

/** Notes a poll's (or an IDLE drain's) outcome on the channel, for the Mail channels page. */
export async function notePoll(
  ctx: Pick<InboundContext, 'db'>,
  hdId: number,
  error: string | null,
): Promise<void> {
  await ctx.db.query(
    `UPDATE mail_channels SET last_poll_at = now(), last_error = $2 WHERE hd_id = $1`,
    [hdId, error ? error.slice(0, 1000) : null],
  );
}

/** How long one job keeps polling before the next minute's job takes over. */
const JOB_SPAN_MS = 55_000;

export function pollJobHandler(
  ctx: InboundContext,
  openPassword: PasswordOpener,
  log: PollLogger,
  stopping: () => boolean,
): () => Promise<void> {
  return async () => {
    const started = Date.now();
    const interval = ctx.config.mailPollSeconds * 1000;
    for (;;) {
      await pollDueChannels(ctx, openPassword, log);
      if (stopping() || Date.now() - started + interval > JOB_SPAN_MS) return;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  };
}
