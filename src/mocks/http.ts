import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { HttpMethod, OpenApiHttpHandlers, OpenApiHttpRequestHandler } from 'openapi-msw';
import type { components, paths } from '../api/schema';
import { db, readClaims } from './db';
import { adminsOnly, allowedDuringTwoStepSetup, invalidFields, needsSession } from './validate';

/** One answer of a mock handler: the operation (as docs/openapi.json names it) and the response. */
export interface MockAnswer {
  method: HttpMethod;
  path: string;
  response: Response;
}

let answerObserver: ((answer: MockAnswer) => void) | null = null;

/** The SPA tests check every answer of these handlers against the contract (test/contract.ts). */
export function observeAnswers(observer: ((answer: MockAnswer) => void) | null): void {
  answerObserver = observer;
}

const typed = createOpenApiHttp<paths>({ baseUrl: '*' });

const ADMINS_ONLY = 'Only administrators can do this.';
const TWO_STEP_SETUP_FIRST = 'Set up two-step sign-in first: it is required for your account.';

/**
 * Each handler answers as the server's routes do before their own code runs: 401 without a
 * session where the operation needs one, 403 to a non-administrator where it is for
 * administrators (`x-role: admin`), then 400 for input its schema refuses (validate.ts).
 */
function observed<M extends HttpMethod>(method: M): OpenApiHttpRequestHandler<paths, M> {
  return (path, resolver, options) => {
    const reporting = (async (info) => {
      const { request, params } = info as { request: Request; params: Record<string, unknown> };
      const refusal = async () => {
        const session = needsSession(method, String(path)) ? sessionOf(request) : undefined;
        if (session === null) return unauthorized();
        if (
          session &&
          db.sessionInfo.get(session.jti)?.two_step_setup_required &&
          !allowedDuringTwoStepSetup(method, String(path))
        ) {
          return fail(403, 'Forbidden', TWO_STEP_SETUP_FIRST, undefined, {
            two_step_setup_required: true,
          });
        }
        if (adminsOnly(method, String(path)) && !session?.user.user_is_admin) {
          return fail(403, 'Forbidden', ADMINS_ONLY);
        }
        const invalid = await invalidFields(method, String(path), request, params);
        return invalid ? fail(400, 'Bad Request', 'Validation failed', invalid) : null;
      };
      const answer = (await refusal()) ?? (await resolver(info));
      if (answerObserver && answer instanceof Response) {
        answerObserver({ method, path: String(path), response: answer.clone() });
      }
      return answer;
    }) as typeof resolver;
    const make = typed[method] as unknown as OpenApiHttpRequestHandler<paths, M>;
    return make(path, reporting, options);
  };
}

/**
 * msw's `http`, typed by the API contract (src/api/schema.d.ts, from docs/openapi.json): a
 * handler takes only a path the API has (`/api/ticket/{id}/`), and an answer whose shape the
 * API does not have fails `npm run typecheck`. Any origin: tests and dev:mock call different
 * hosts.
 */
export const http: OpenApiHttpHandlers<paths> = {
  get: observed('get'),
  put: observed('put'),
  post: observed('post'),
  delete: observed('delete'),
  options: observed('options'),
  head: observed('head'),
  patch: observed('patch'),
  untyped: typed.untyped,
};

type ErrorBody = components['schemas']['Error'];

/** Helpers shared by the mock handlers (the API's envelopes and the session check). */
/**
 * One answer per member of a union: a handler for `/api/${kind}/{id}/` (ticket or content)
 * answers one of the two operations' shapes, never a mix.
 */
type Ok<T> = T extends unknown ? HttpResponse<{ statusCode: 200; data: T }> : never;

export function ok<T>(data: T): Ok<T> {
  return HttpResponse.json({ statusCode: 200, data }) as Ok<T>;
}

export function fail(
  status: number,
  error: string,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  const body: ErrorBody = {
    statusCode: status,
    error,
    message,
    ...(fields ? { fields } : {}),
    ...extra,
  };
  return HttpResponse.json<ErrorBody>(body, { status });
}

export function sessionOf(request: Request) {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^JWT (.+)$/.exec(header);
  if (!match) return null;
  const claims = readClaims(match[1]);
  if (!claims || claims.exp * 1000 <= Date.now() || db.revoked.has(claims.jti)) return null;
  const user = db.users.find((candidate) => String(candidate.id) === claims.sub);
  if (!user) return null;
  if (!db.sessions.has(claims.jti)) {
    if (db.loggedOut.has(user.id)) return null;
    db.sessions.set(claims.jti, user.id);
  }
  const info = db.sessionInfo.get(claims.jti);
  if (info) info.last_active = new Date().toISOString();
  return { user, jti: claims.jti };
}

export type MockUser = NonNullable<ReturnType<typeof sessionOf>>['user'];

export const unauthorized = () =>
  fail(401, 'Unauthorized', 'Unauthorized: Your session has expired. Please log in again.');

/**
 * A resolver for signed-in callers only (401 otherwise): `authed((user, info) => ...)`. Generic
 * in the resolver's info, so the typed handler's params and body reach `handler`.
 */
export function authed<Info extends { request: Request }, Answer>(
  handler: (user: MockUser, info: Info) => Answer,
) {
  return (info: Info): Answer | ReturnType<typeof unauthorized> => {
    const session = sessionOf(info.request);
    return session ? handler(session.user, info) : unauthorized();
  };
}

/** The JSON body as sent, whatever it is (the handlers check it as the server does). */
export async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
