// Mail in, in a worker process (docs/mail.md "Which process does what"): the `mail.import` and
// `mail.poll` handlers, the poll schedule, IMAP IDLE on the desk mailboxes, the start-up sweep of mails left `received` by a
// crash, and the inbound SMTP listener (unless INBOUND_SMTP=off). Only worker processes run
// this, so an API-only process (WORKERS=0) never listens for mail.
import type { Job } from '../../jobs/queue.js';
import { failInboundMail, importInboundMail, type InboundContext } from './import.js';
import { secretBox } from '../secret.js';
import { startMailboxWatcher } from './imap-idle.js';
import { pollJobHandler } from './poll-job.js';
import { createImportRunner, type ImportRunner } from './runner.js';
import { startInboundSmtp, type InboundSmtp } from './smtp-listener.js';

export interface InboundLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface InboundWorker {
  /** The inbound SMTP listener's port; undefined when it is off (or its port was taken). */
  smtpPort: number | undefined;
  runner: ImportRunner;
  /** Stops the listener and waits for imports under way. */
  stop: () => Promise<void>;
}

function importJobHandler(ctx: InboundContext) {
  return async (job: Job<{ inboundId: number }>) => {
    try {
      await importInboundMail(ctx, job.data.inboundId);
    } catch (err) {
      // Out of retries: keep the mail, marked failed with the reason, for an operator.
      if (job.retryCount >= job.retryLimit) {
        await failInboundMail(ctx, job.data.inboundId, err);
        return;
      }
      throw err;
    }
  };
}

export async function startInboundWorker(
  ctx: InboundContext,
  log: InboundLogger,
  opts: { concurrency: number },
): Promise<InboundWorker> {
  let stopping = false;
  const runner = createImportRunner(ctx, log);
  const box = secretBox(ctx.db, ctx.config.mailSecretKey);
  const openPassword = (stored: string) => box.open(stored);
  await ctx.queue.work('mail.import', importJobHandler(ctx), { concurrency: opts.concurrency });
  await ctx.queue.work(
    'mail.poll',
    pollJobHandler(ctx, openPassword, log, () => stopping),
  );
  await ctx.queue.schedule('mail.poll', '* * * * *', {});
  // A mail in a mailbox becomes a ticket within moments; the poll is the fallback.
  const watcher = ctx.config.mailIdle ? startMailboxWatcher(ctx, openPassword, log) : undefined;
  // Mails stored but not imported when a process died: now, not when their jobs expire.
  void runner.drain().catch((err: unknown) => log.warn({ err }, 'inbound sweep failed'));

  let smtp: InboundSmtp | undefined;
  const { config } = ctx;
  if (config.inboundSmtp) {
    try {
      smtp = await startInboundSmtp(ctx, {
        host: config.inboundSmtpHost,
        port: config.inboundSmtpPort,
        maxBytes: config.inboundMailMaxMb * 1024 * 1024,
        onStored: runner.kick,
        log,
      });
    } catch (err) {
      // Another worker on this machine has the port: this one runs jobs without listening.
      log.error(
        { err },
        `Inbound SMTP could not listen on ${config.inboundSmtpHost}:${config.inboundSmtpPort} ` +
          '(set INBOUND_SMTP=off on all but one worker process per machine, or another port)',
      );
    }
  }
  return {
    smtpPort: smtp?.port,
    runner,
    stop: async () => {
      stopping = true;
      await watcher?.stop();
      if (smtp) await smtp.close();
      await runner.idle();
    },
  };
}
