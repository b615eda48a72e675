import i18n from 'i18next';
import type { paths } from '../api/schema';
import { httpRequest, queryString, type HttpRequestConfig, type HttpResponse } from './http';
import { getReqUrl, getToken } from './storage';

/**
 * This tab's id, new with every page load (random hex: `crypto.randomUUID` needs a secure
 * context). Every call names it, so a live event can say which tab made a change: that tab skips
 * it, and the same user's other tabs follow it (docs/api-live.md).
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');

/**
 * The one API client: base = stored reqUrl + '/api/', Authorization: JWT <token>, the
 * interface's current language as Accept-Language, so the server's messages match the screen,
 * and this tab's id as X-Helpdesk-Tab.
 */
export function apiRequest<T>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
  return httpRequest<T>({
    ...config,
    baseURL: `${getReqUrl()}/api/`,
    headers: { ...apiHeaders(), ...config.headers },
  });
}

function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Helpdesk-Tab': TAB_ID };
  const token = getToken();
  if (token) headers.Authorization = `JWT ${token}`;
  if (i18n.language) headers['Accept-Language'] = i18n.language;
  return headers;
}

/**
 * A streamed answer (the event stream): fetch, since XMLHttpRequest cannot hand over a body as
 * it arrives. Same base URL and headers as every call; rejects unless the answer is 2xx.
 */
export async function apiStream(
  path: ApiPath<'get'>,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch(`${getReqUrl()}${path}`, {
    headers: { ...apiHeaders(), Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  return response.body;
}

/**
 * A small POST that outlives the page (fetch keepalive), for what a tab says as it closes or
 * navigates away; nothing waits for the answer.
 */
export function apiBeacon(path: string, body: unknown): void {
  void fetch(`${getReqUrl()}${path}`, {
    method: 'POST',
    keepalive: true,
    headers: { ...apiHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

// ---- Calls typed by the API contract (src/api/schema.d.ts, from docs/openapi.json) ----------

export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The paths of the API that answer `method`, as docs/openapi.json spells them. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

export type ApiOperation<P extends keyof paths, M extends ApiMethod> = NonNullable<paths[P][M]>;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The success body of an operation: `{ statusCode: 200, data }` (never for a redirect-only one). */
export type ApiResponse<P extends keyof paths, M extends ApiMethod> = ApiOperation<
  P,
  M
>['responses'] extends { 200: infer R }
  ? Json<R>
  : never;

/** The `data` of an operation's success body. */
export type ApiData<P extends keyof paths, M extends ApiMethod> =
  ApiResponse<P, M> extends { data: infer D } ? D : never;

/** The query parameters an operation takes. */
export type ApiQuery<P extends keyof paths, M extends ApiMethod> =
  ApiOperation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The JSON body an operation takes. */
export type ApiBody<P extends keyof paths, M extends ApiMethod> =
  ApiOperation<P, M> extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

type PathPart<O> = O extends { parameters: { path: infer X } } ? { path: X } : { path?: never };
type QueryPart<O> = O extends { parameters: { query: infer Q } }
  ? { query: Q }
  : O extends { parameters: { query?: infer Q } }
    ? { query?: Q }
    : { query?: never };
type BodyPart<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : O extends { requestBody: { content: { 'multipart/form-data': unknown } } }
      ? { body: FormData }
      : { body?: never };

/** What a call needs besides its path: path parameters, query, body (as the operation says). */
export type ApiInit<P extends keyof paths, M extends ApiMethod> = PathPart<ApiOperation<P, M>> &
  QueryPart<ApiOperation<P, M>> &
  BodyPart<ApiOperation<P, M>> & {
    signal: AbortSignal;
    /** Anything else the transport takes (headers, onUploadProgress, responseType). */
    http?: Omit<HttpRequestConfig, 'url' | 'method' | 'params' | 'data' | 'signal' | 'baseURL'>;
  };

/** '/api/ticket/{id}/' with { id: 7 } -> 'ticket/7/' (relative to the client's base, .../api/). */
export function apiUrl(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/^\/api\//, '').replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in params)) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** ApiInit's parts as the transport takes them. */
interface InitParts {
  path?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  signal: AbortSignal;
  http?: Omit<HttpRequestConfig, 'url' | 'method' | 'params' | 'data' | 'signal' | 'baseURL'>;
}

function request(
  method: ApiMethod,
  path: string,
  { path: params, query, body, signal, http: extra }: InitParts,
): Promise<HttpResponse<unknown>> {
  const config: HttpRequestConfig = {
    ...extra,
    method,
    url: apiUrl(path, params),
    params: query as HttpRequestConfig['params'],
    data: body,
    signal,
  };
  if (startingEarly) return keepEarly(config);
  return takeEarly(config) ?? apiRequest(config);
}

/**
 * Reads started before their saga asks: the first screen's data, requested as the app starts
 * (routes' `firstData`, app/router.tsx) instead of after the page has loaded and rendered. The
 * saga's own call (same method, URL, query, body and session) takes the answer, or the failure
 * that its error policy then reports, once and within EARLY_FOR_MS; one nobody took is dropped.
 */
const early = new Map<string, { at: number; answer: Promise<HttpResponse<unknown>> }>();
const EARLY_FOR_MS = 10_000;
let startingEarly = false;

const earlyKey = (config: HttpRequestConfig) =>
  [
    config.method,
    config.url,
    queryString(config.params),
    JSON.stringify(config.data ?? null),
    getToken() ?? '',
  ].join(' ');

function keepEarly(config: HttpRequestConfig): Promise<HttpResponse<unknown>> {
  const answer = apiRequest<unknown>({ ...config, signal: undefined });
  answer.catch(() => undefined); // reported by the saga that takes it
  early.set(earlyKey(config), { at: Date.now(), answer });
  return answer;
}

function takeEarly(config: HttpRequestConfig): Promise<HttpResponse<unknown>> | undefined {
  if (early.size === 0) return undefined;
  const key = earlyKey(config);
  const found = early.get(key);
  early.delete(key);
  const now = Date.now();
  for (const [other, { at }] of early) if (now - at >= EARLY_FOR_MS) early.delete(other);
  return found && now - found.at < EARLY_FOR_MS ? found.answer : undefined;
}

/**
 * Starts now the read a saga will make soon: `call` is that saga's own request (e.g.
 * `recordsApi.list(type, scope, query)`), so the two cannot differ. Reads only: a GET, or a
 * search's POST.
 */
export function requestEarly(call: (signal: AbortSignal) => Promise<unknown>): void {
  startingEarly = true;
  try {
    void call(new AbortController().signal);
  } finally {
    startingEarly = false;
  }
}

/**
 * The API, typed by path and method from the contract: `api.get('/api/ticket/{id}/', { path:
 * { id }, signal })` resolves to the typed `{ statusCode, data }`. Errors are HttpErrors
 * (lib/http.ts), as lib/call-api.ts (the one error policy) expects.
 */
type TypedCall<M extends ApiMethod> = <P extends ApiPath<M>>(
  path: P,
  init: ApiInit<P, M>,
) => Promise<HttpResponse<ApiResponse<P, M>>>;

/**
 * A method's calls, typed by their operation over a transport that takes any path (TypeScript
 * cannot relate the generic ApiInit to InitParts itself: the union over every operation is too
 * large for it, so the two meet through `unknown`).
 */
const typed = <M extends ApiMethod>(method: M): TypedCall<M> => {
  const call = (path: string, init: InitParts) => request(method, path, init);
  return call as unknown as TypedCall<M>;
};

export const api = {
  get: typed('get'),
  post: typed('post'),
  put: typed('put'),
  delete: typed('delete'),
};
