// Article page views, counted in memory and written to article_daily_stats in one statement
// every few seconds and when the app closes: a busy article costs one row update per flush,
// not one per view.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/pool.js';
import { addViews } from './sql.js';

export interface ViewCounter {
  count(recordId: number): void;
  /** Writes what is buffered (tests call it to see the counts at once). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function createViewCounter(db: Db, log: FastifyBaseLogger, everyMs: number): ViewCounter {
  let pending = new Map<number, number>();
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    running = running.then(async () => {
      if (!pending.size) return;
      const batch = pending;
      pending = new Map();
      const day = new Date().toISOString().slice(0, 10);
      try {
        await addViews(db, day, batch);
      } catch (err) {
        // Kept for the next flush: a brief database outage loses no views.
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
        log.warn({ err }, 'help centre views not written, kept for the next flush');
      }
    });
    return running;
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return {
    count(recordId) {
      pending.set(recordId, (pending.get(recordId) ?? 0) + 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
