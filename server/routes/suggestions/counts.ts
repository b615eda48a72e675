// The views and deflections of suggested articles, added up in this process and written to
// article_daily_stats in batches (every few seconds and when the server stops), never one
// statement per event: a busy contact form costs one statement per interval.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool.js';
import { addDailyCounts } from './sql.js';

export interface DailyCounts {
  view(recordId: number): void;
  deflection(recordId: number): void;
  /** Writes what is buffered (one statement); what fails to write is kept for the next try. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

export function createDailyCounts(db: Db, log: FastifyBaseLogger, intervalMs: number): DailyCounts {
  let pending = new Map<number, { views: number; deflections: number }>();
  let running: Promise<void> = Promise.resolve();
  const entry = (id: number) => {
    let e = pending.get(id);
    if (!e) pending.set(id, (e = { views: 0, deflections: 0 }));
    return e;
  };
  const writeOnce = async () => {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    try {
      await addDailyCounts(
        db,
        [...batch].map(([recordId, c]) => ({ recordId, ...c })),
      );
    } catch (err) {
      log.warn({ err }, 'article counts not written, kept for the next try');
      for (const [id, c] of batch) {
        const e = entry(id);
        e.views += c.views;
        e.deflections += c.deflections;
      }
    }
  };
  // One write at a time, in order.
  const flush = () => (running = running.then(writeOnce));
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    view: (id) => void (entry(id).views += 1),
    deflection: (id) => void (entry(id).deflections += 1),
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
