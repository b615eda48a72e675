// The one way to open database connections. The process must survive the database going away
// or hanging, so every pool and client made here:
// - handles 'error' (an unhandled 'error' event from a socket the server closed, e.g. 57P01 when
//   PostgreSQL restarts, would end the process): logged, the broken client is dropped;
// - bounds every wait: connecting (connectionTimeoutMs), each statement on the server
//   (statement_timeout), a transaction left idle (idle_in_transaction_session_timeout), and each
//   query on our side (query_timeout: a hung, SIGSTOPped server never answers at all);
// - keeps its sockets, so the database health monitor can cut them all at once when the database
//   stops answering (breakConnections): requests waiting on it then fail at once with a 503.
import net from 'node:net';
import pg from 'pg';

export type Db = pg.Pool;

export interface PoolLogger {
  warn: (obj: object, msg: string) => void;
}

/** Timeouts in ms; 0 means none. Web requests use the defaults; jobs and backups set their own. */
export interface ConnectionSettings {
  max?: number;
  /**
   * Connections kept open however long they idle (up to max): a call after a quiet spell finds
   * them open instead of waiting for new ones (a backend started and a password exchange each).
   */
  keepOpen?: number;
  /** How long a connection past `keepOpen` may idle before it is closed. */
  idleTimeoutMs?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Client-side bound on one query; keep it above statementTimeoutMs. */
  queryTimeoutMs?: number;
  applicationName?: string;
}

/** Defaults suited to a web request (server.ts passes the configured values). */
export const WEB_REQUEST_SETTINGS: Required<Omit<ConnectionSettings, 'applicationName'>> = {
  max: 10,
  connectTimeoutMs: 1000,
  statementTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 5000,
  queryTimeoutMs: 6000,
  // A list call takes two connections at once, the record view's call one.
  keepOpen: 2,
  idleTimeoutMs: 30000,
};

/**
 * Background jobs: connections of their own (a job never takes a web request's connection) with
 * limits sized for a job, not for a web request.
 */
export const JOB_SETTINGS: ConnectionSettings = {
  max: 10,
  connectTimeoutMs: 10000,
  statementTimeoutMs: 60000,
  idleInTransactionTimeoutMs: 60000,
  queryTimeoutMs: 70000,
  applicationName: 'helpdesk jobs',
};

/** For migrations, seeding, backups and restores: no statement limits, still a bounded connect. */
export const LONG_TASK_SETTINGS: ConnectionSettings = {
  max: 2,
  connectTimeoutMs: 10000,
  statementTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
  queryTimeoutMs: 0,
};

const sockets = new WeakMap<object, Set<net.Socket>>();

function clientConfig(
  connectionString: string,
  settings: ConnectionSettings,
  own: Set<net.Socket>,
): pg.ClientConfig {
  const s = { ...WEB_REQUEST_SETTINGS, ...settings };
  return {
    connectionString,
    connectionTimeoutMillis: s.connectTimeoutMs,
    // pg sends these as startup parameters; 0 sends nothing (the server's default: no limit).
    statement_timeout: s.statementTimeoutMs,
    idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
    query_timeout: s.queryTimeoutMs || undefined,
    application_name: s.applicationName ?? 'helpdesk',
    stream: () => {
      const socket = new net.Socket();
      own.add(socket);
      socket.once('close', () => own.delete(socket));
      return socket;
    },
  };
}

/** `settings` may be just a number: the pool size, with the web request timeouts. */
export function createPool(
  connectionString: string,
  logger?: PoolLogger,
  sizeOrSettings: ConnectionSettings | number = {},
): Db {
  const settings = typeof sizeOrSettings === 'number' ? { max: sizeOrSettings } : sizeOrSettings;
  const { max, keepOpen, idleTimeoutMs } = { ...WEB_REQUEST_SETTINGS, ...settings };
  const own = new Set<net.Socket>();
  const pool = new pg.Pool({
    ...clientConfig(connectionString, settings, own),
    // Queries issued together on one client go out together (withUserTransaction's `first`, a
    // reply's reads): one round trip instead of one each. Sequential use is unchanged.
    pipeline: true,
    max,
    min: Math.min(keepOpen, max),
    idleTimeoutMillis: idleTimeoutMs,
  });
  sockets.set(pool, own);
  // Idle clients whose connection is lost: the pool drops them and opens new ones when needed.
  pool.on('error', (err) => {
    logger?.warn({ err: { message: err.message } }, 'idle database connection lost');
  });
  // A checked-out client's socket error also surfaces as its query's rejection; without a
  // listener the same event would crash the process.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      logger?.warn({ err: { message: err.message } }, 'database connection lost');
    });
  });
  return pool;
}

/**
 * A dedicated client (LISTEN, a health check, a backup), connected, with its 'error' handled.
 * The caller ends it; after an error it is broken and must be replaced.
 */
export async function connectClient(
  connectionString: string,
  logger?: PoolLogger,
  settings: ConnectionSettings = LONG_TASK_SETTINGS,
): Promise<pg.Client> {
  const client = new pg.Client(clientConfig(connectionString, settings, new Set()));
  client.on('error', (err) => {
    logger?.warn({ err: { message: err.message } }, 'database connection lost');
  });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}

/**
 * Cuts every connection of the pool at once (idle and busy). Queries waiting on them fail
 * immediately ("Connection terminated"), their clients are dropped, and the pool opens fresh
 * connections on the next query. For a database that stopped answering: waiting longer helps no one.
 */
export function breakConnections(pool: Db): number {
  const own = sockets.get(pool);
  if (!own) return 0;
  const count = own.size;
  for (const socket of own) socket.destroy();
  return count;
}
