// The handlers this process runs when it is a worker (WORKERS > 0 in `npm start`, or
// `npm run worker`). Each job name gets WORKERS parallel workers.
import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import { createMailTransport } from '../mail/mailer.js';
import { createBlobStore } from '../storage/blob-store.js';
import type { MailListenerMonitor } from '../mail/inbound/listener-health.js';
import { startInboundWorker } from '../mail/inbound/worker.js';
import { mailJobHandler } from '../mail/outgoing.js';
import { clockFromConfig } from '../lib/clock.js';
import { jwtSecretProvider } from '../lib/jwt-secret.js';
import { startSlaWorkers } from '../sla/jobs.js';
import { eventConsumers } from '../events/consumers.js';
import { startOutboxWorker } from '../events/outbox.js';
import { startAwayWorker } from '../assignment/away.js';
import { startAutomationWorker } from '../rules/automations.js';
import { deliverWebhook } from '../webhooks/deliver.js';
import { secretBox } from '../mail/secret.js';
import { startAuditRetentionWorker } from '../audit/retention.js';
import { jobPolicies } from './jobs.js';
import { createJobQueue } from './queue.js';

export interface WorkerLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** How long shutdown waits for running jobs before handing them back to the queue. */
const STOP_TIMEOUT_MS = 20_000;

/** Starts the workers; the returned function stops them (running jobs finish or go back). */
export async function startWorkers(
  db: Db,
  config: Config,
  log: WorkerLogger,
  /** `mailListener`: told whether the inbound SMTP listener is up, down or off (health). */
  opts: { mailListener?: MailListenerMonitor } = {},
): Promise<() => Promise<void>> {
  const queue = createJobQueue(db, {
    policies: jobPolicies(config),
    log,
    worker: true,
    pollSeconds: config.jobPollSeconds,
    maintenanceSeconds: config.jobMaintenanceSeconds,
  });
  await queue.start();
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger: log,
  });
  const concurrency = Math.max(1, config.workers);
  await queue.work('mail.send', mailJobHandler(db, transport, log), { concurrency });
  // Mail in: import and poll jobs, and the inbound SMTP listener (docs/mail.md).
  const blobs = await createBlobStore(db, config.s3Url, log);
  const clock = clockFromConfig(config);
  const jwtSecret = jwtSecretProvider(db, config.jwtSecret);
  const inbound = await startInboundWorker({ db, config, queue, blobs, clock, jwtSecret }, log, {
    concurrency,
    mailListener: opts.mailListener,
  });
  // Service levels: escalation checks, the sweep, recomputes after a policy change.
  const stopSla = await startSlaWorkers({ db, config, queue, clock, jwtSecret }, log, {
    concurrency,
  });
  // Webhook deliveries (docs/webhooks.md): more workers than other jobs, as each mostly waits
  // on a remote server (up to 10 s); woken by the outbox consumer as it sends them.
  const webhooks = { db, config, queue, clock, secrets: secretBox(db, config.mailSecretKey) };
  await queue.work('webhook.deliver', (job) => deliverWebhook(webhooks, job), {
    concurrency: concurrency * 4,
  });
  // Rules and webhooks: what follows a record's change once it has committed.
  // WORKERS loops per consumer: the outbox keeps each record's events in order across them.
  const consumerDeps = { config, queue, clock, jwtSecret, publicUrl: config.publicUrl };
  const outboxWorkers = eventConsumers(consumerDeps, log).flatMap((c) =>
    Array.from({ length: concurrency }, () => startOutboxWorker(db, c, log)),
  );
  // Agents away too long: their tickets go back to the queue or on (docs/assignment.md).
  await startAwayWorker({ db, config, queue, clock, jwtSecret }, { concurrency: 1 });
  // Time-based rules: one pass at a time across processes (docs/rules.md).
  await startAutomationWorker({ db, config, queue, clock, jwtSecret }, log);
  // The audit log's retention: a daily delete of the rows past it (docs/audit.md).
  await startAuditRetentionWorker({ db, queue });
  return async () => {
    await Promise.all(outboxWorkers.map((w) => w.stop()));
    stopSla();
    await inbound.stop();
    await queue.stop({ graceful: true, timeoutMs: STOP_TIMEOUT_MS });
    transport.close();
  };
}
