// Mail in, in a worker process (docs/mail.md "Which process does what"): the `mail.import` and
// `mail.poll` handlers, the poll schedule, IMAP IDLE on the desk mailboxes, the start-up sweep of mails left `received` by a
// crash, and the inbound SMTP listener (unless INBOUND_SMTP=off or INBOUND_SMTP_PORT=0; a port
// it cannot bind is tried again with backoff, and `mailListener` says so). Only worker processes
// run this, so an API-only process (WORKERS=0) never listens for mail.
import type { Job } from '../../jobs/queue.js';
import { failInboundMail, importInboundMail, type InboundContext } from './import.js';
import { secretBox } from '../secret.js';
import { startMailboxWatcher } from './imap-idle.js';
import { pollJobHandler } from './poll-job.js';
import { createMailListenerMonitor, type MailListenerMonitor } from './listener-health.js';
import { createImportRunner, type ImportRunner } from './runner.js';
import { superviseInboundSmtp, type SupervisedSmtp } from './smtp-listener.js';

export interface InboundLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface InboundWorker {
  /** The inbound SMTP listener's port; undefined when it is off or not bound (yet). */
  readonly smtpPort: number | undefined;
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
  opts: {
    concurrency: number;
    /** Told whether the listener is up, down or off (GET /api/health reads it). */
    mailListener?: MailListenerMonitor;
  },
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

  let smtp: SupervisedSmtp | undefined;
  const { config } = ctx;
  if (config.inboundSmtp) {
    // A port another process holds: jobs run meanwhile, and the listener keeps trying to bind.
    smtp = await superviseInboundSmtp(ctx, {
      host: config.inboundSmtpHost,
      port: config.inboundSmtpPort,
      maxBytes: config.inboundMailMaxMb * 1024 * 1024,
      onStored: runner.kick,
      log,
      monitor: opts.mailListener ?? createMailListenerMonitor(),
    });
  }
  return {
    get smtpPort() {
      return smtp?.port;
    },
    runner,
    stop: async () => {
      stopping = true;
      await watcher?.stop();
      if (smtp) await smtp.stop();
      await runner.idle();
    },
  };
}
