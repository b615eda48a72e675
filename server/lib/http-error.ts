// Errors a handler throws on purpose. The error handler (plugins/errors.ts) turns them into
// `{ statusCode, error, message, fields? }` with any extra headers (e.g. Retry-After).
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
