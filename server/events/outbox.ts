// Acting on record changes after they commit. Every history event (record_events) gets a row in
// `event_outbox` per active consumer, in the change's own transaction (migration 037), so nothing
// acknowledged to a user is missed and a failed consumer never fails or undoes the user's write.
// A worker takes one row at a time and runs the consumer in the same transaction that deletes
// the row: the consumer's writes (and the jobs it sends, e.g. mails) happen exactly once, even
// when the worker is killed mid-way (the row comes back). Events of one record are handled in
// order: a row waits while an earlier row of its record is pending or being handled elsewhere.
import type pg from 'pg';
import type { Db } from '../db/pool.js';
import type { Queryable } from '../db/transaction.js';
import type { HistoryAction } from '../routes/records/history.js';

export interface OutboxEvent {
  /** The history event's id (`record_events.id`). */
  id: number;
  recordId: number;
  actorId: number | null;
  action: HistoryAction;
  details: Record<string, unknown>;
  internal: boolean;
  createdAt: Date;
}

export interface EventConsumer {
  /** The consumer's row in `event_consumers`. */
  name: string;
  /** Runs inside the transaction that removes the event: throw to have it retried. */
  handle: (tx: pg.PoolClient, event: OutboxEvent) => Promise<void>;
}

export interface OutboxLogger {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** Attempts before an event is set aside as failed (kept, with its last error, for an admin). */
export const OUTBOX_MAX_ATTEMPTS = 8;

/** Seconds before attempt n + 1: 2, 4, 8, ... up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 2 ** attempts);
}

/** Turns a consumer on or off: only active consumers get rows for new events. */
export async function setConsumerActive(
  q: Queryable,
  name: string,
  active: boolean,
): Promise<void> {
  await q.query(
    `INSERT INTO event_consumers (name, active) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET active = EXCLUDED.active`,
    [name, active],
  );
}

const CLAIM = `
  SELECT o.id AS outbox_id, o.attempts, e.id, e.record_id, e.actor_id, e.action, e.details,
         e.internal, e.created_at
    FROM event_outbox o
    JOIN record_events e ON e.id = o.event_id
   WHERE o.consumer = $1 AND o.failed_at IS NULL AND o.available_at <= now()
     AND NOT EXISTS (SELECT 1 FROM event_outbox p
                      WHERE p.consumer = o.consumer AND p.record_id = o.record_id
                        AND p.id < o.id AND p.failed_at IS NULL)
   ORDER BY o.id
   LIMIT 1
   FOR UPDATE OF o SKIP LOCKED`;

interface ClaimRow {
  outbox_id: string;
  attempts: number;
  id: string;
  record_id: string;
  actor_id: string | null;
  action: HistoryAction;
  details: Record<string, unknown>;
  internal: boolean;
  created_at: Date;
}

/** Handles the oldest due event of `consumer`, if any; true when there was one. */
export async function handleNext(
  db: Db,
  consumer: EventConsumer,
  log: OutboxLogger,
): Promise<boolean> {
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<ClaimRow>(CLAIM, [consumer.name]);
    const row = rows[0];
    if (!row) {
      await client.query('COMMIT');
      return false;
    }
    const event: OutboxEvent = {
      id: Number(row.id),
      recordId: Number(row.record_id),
      actorId: row.actor_id === null ? null : Number(row.actor_id),
      action: row.action,
      details: row.details,
      internal: row.internal,
      createdAt: row.created_at,
    };
    await client.query('SAVEPOINT consumer');
    try {
      await consumer.handle(client, event);
      await client.query('DELETE FROM event_outbox WHERE id = $1', [row.outbox_id]);
    } catch (err) {
      await client.query('ROLLBACK TO SAVEPOINT consumer');
      const attempts = row.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      await client.query(
        `UPDATE event_outbox
            SET attempts = $2::int, last_error = left($3, 2000),
                available_at = now() + make_interval(secs => $4::int),
                failed_at = CASE WHEN $2::int >= $5::int THEN now() END
          WHERE id = $1`,
        [row.outbox_id, attempts, message, retryDelaySeconds(attempts), OUTBOX_MAX_ATTEMPTS],
      );
      const entry = { consumer: consumer.name, eventId: event.id, attempts, err: message };
      if (attempts >= OUTBOX_MAX_ATTEMPTS)
        log.error(entry, 'event set aside after its last attempt');
      else log.warn(entry, 'event handling failed; it will be retried');
    }
    await client.query('COMMIT');
    return true;
  } catch (err) {
    broken = err instanceof Error ? err : new Error(String(err));
    await client.query('ROLLBACK').catch(() => undefined);
    throw broken;
  } finally {
    client.release(broken);
  }
}

export interface OutboxWorker {
  stop: () => Promise<void>;
  /** Handles what is due now, without waiting for the next poll (tests, a busy producer). */
  wake: () => void;
}

/**
 * Runs `consumer` until stopped: handles events while there are some, then polls every
 * `idleMs`. A database fault is logged and retried at the next poll.
 */
export function startOutboxWorker(
  db: Db,
  consumer: EventConsumer,
  log: OutboxLogger,
  opts: { idleMs?: number } = {},
): OutboxWorker {
  const idleMs = opts.idleMs ?? 250;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const nap = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, idleMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  const running = (async () => {
    await setConsumerRow(db, consumer.name).catch(() => undefined);
    while (!stopped) {
      let handled = false;
      try {
        handled = await handleNext(db, consumer, log);
      } catch (err) {
        log.warn({ consumer: consumer.name, err: String(err) }, 'event outbox unavailable');
      }
      if (!handled && !stopped) await nap();
    }
  })();
  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}

/** Makes sure the consumer has its row (inactive until its feature turns it on). */
async function setConsumerRow(q: Queryable, name: string): Promise<void> {
  await q.query(`INSERT INTO event_consumers (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [
    name,
  ]);
}
