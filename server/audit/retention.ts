// Retention (docs/audit.md): a daily job deletes the rows older than the setting, in batches,
// through audit_log_purge() (migration 047), the only delete the table's trigger lets through.
import type { Db } from '../db/pool.js';
import type { Queryable } from '../db/transaction.js';
import type { JobQueue } from '../jobs/queue.js';

export const RETENTION_KEY = 'audit_retention_days';
export const DEFAULT_RETENTION_DAYS = 365;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;
const BATCH = 5000;

export async function retentionDays(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ value: string }>(
    'SELECT value FROM app_settings WHERE key = $1',
    [RETENTION_KEY],
  );
  const days = Number(rows[0]?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS;
}

export async function setRetentionDays(q: Queryable, days: number): Promise<void> {
  await q.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [RETENTION_KEY, String(days)],
  );
}

/** Deletes every row past retention, a batch per statement (each its own short transaction). */
export async function purgeAuditLog(db: Db, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ gone: number }>('SELECT audit_log_purge($1) AS gone', [
      batch,
    ]);
    total += rows[0].gone;
    if (rows[0].gone < batch) return total;
  }
}

/** The daily job, at 03:17 (once across all processes). */
export async function startAuditRetentionWorker(ctx: { db: Db; queue: JobQueue }): Promise<void> {
  await ctx.queue.work(
    'audit.retention',
    async () => {
      await purgeAuditLog(ctx.db);
    },
    { concurrency: 1 },
  );
  await ctx.queue.schedule('audit.retention', '17 3 * * *', {});
}
