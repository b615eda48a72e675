// The `webhook.deliver` job: one attempt of one delivery. A failed attempt schedules the next
// (a new delayed job: 30 s, 1 min, 2 min, ... up to an hour apart) while the delivery is less
// than a day old; an endpoint that has failed every attempt for more than a day is turned off,
// its waiting deliveries given up, and the administrators mailed in their language. "Send
// again" (`manual`) is one more attempt of the same delivery id and schedules nothing.
import type { Config } from '../config.js';
import type { Db } from '../db/pool.js';
import { withTransaction, type Queryable } from '../db/transaction.js';
import type { Job, JobQueue } from '../jobs/queue.js';
import type { Clock } from '../lib/clock.js';
import { fill, translate, type Language } from '../lib/i18n.js';
import { queueMail } from '../mail/outgoing.js';
import { secretBox, type SecretBox } from '../mail/secret.js';
import { sendWebhook } from './send.js';
import type { Resolver } from './ssrf.js';

export interface WebhookJob {
  deliveryId: string;
  /** An administrator's "send again": one attempt, no retries scheduled. */
  manual: boolean;
}

export interface WebhookContext {
  db: Db;
  config: Config;
  queue: JobQueue;
  clock: Clock;
  /** Tests give their own resolver (a host whose answer changes). */
  resolve?: Resolver;
  /** Opens the endpoints' secrets (one per worker process keeps its key). */
  secrets?: SecretBox;
}

/** An endpoint failing for longer than this is turned off; a delivery older is given up. */
export const GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** Seconds before the next attempt once `attempts` have failed. */
export function retryDelaySeconds(base: number, attempts: number): number {
  return Math.min(3600, base * 2 ** Math.max(0, attempts - 1));
}

interface DeliveryRow {
  id: string;
  endpoint_id: number;
  event: string;
  payload: unknown;
  state: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  active: boolean;
}

export const DISABLED_MAIL = {
  subject: 'A webhook was turned off: {{url}}',
  greeting: 'Hello {{name}},',
  body: 'Every delivery to the webhook endpoint {{url}} has failed for more than a day, so it was turned off. Its delivery log shows what it answered.',
  action: 'Turn it on again on the Webhooks page once it works:',
} as const;

export function disabledMail(lang: Language, name: string, url: string, link: string) {
  const t = (text: string, values: Record<string, string> = {}) =>
    translate(lang, fill(text, values));
  const greeting = t(DISABLED_MAIL.greeting, { name });
  const body = t(DISABLED_MAIL.body, { url });
  const action = t(DISABLED_MAIL.action);
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    subject: t(DISABLED_MAIL.subject, { url }),
    text: `${greeting}\n\n${body}\n\n${action} ${link}\n`,
    html:
      `<p>${esc(greeting)}</p><p>${esc(body)}</p>` +
      `<p>${esc(action)} <a href="${esc(link)}">${esc(link)}</a></p>`,
  };
}

async function mailAdmins(tx: Queryable, ctx: WebhookContext, url: string): Promise<void> {
  const { rows } = await tx.query<{ email: string; fullname: string; language: Language }>(
    `SELECT email, fullname, language FROM users
      WHERE user_is_admin AND deactivated_at IS NULL AND confirmed_at IS NOT NULL ORDER BY id`,
  );
  const link = `${ctx.config.publicUrl}/webhooks`;
  for (const admin of rows) {
    const content = disabledMail(admin.language, admin.fullname, url, link);
    await queueMail(
      ctx.queue,
      {
        mail: { from: ctx.config.mailFrom, to: admin.email, ...content, autoSubmitted: true },
        logId: null,
      },
      tx,
    );
  }
}

