// The SPA's HTTP transport: a small XMLHttpRequest wrapper with what the API helper needs (JSON,
// FormData with upload progress, blobs, abort). It replaces axios, which weighed about 15 KB
// gzipped in the first page's JavaScript; the shapes (response.data/status, error.response)
// stay the ones the sagas and the error policy read.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpProgressEvent {
  loaded: number;
  total?: number;
}

export interface HttpRequestConfig {
  method?: HttpMethod;
  /** Relative to baseURL unless absolute. */
  url: string;
  baseURL?: string;
  /** Query parameters; null/undefined are left out, arrays repeat the key. */
  params?: Record<string, QueryValue | readonly QueryValue[]> | object;
  /** A JSON value, or FormData (sent as multipart with the browser's boundary). */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'json' (default: parsed when the body is JSON, else text) or 'blob'. */
  responseType?: 'json' | 'blob';
  onUploadProgress?: (event: HttpProgressEvent) => void;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

/** A failed request: `response` is set when the server answered (any non-2xx status). */
export class HttpError extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly code: 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ERR_CANCELED',
    readonly response?: HttpResponse<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The request was aborted through its signal (a cancelled saga): never shown to the user. */
export class CanceledError extends HttpError {
  constructor() {
    super('canceled', 'ERR_CANCELED');
    this.name = 'CanceledError';
  }
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}

export function isCancel(err: unknown): err is CanceledError {
  return err instanceof CanceledError;
}

export function queryString(params: HttpRequestConfig['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    for (const v of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (v === null || v === undefined) continue;
      search.append(key, v instanceof Date ? v.toISOString() : String(v));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function fullUrl({ baseURL, url, params }: HttpRequestConfig): string {
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith('/');
  const base = !absolute && baseURL ? `${baseURL.replace(/\/+$/, '')}/` : '';
  return `${base}${url}${queryString(params)}`;
}

function responseHeaders(xhr: XMLHttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

function body(xhr: XMLHttpRequest, config: HttpRequestConfig): unknown {
  if (config.responseType === 'blob') return xhr.response as Blob;
  const text = xhr.responseText;
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One request; resolves on 2xx, rejects with HttpError otherwise (CanceledError on abort). */
export function httpRequest<T>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const { signal } = config;
    if (signal?.aborted) {
      reject(new CanceledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open((config.method ?? 'get').toUpperCase(), fullUrl(config), true);
    if (config.responseType === 'blob') xhr.responseType = 'blob';
    const isForm = typeof FormData !== 'undefined' && config.data instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    if (config.data !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      // A form's Content-Type is the browser's (with its boundary).
      if (isForm && name.toLowerCase() === 'content-type') continue;
      headers[name] = value;
    }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);
    if (config.onUploadProgress && xhr.upload) {
      const report = config.onUploadProgress;
      xhr.upload.addEventListener('progress', (event) =>
        report({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined }),
      );
    }
    xhr.onload = () => {
      done();
      const response: HttpResponse<T> = {
        data: body(xhr, config) as T,
        status: xhr.status,
        headers: responseHeaders(xhr),
      };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else
        reject(
          new HttpError(
            `Request failed with status code ${xhr.status}`,
            'ERR_BAD_RESPONSE',
            response,
          ),
        );
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError('Network Error', 'ERR_NETWORK'));
    };
    xhr.onabort = () => {
      done();
      reject(new CanceledError());
    };
    const payload = isForm
      ? (config.data as FormData)
      : config.data === undefined
        ? null
        : JSON.stringify(config.data);
    xhr.send(payload);
  });
}
