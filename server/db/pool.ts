// One pg Pool per process. The pool must survive the database going away: idle clients that
// lose their connection emit 'error' on the pool, and an unhandled 'error' event would crash
// the process. We log it; the pool drops that client and opens a new one on the next query.
import pg from 'pg';

export type Db = pg.Pool;

export interface PoolLogger {
  warn: (obj: object, msg: string) => void;
}

export function createPool(connectionString: string, logger?: PoolLogger, max = 10): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    // Fail fast while the database is down, so callers get a 503 instead of hanging.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  pool.on('error', (err) => {
    logger?.warn({ err: { message: err.message } }, 'idle database connection lost');
  });
  return pool;
}
