// One dedicated LISTEN connection per API process (docs/api-live.md). PostgreSQL delivers every
// NOTIFY to every listening connection, so N processes behind a load balancer each receive every
// event and forward it to their own browsers. The connection is re-opened with backoff when it
// is lost (the database restarted, pg_terminate_backend, a network cut) and checked with a
// `SELECT 1` now and then, since a hung server never says the connection is gone. Whatever was
// sent while it was down is lost: `onReconnect` lets the clients reload what they show.
import type pg from 'pg';
import { connectClient, type ConnectionSettings } from '../db/pool.js';

export interface ListenerLogger {
  info: (msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface LiveListenerOptions {
  url: string;
  channels: readonly string[];
  log: ListenerLogger;
  onNotification: (channel: string, payload: string) => void;
  /** After the connection was lost and is listening again. */
  onReconnect: () => void;
  /** First wait before re-connecting, doubled per failure up to maxRetryMs. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** How often the idle connection is checked with `SELECT 1`. */
  checkIntervalMs?: number;
}

export interface LiveListener {
  /** Resolves once listening; rejects if the first attempt fails (it keeps retrying). */
  start: () => Promise<void>;
  isListening: () => boolean;
  stop: () => Promise<void>;
}

const SETTINGS: ConnectionSettings = {
  max: 1,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 0,
  queryTimeoutMs: 5000,
  applicationName: 'helpdesk live events',
};

export function createLiveListener(opts: LiveListenerOptions): LiveListener {
  const minRetry = opts.minRetryMs ?? 250;
  const maxRetry = opts.maxRetryMs ?? 5000;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let delay = minRetry;
  let everListened = false;
  let stopped = false;

  function lost(c: pg.Client, err?: Error): void {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => undefined);
    if (stopped) return;
    opts.log.warn({ err: { message: err?.message ?? 'ended' } }, 'live events: LISTEN lost');
    scheduleRetry();
  }

  function scheduleRetry(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch(() => undefined);
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, maxRetry);
  }

  async function open(): Promise<void> {
    const c = await connectClient(opts.url, opts.log, SETTINGS);
    c.on('notification', (m) => opts.onNotification(m.channel, m.payload ?? ''));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = minRetry;
    if (everListened) {
      opts.log.info('live events: listening again');
      opts.onReconnect();
    }
    everListened = true;
  }

  function connect(): Promise<void> {
    connecting ??= open()
      .catch((err: Error) => {
        opts.log.warn({ err: { message: err.message } }, 'live events: cannot LISTEN');
        scheduleRetry();
        throw err;
      })
      .finally(() => (connecting = undefined));
    return connecting;
  }

  function check(): void {
    const c = client;
    if (!c) return;
    c.query('SELECT 1').catch((err: Error) => lost(c, err));
  }

  return {
    start: async () => {
      stopped = false;
      if (!checkTimer) {
        checkTimer = setInterval(check, opts.checkIntervalMs ?? 15_000);
        checkTimer.unref();
      }
      if (client) return;
      await connect();
    },
    isListening: () => client !== undefined,
    stop: async () => {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      clearInterval(checkTimer);
      checkTimer = undefined;
      await connecting?.catch(() => undefined);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
