// The service-level jobs (docs/sla.md "Escalation"): `sla.check` runs recomputeSla for one
// ticket when its next warning or breach falls due (a delayed job sent by recomputeSla itself;
// a stale one finds nothing due and does nothing); `sla.sweep` catches whatever is due and was
// missed (a lost job, a clock moved on in tests) and each worker process queues it every
// SLA_SWEEP_SECONDS; `sla.recompute` goes through the open tickets in batches after a policy
// changed.
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/transaction.js';
import type { SlaContext } from './recompute.js';
import { recomputeSla } from './recompute.js';

export type SlaJobContext = SlaContext & { db: Db };

/** Tickets per sweep / recompute batch (each in its own short transaction). */
export const SLA_BATCH = 200;

export async function checkTicket(ctx: SlaJobContext, recordId: number): Promise<void> {
  await withTransaction(ctx.db, (tx) => recomputeSla(tx, ctx, recordId));
}

/**
 * Runs every ticket whose next escalation is due, and gives SLA state to submitted tickets that
 * have none (made by a path that does not call recomputeSla); returns how many it looked at.
 */
export async function sweepDue(ctx: SlaJobContext): Promise<number> {
  const { rows: due } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM records WHERE sla_escalate_at <= $1 ORDER BY sla_escalate_at LIMIT $2`,
    [ctx.clock.now(), SLA_BATCH],
  );
  for (const r of due) await checkTicket(ctx, Number(r.id));
  const { rows: unstarted } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM records
      WHERE sla_started_at IS NULL AND object_type = 'T' AND NOT is_draft
      ORDER BY id LIMIT $1`,
    [SLA_BATCH],
  );
  for (const r of unstarted) {
    await withTransaction(ctx.db, (tx) => recomputeSla(tx, ctx, Number(r.id), { backfill: true }));
  }
  return Math.max(due.length, unstarted.length);
}

/**
 * Recomputes one batch of submitted tickets with id > afterId that are not closed (closed ones
 * keep the times they were resolved against); returns the last id done, or null when finished.
 */
export async function recomputeBatch(ctx: SlaJobContext, afterId: number): Promise<number | null> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT r.id FROM records r
      WHERE r.object_type = 'T' AND NOT r.is_draft AND r.id > $1
        AND r.status_id IN (SELECT id FROM statuses WHERE NOT is_closed)
      ORDER BY r.id LIMIT $2`,
    [afterId, SLA_BATCH],
  );
  for (const r of rows) {
    await withTransaction(ctx.db, (tx) => recomputeSla(tx, ctx, Number(r.id), { backfill: true }));
  }
  return rows.length === SLA_BATCH ? Number(rows[rows.length - 1].id) : null;
}

export interface SlaWorkerLogger {
  error: (obj: object, msg: string) => void;
}

/** Registers the handlers and the sweep timer; the returned function stops the timer. */
export async function startSlaWorkers(
  ctx: SlaJobContext,
  log: SlaWorkerLogger,
  opts: { concurrency: number },
): Promise<() => void> {
  await ctx.queue.work('sla.check', (job) => checkTicket(ctx, job.data.recordId), opts);
  await ctx.queue.work(
    'sla.sweep',
    async () => {
      // A full batch means more may be due: go on until a batch comes back short.
      while ((await sweepDue(ctx)) === SLA_BATCH);
    },
    opts,
  );
  await ctx.queue.work('sla.recompute', async (job) => {
    const next = await recomputeBatch(ctx, job.data.afterId);
    if (next !== null) await ctx.queue.send('sla.recompute', { afterId: next });
  });
  const sweep = () =>
    ctx.queue
      .send('sla.sweep', {}, { singletonKey: 'sla.sweep' })
      .catch((err: unknown) => log.error({ err }, 'queueing the SLA sweep failed'));
  void sweep();
  const timer = setInterval(() => void sweep(), ctx.config.slaSweepSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