export async function deliverWebhook(ctx: WebhookContext, job: Job<WebhookJob>): Promise<void> {
  const { deliveryId, manual } = job.data;
  const { rows } = await ctx.db.query<DeliveryRow>(
    `SELECT d.id, d.endpoint_id, d.event, d.payload, d.state, d.attempts, d.created_at,
            e.url, e.secret, e.active
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1`,
    [deliveryId],
  );
  const d = rows[0];
  // Its endpoint was deleted.
  if (!d) return;
  if (!manual) {
    if (d.state === 'delivered' || d.state === 'failed') return;
    if (!d.active) {
      await ctx.db.query(
        `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL WHERE id = $1`,
        [d.id],
      );
      return;
    }
  }
  // This job already made its attempt (its worker died before pg-boss heard): not again.
  const done = await ctx.db.query(`SELECT 1 FROM webhook_attempts WHERE job_id = $1`, [job.id]);
  if (done.rowCount) return;

  const box = ctx.secrets ?? secretBox(ctx.db, ctx.config.mailSecretKey);
  const secret = await box.open(d.secret);
  const result = await sendWebhook({
    url: d.url,
    secret,
    event: d.event,
    deliveryId: d.id,
    body: JSON.stringify(d.payload),
    allowHosts: ctx.config.webhookAllowHosts,
    resolve: ctx.resolve,
  });
  const now = ctx.clock.now();

  await withTransaction(ctx.db, async (tx) => {
    await tx.query(
      `INSERT INTO webhook_attempts
         (delivery_id, job_id, manual, attempted_at, ok, response_code, duration_ms,
          response_body, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        d.id,
        job.id,
        manual,
        now,
        result.ok,
        result.responseCode,
        result.durationMs,
        result.responseBody,
        result.error,
      ],
    );
    const attempts = d.attempts + 1;
    if (result.ok) {
      await tx.query(
        `UPDATE webhook_deliveries SET state = 'delivered', attempts = $2, next_attempt_at = NULL
          WHERE id = $1`,
        [d.id, attempts],
      );
      await tx.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1`, [
        d.endpoint_id,
      ]);
      return;
    }
    const { rows: ep } = await tx.query<{ failing_since: Date; active: boolean }>(
      `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $2)
        WHERE id = $1 RETURNING failing_since, active`,
      [d.endpoint_id, now],
    );
    const failingFor = now.getTime() - ep[0].failing_since.getTime();
    if (ep[0].active && failingFor > GIVE_UP_MS) {
      // Off, with every delivery still waiting for it; the administrators hear of it once.
      await tx.query(
        `UPDATE webhook_endpoints SET active = false, disabled_at = $2, updated_at = now()
          WHERE id = $1`,
        [d.endpoint_id, now],
      );
      await tx.query(
        `UPDATE webhook_deliveries SET state = 'failed', next_attempt_at = NULL
          WHERE endpoint_id = $1 AND state IN ('queued', 'retrying')`,
        [d.endpoint_id],
      );
      await tx.query(`UPDATE webhook_deliveries SET attempts = $2 WHERE id = $1`, [d.id, attempts]);
      await mailAdmins(tx, ctx, d.url);
      return;
    }
    const tooOld = now.getTime() - d.created_at.getTime() > GIVE_UP_MS;
    if (manual || tooOld || !ep[0].active) {
      // A manual attempt leaves a scheduled retry in place; otherwise the delivery has failed.
      await tx.query(
        `UPDATE webhook_deliveries
            SET attempts = $2,
                state = CASE WHEN state = 'retrying' AND $3 THEN 'retrying' ELSE 'failed' END,
                next_attempt_at = CASE WHEN state = 'retrying' AND $3 THEN next_attempt_at END
          WHERE id = $1`,
        [d.id, attempts, manual && !tooOld],
      );
      return;
    }
    const delay = retryDelaySeconds(ctx.config.webhookRetryDelaySeconds, attempts);
    await tx.query(
      `UPDATE webhook_deliveries
          SET attempts = $2, state = 'retrying',
              next_attempt_at = now() + make_interval(secs => $3::int)
        WHERE id = $1`,
      [d.id, attempts, delay],
    );
    await ctx.queue.send(
      'webhook.deliver',
      { deliveryId: d.id, manual: false },
      { tx, startAfterSeconds: delay },
    );
  });
}
