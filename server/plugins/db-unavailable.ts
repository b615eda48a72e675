// Recognises "the database is not answering" errors so the error handler can answer 503 with
// Retry-After instead of a 500: the condition is temporary and the pool recovers by itself.
// While the health monitor knows the database is down, calls fail fast with the same answer.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHealth } from '../db/health-monitor.js';

/** Node socket errors plus PostgreSQL's connection-exception and shutdown SQLSTATE codes. */
/** Code of the error thrown while the health monitor knows the database is down. */
export const DATABASE_DOWN_CODE = 'HELPDESK_DATABASE_DOWN';

export class DatabaseDownError extends Error {
  readonly code = DATABASE_DOWN_CODE;
  constructor() {
    super('The database is down (health monitor).');
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout: the database is overloaded or blocked)
  '25P03', // idle_in_transaction_session_timeout ended the connection
  DATABASE_DOWN_CODE,
]);

/** pg reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Query read timeout', // query_timeout: the server did not answer at all (hung)
  'Client was closed and is not queryable',
];

export const DB_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';
export const DB_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // AggregateError: connecting to "localhost" tries ::1 and 127.0.0.1 and may fail on both.
  if (err instanceof AggregateError && err.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((m) => err.message.includes(m));
}

/** How long a call waits for a fresh check while the database is marked down. */
const RECHECK_WAIT_MS = 800;

/**
 * While the database is known to be down, API calls that need it answer 503 within a second
 * instead of each waiting for its own timeout. Each such call first waits briefly for one shared
 * fresh check, so a single slow answer on a busy machine costs a short delay, not a 503.
 * Health and the API docs answer by themselves.
 */
export function failFastWhileDatabaseDown(api: FastifyInstance, health: DatabaseHealth): void {
  api.addHook('onRequest', async (request) => {
    if (health.isUp()) return;
    const path = request.url.split('?')[0];
    if (path === '/api/health' || path.startsWith('/api/docs')) return;
    if (await health.recheck(RECHECK_WAIT_MS)) return;
    throw new DatabaseDownError();
  });
}
