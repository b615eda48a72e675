// Agents away too long (docs/assignment.md): a desk with `away_hours` hands the open tickets of
// an agent away for longer back to its queue, or on to the next agent by its rule. The
// `assignment.away` job runs it every minute (a pg-boss schedule: one job per minute across
// processes); each (agent, desk, away period) is done once, in one transaction whose first write
// is its `away_handbacks` row: a second runner, in this process or another, waits on that key
// and then finds it taken.
import type { Db } from '../db/pool.js';
import { withTransaction, type Queryable } from '../db/transaction.js';
import type { JobQueue } from '../jobs/queue.js';
import type { RecordMailContext } from '../mail/record-mail.js';
import { recordEvent } from '../routes/records/history.js';
import { assignNext } from './assign-next.js';

export type AwayContext = RecordMailContext & { db: Db };

interface Due {
  user_id: string;
  helpdesk_id: number;
  /** As text: a Date would lose the microseconds the key compares. */
  away_since: string;
  away_action: 'queue' | 'reassign';
}

/** Hands back one agent's open tickets of one desk; how many, or null when done already. */
async function handBack(tx: Queryable, ctx: AwayContext, due: Due): Promise<number | null> {
  const claimed = await tx.query(
    `INSERT INTO away_handbacks (user_id, helpdesk_id, away_since, tickets)
     SELECT $1, $2, $3::timestamptz, 0
      WHERE EXISTS (SELECT 1 FROM agent_availability
                     WHERE user_id = $1 AND away AND changed_at = $3::timestamptz)
     ON CONFLICT DO NOTHING`,
    [due.user_id, due.helpdesk_id, due.away_since],
  );
  if (claimed.rowCount !== 1) return null;
  const { rows: tickets } = await tx.query<{ id: string }>(
    `SELECT r.id FROM records r JOIN statuses s ON s.id = r.status_id
      WHERE r.assignee_id = $1 AND r.hd_id = $2 AND r.object_type = 'T' AND NOT r.is_draft
        AND NOT s.is_closed
      ORDER BY r.id
        FOR UPDATE OF r`,
    [due.user_id, due.helpdesk_id],
  );
  for (const t of tickets) {
    const id = Number(t.id);
    if (due.away_action === 'reassign') {
      const next = await assignNext(tx, id, {
        mail: ctx,
        except: Number(due.user_id),
        reason: 'away',
        whenOff: 'round_robin',
      });
      if (next) continue;
    }
    await tx.query(
      `UPDATE records SET assignee_id = NULL, version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id],
    );
    await recordEvent(tx, {
      recordId: id,
      actorId: null,
      action: 'assigned',
      details: { to: null, automatic: 'away' },
    });
  }
  await tx.query(
    `UPDATE away_handbacks SET tickets = $4
      WHERE user_id = $1 AND helpdesk_id = $2 AND away_since = $3::timestamptz`,
    [due.user_id, due.helpdesk_id, due.away_since, tickets.length],
  );
  return tickets.length;
}

/** One pass: every agent away longer than a desk's setting, not yet done. Tickets handed back. */
export async function handBackAwayTickets(ctx: AwayContext): Promise<number> {
  const { rows } = await ctx.db.query<Due>(
    `SELECT a.user_id, d.helpdesk_id, a.changed_at::text AS away_since, d.away_action
       FROM agent_availability a
       JOIN desk_assignment d ON d.away_hours IS NOT NULL
      WHERE a.away AND a.changed_at <= $1::timestamptz - make_interval(hours => d.away_hours)
        AND NOT EXISTS (SELECT 1 FROM away_handbacks h
                         WHERE h.user_id = a.user_id AND h.helpdesk_id = d.helpdesk_id
                           AND h.away_since = a.changed_at)
      ORDER BY a.changed_at, a.user_id, d.helpdesk_id`,
    [ctx.clock.now()],
  );
  let total = 0;
  for (const due of rows) {
    total += (await withTransaction(ctx.db, (tx) => handBack(tx, ctx, due))) ?? 0;
  }
  return total;
}

/** Registers the job's handler and its schedule (every minute). */
export async function startAwayWorker(
  ctx: AwayContext & { queue: JobQueue },
  opts: { concurrency: number },
): Promise<void> {
  await ctx.queue.work(
    'assignment.away',
    async () => {
      await handBackAwayTickets(ctx);
    },
    opts,
  );
  await ctx.queue.schedule('assignment.away', '* * * * *', {});
}
