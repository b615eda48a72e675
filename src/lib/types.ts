export type Language = 'en' | 'es';

export interface User {
  id: number;
  fullname: string;
  email: string;
  user_is_hde: boolean;
  user_is_admin: boolean;
  items_per_page: number;
  language: Language;
}

/** Success envelope: HTTP 200 with { statusCode, data }. */
export interface ApiSuccess<T> {
  statusCode: number;
  data: T;
}

/** Failure envelope: { statusCode, error, message, fields? }. */
export interface ApiErrorBody {
  statusCode: number;
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  /** 409 Conflict: the record as it is now (docs/api-records.md). */
  current?: unknown;
}

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

export interface MessageData {
  message: string;
}
