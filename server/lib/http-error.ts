// Errors a handler throws on purpose. The error handler (plugins/errors.ts) turns them into
// `{ statusCode, error, message, fields? }` with any extra headers (e.g. Retry-After) and any
// extra body properties (e.g. a 409's `current` record; the route's error schema must list them).
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A missing, expired or revoked session: every 401 says this. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized: Your session has expired. Please log in again.';
