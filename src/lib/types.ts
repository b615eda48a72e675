import type { components } from '../api/schema';

export type User = components['schemas']['User'];
export type Language = User['language'];

/** Success envelope: HTTP 200 with { statusCode, data }. */
export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
}

/**
 * Failure envelope: { statusCode, error, message, fields? }; a 409 Conflict also carries
 * `current`, the record as it is now (docs/api-records.md). Read from any error answer, so
 * every field may be missing.
 */
export type ApiErrorBody = Partial<components['schemas']['Error']> & { current?: unknown };

/** What a form keeps of a failed call, for the page to show. */
export interface ErrorInfo {
  message: string;
  status: number | null;
  fields?: Record<string, string>;
  /** 409 Conflict: the current record the server sent back. */
  current?: unknown;
  /** True when the error policy already told the user (toast or redirect). */
  notified?: boolean;
}

export type MessageData = components['schemas']['Message'];
