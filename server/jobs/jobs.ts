// Every background job: its name, its data and how it is retried. A new kind of job is one entry
// in JobPayloads and one in jobPolicies; its handler is registered in workers.ts.
import type { Config } from '../config.js';
import type { MailJob } from '../mail/outgoing.js';
import type { WebhookJob } from '../webhooks/deliver.js';

export interface JobPayloads {
  /** One outgoing mail (server/mail/outgoing.ts). */
  'mail.send': MailJob;
  /** Import one stored inbound mail (server/mail/inbound/import.ts). */
  'mail.import': { inboundId: number };
  /** Poll the desks' IMAP mailboxes that are due (server/mail/inbound/poll-job.ts; cron). */
  'mail.poll': Record<string, never>;
  /** Service levels (server/sla/jobs.ts): one ticket's due escalations, the sweep, a recompute. */
  'sla.check': { recordId: number };
  'sla.sweep': Record<string, never>;
  'sla.recompute': { afterId: number };
  /** Hand back the tickets of agents away too long (server/assignment/away.ts; cron). */
  'assignment.away': Record<string, never>;
  /** The time-based rules' pass (server/rules/automations.ts; cron). */
  'automations.pass': Record<string, never>;
  /** One attempt of one webhook delivery (server/webhooks/deliver.ts). */
  'webhook.deliver': WebhookJob;
  /** Delete the audit log's rows past retention (server/audit/retention.ts; daily cron). */
  'audit.retention': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** First retry delay; pg-boss doubles it (with jitter) for each further retry. */
  retryDelaySeconds: number;
  /**
   * A job still active after this long is taken to be lost (its worker died, even by kill -9)
   * and runs again; handlers are idempotent, so a slow run that ends late does no harm.
   */
  expireInSeconds: number;
}

export function jobPolicies(config: Config): Record<JobName, JobPolicy> {
  return {
    'mail.send': {
      retryLimit: config.mailRetryLimit,
      retryDelaySeconds: config.mailRetryDelaySeconds,
      expireInSeconds: config.mailJobExpireSeconds,
    },
    // Transient failures (the database) retry; after the last one the mail is marked failed.
    'mail.import': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
    // The next minute's poll comes anyway: no retries.
    'mail.poll': { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 180 },
    // Idempotent (sla_escalations' key); the sweep comes again anyway.
    'sla.check': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
    'sla.sweep': { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 },
    'sla.recompute': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 600 },
    // The next minute's pass comes anyway, and a pass does each hand-back once.
    'assignment.away': { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 },
    // The next pass comes anyway; a pass acts on each ticket once per period.
    'automations.pass': { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 900 },
    // An endpoint's failure schedules the next attempt itself (its own growing delays, for up
    // to a day); these retries are for our own faults (the database). 10 s timeout per call.
    'webhook.deliver': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
    // Batches: a retry carries on where the failed run stopped.
    'audit.retention': { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600 },
  };
}
