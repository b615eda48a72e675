// Recognises "the database is not answering" errors so the error handler can answer 503 with
// Retry-After instead of a 500: the condition is temporary and the pool recovers by itself.

/** Node socket errors plus PostgreSQL's connection-exception and shutdown SQLSTATE codes. */
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
]);

/** pg reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
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
