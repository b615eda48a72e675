// Knows whether the database answers, so calls can fail fast (503 at once) while it does not, and
// /api/health can say which part is down. It asks `SELECT 1` on a connection of its own every
// `intervalMs`; an answer missing after `timeoutMs` marks the database down (a circuit breaker).
// Going down also cuts the pool's connections: requests waiting on a hung server fail at once
// instead of waiting for their own query timeout. The first answer after that marks it up again.
import type pg from 'pg';
import { breakConnections, connectClient, type Db } from './pool.js';

export type DatabaseProblem = 'unreachable' | 'not answering' | 'error';

export interface DatabaseHealthState {
  database: 'up' | 'down';
  /** When it went down (ISO time), while down. */
  downSince?: string;
  /** Why, while down: refused/reset (unreachable), no answer in time (hung), anything else. */
  problem?: DatabaseProblem;
  /** The embedded PostgreSQL's process, when this process runs it. */
  process?: 'running' | 'restarting' | 'stopped';
}

export interface DatabaseHealth {
  isUp: () => boolean;
  state: () => DatabaseHealthState;
  /** Checks now (also runs every intervalMs once started). Resolves to isUp(). */
  check: () => Promise<boolean>;
  /** While down: checks again, waiting at most maxWaitMs for the answer. Resolves to isUp(). */
  recheck: (maxWaitMs: number) => Promise<boolean>;
  start: () => void;
  stop: () => Promise<void>;
}

export interface HealthLogger {
  info: (msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

function problemOf(err: Error): DatabaseProblem {
  const code = (err as { code?: unknown }).code;
  if (err.message.includes('timeout') || err.message.includes('timed out')) return 'not answering';
  if (
    typeof code === 'string' &&
    (code.startsWith('E') || code.startsWith('08') || code.startsWith('57P'))
  ) {
    return 'unreachable';
  }
  if (err.message.includes('Connection terminated') || err.message.includes('not queryable')) {
    return 'unreachable';
  }
  return 'error';
}

export function createDatabaseHealth(opts: {
  url: string;
  pool: Db;
  logger: HealthLogger;
  intervalMs: number;
  timeoutMs: number;
  /** The embedded database's supervisor state, when there is one. */
  processState?: () => 'running' | 'restarting' | 'stopped';
}): DatabaseHealth {
  let up = true;
  let downSince: Date | undefined;
  let problem: DatabaseProblem | undefined;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  const settings = {
    // Opening a connection (a new backend process) is slow on a busy machine; a hang is caught
    // on the open connection by queryTimeoutMs. A longer wait only delays noticing recovery.
    connectTimeoutMs: opts.timeoutMs * 3,
    queryTimeoutMs: opts.timeoutMs,
    statementTimeoutMs: opts.timeoutMs,
    idleInTransactionTimeoutMs: 0,
    applicationName: 'helpdesk health check',
  };

  function dropClient(): void {
    const old = client;
    client = undefined;
    // end() may wait for a hung server; nobody waits for it.
    old?.end().catch(() => undefined);
  }

  function markDown(err: Error): void {
    if (!up) return;
    up = false;
    downSince = new Date();
    problem = problemOf(err);
    const cut = breakConnections(opts.pool);
    opts.logger.warn(
      { err: { message: err.message }, problem, connectionsCut: cut },
      'database down: API calls answer 503 until it is back',
    );
  }

  function markUp(): void {
    if (up) return;
    const seconds = downSince ? ((Date.now() - downSince.getTime()) / 1000).toFixed(1) : '?';
    up = true;
    downSince = undefined;
    problem = undefined;
    opts.logger.info(`database is back after ${seconds} s`);
  }

  async function ping(): Promise<boolean> {
    try {
      if (!client) {
        const fresh = await connectClient(opts.url, undefined, settings);
        // A connection the server closed (a restart) is useless: the next check opens another.
        fresh.on('error', () => {
          if (client === fresh) dropClient();
        });
        client = fresh;
      }
      await client.query('SELECT 1');
      markUp();
    } catch (err) {
      dropClient();
      if (!stopped) markDown(err as Error);
    }
    return up;
  }

  const check = (): Promise<boolean> => {
    running ??= ping().finally(() => (running = undefined));
    return running;
  };

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void check().then(schedule), opts.intervalMs);
    timer.unref();
  }

  return {
    isUp: () => up,
    state: () => ({
      ...(up
        ? { database: 'up' as const }
        : {
            database: 'down' as const,
            downSince: downSince?.toISOString(),
            problem: problem ?? 'error',
          }),
      ...(opts.processState ? { process: opts.processState() } : {}),
    }),
    check,
    recheck: async (maxWaitMs) => {
      if (up) return true;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(up), maxWaitMs);
      });
      try {
        return await Promise.race([check(), waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    start: () => {
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      dropClient();
    },
  };
}
