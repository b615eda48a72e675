// Authentication: `Authorization: JWT <token>` (or `Bearer <token>`). The token must verify
// (HS256, unexpired) AND its session row must be live: one primary-key query that also loads
// the user, so logout and password resets take effect at once in every API process. Hot calls
// (lists, search, a record's reads) may take the session from the in-process cache instead
// (lib/session-cache.ts: kept current through LISTEN/NOTIFY), saving that round trip; hot writes
// (a new record, a message) take the user from it too and confirm the session inside their
// transaction's first round trip.
//
// Every route under /api/ needs a session unless its options say `config: { public: true }`:
// the onRoute hook below (registered once, in app.ts) puts the check in the route's onRequest,
// so it runs before the body is read or anything is validated: a caller without a valid token
// learns nothing about a route's input (a 401, never a 400 with field messages).
import type { FastifyRequest, RouteOptions } from 'fastify';
import { auditTokenScope, auditUnknownToken } from '../audit/token-refusal.js';
import { prepared } from '../db/prepared.js';
import type { Actor } from '../db/transaction.js';
import type { AppContext } from '../lib/context.js';
import type { PublicUser } from '../lib/schemas.js';
import { HttpError, UNAUTHORIZED_MESSAGE } from '../lib/http-error.js';

export const ADMINS_ONLY = 'Only administrators can do this.';
import { createTokenVerifier } from '../lib/jwt.js';
import { fill } from '../lib/i18n.js';
import { hashOneTimeToken } from '../lib/one-time-token.js';
import { operationScope, type OperationScope, type TokenScope } from '../lib/token-scopes.js';

/** What every API token starts with, so a leaked one is recognisable (docs/sign-in.md). */
export const API_TOKEN_PREFIX = 'hdk_';
export const TOKEN_NOT_ALLOWED = 'API tokens cannot call this operation: sign in instead.';
export const TOKEN_NEVER =
  'An API token cannot manage tokens, sign-in settings, two-step sign-in, sessions or passwords.';
export const tokenLacksScope = (scope: string) =>
  fill('This API token does not have the {{scope}} scope.', { scope });

/** A tab's id as the SPA makes it (src/lib/api-client.ts). */
const TAB_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
/** A session's id (a JWT's jti, a UUID). */
const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user, as handlers see it on `request.user`. */
export interface AuthUser {
  id: number;
  fullname: string;
  email: string;
  user_is_hde: boolean;
  user_is_admin: boolean;
  items_per_page: PublicUser['items_per_page'];
  language: PublicUser['language'];
  /** The session (JWT jti) this request came with. */
  session_id: string;
  /** Two-step sign-in is required and not set up yet: only its setup may be called. */
  two_step_setup_required: boolean;
  /** Set when the request came with an API token rather than a session. */
  token?: { id: number; scopes: TokenScope[] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers without a session (login, register, health...): no `security` in its schema. */
    public?: boolean;
    /**
     * Where the session check of a hot call may come from (see authenticate): 'read' for the
     * read-only ones, 'write' for a write made in withUserTransaction(requestActor(request)).
     * Without it, every call reads its session row.
     */
    session?: 'read' | 'write';
    /** Only administrators (`user_is_admin`) may call it: anyone else signed in gets 403. */
    role?: 'admin';
    /**
     * A session that must set up two-step sign-in first may call it (the setup itself, the
     * signed-in user, logout); every other call answers such a session 403.
     */
    duringTwoStepSetup?: boolean;
  }
  interface FastifyRequest {
    user?: AuthUser;
    /** The user came from the session cache for a write: its transaction confirms the session. */
    sessionUnconfirmed?: boolean;
  }
}

/** Every app in the process shares it: entries are keyed by the token and the secret. */
const verifyToken = createTokenVerifier();

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
  return match?.[1];
}

/**
 * The user of a live session, or undefined. Database errors propagate (they mean 503).
 * `cached`: a live session in the process's session cache answers without the database.
 */
export async function sessionUser(
  ctx: AppContext,
  token: string | undefined,
  opts: { cached?: boolean } = {},
): Promise<AuthUser | undefined> {
  return (await resolveSession(ctx, token, opts.cached ?? false))?.user;
}

/** The session's user, and whether it came from the cache (its row was not read). */
async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
  cached: boolean,
): Promise<{ user: AuthUser; fromCache: boolean } | undefined> {
  if (!token) return undefined;
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const user = await apiTokenUser(ctx, token);
    return user && { user, fromCache: false };
  }
  const claims = verifyToken(token, await ctx.jwtSecret());
  if (!claims || !SESSION_ID_PATTERN.test(claims.jti) || !/^\d+$/.test(claims.sub))
    return undefined;
  const hit = cached ? ctx.sessions.get(claims.jti, Number(claims.sub)) : undefined;
  if (hit) return { user: hit, fromCache: true };
  const generation = ctx.sessions.generation();
  const { rows } = await ctx.db.query<Omit<AuthUser, 'id'> & { id: string; expires: Date }>(
    // The check also marks the session active (touchSession) when that is a minute old: no
    // statement of its own on a session's first call in this process.
    prepared(
      `WITH touch AS (
         UPDATE sessions SET last_active = now()
          WHERE jti = $1 AND user_id = $2 AND last_active < now() - interval '1 minute')
       SELECT u.id, u.fullname, u.email, u.user_is_hde, u.user_is_admin, u.items_per_page,
            u.language, s.jti AS session_id, s.two_step_setup_required, s.expires
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.jti = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires > now()`,
      [claims.jti, claims.sub],
    ),
  );
  const row = rows[0];
  if (!row) return undefined;
  const { expires, ...fields } = row;
  const user: AuthUser = { ...fields, id: Number(row.id) };
  ctx.sessions.put(user, expires, generation);
  return { user, fromCache: false };
}

/**
 * The user of a live API token: unexpired, not revoked (deleted), its user not deactivated.
 * Never cached, so a revocation or deactivation takes effect at once in every process.
 */
async function apiTokenUser(ctx: AppContext, token: string): Promise<AuthUser | undefined> {
  const { rows } = await ctx.db.query<
    Omit<AuthUser, 'id' | 'token'> & { id: string; token_id: string; scopes: TokenScope[] }
  >(
    prepared(
      `SELECT u.id, u.fullname, u.email, u.user_is_hde, u.user_is_admin, u.items_per_page,
            u.language, '' AS session_id, false AS two_step_setup_required,
            t.id AS token_id, t.scopes
       FROM api_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.expires > now() AND u.deactivated_at IS NULL`,
      [hashOneTimeToken(token)],
    ),
  );
  const row = rows[0];
  if (!row) return undefined;
  const { token_id, scopes, ...fields } = row;
  return { ...fields, id: Number(row.id), token: { id: Number(token_id), scopes } };
}

/**
 * The check a route that needs a signed-in user runs first: sets request.user or answers 401.
 * `cached` lets the session cache answer instead of the database:
 * - 'read': hot read-only calls (lists, search, a record's reads);
 * - 'write': a write whose every change is made in withUserTransaction(requestActor(request)):
 *   that transaction confirms the session is still live in its first round trip (with BEGIN)
 *   and answers 401 if it is not, so a session revoked by another process a moment ago (its
 *   NOTIFY still on the way) changes nothing.
 */
function authenticate(ctx: AppContext, cached: 'read' | 'write' | undefined) {
  return async function authenticateSession(request: FastifyRequest): Promise<void> {
    const bearer = bearerToken(request);
    const found = await resolveSession(ctx, bearer, cached !== undefined);
    if (!found) {
      if (bearer?.startsWith(API_TOKEN_PREFIX)) await auditUnknownToken(ctx.db, request, bearer);
      throw new HttpError(401, UNAUTHORIZED_MESSAGE);
    }
    request.user = found.user;
    if (found.fromCache && cached === 'write') request.sessionUnconfirmed = true;
    if (found.user.token) touchToken(ctx, found.user.token.id, request.ip, request.log);
    else if (found.fromCache) touchSession(ctx, found.user.session_id, request.log);
    else touched.set(found.user.session_id, Date.now()); // its check marked it
  };
}

/** When this process last marked each session active, ms (bounded: cleared when full). */
const touched = new Map<string, number>();
const TOUCH_EVERY_MS = 60_000;

/**
 * Keeps a session's `last_active` (shown in the user's session list) within a minute of its
 * last call: at most one UPDATE a minute per session and process, not awaited, and it does not
 * announce a change to the session caches (migration 041's trigger ignores the column).
 */
function touchSession(ctx: AppContext, jti: string, log: FastifyRequest['log']): void {
  const now = Date.now();
  if (now - (touched.get(jti) ?? 0) < TOUCH_EVERY_MS) return;
  if (touched.size >= 10_000) touched.clear();
  touched.set(jti, now);
  ctx.db
    .query(
      `UPDATE sessions SET last_active = now()
        WHERE jti = $1 AND last_active < now() - interval '1 minute'`,
      [jti],
    )
    .catch((err: unknown) => log.warn({ err }, 'session last_active not updated'));
}

const tokensTouched = new Map<number, number>();

/** A token's last use and address, like touchSession: at most one UPDATE a minute. */
function touchToken(ctx: AppContext, id: number, ip: string, log: FastifyRequest['log']): void {
  const now = Date.now();
  if (now - (tokensTouched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
  if (tokensTouched.size >= 10_000) tokensTouched.clear();
  tokensTouched.set(id, now);
  ctx.db
    .query(
      `UPDATE api_tokens SET last_used = now(), last_ip = $2
        WHERE id = $1 AND (last_used IS NULL OR last_used < now() - interval '1 minute')`,
      [id, ip],
    )
    .catch((err: unknown) => log.warn({ err }, 'token last_used not updated'));
}

/** Refuses an API token outside its scopes; a session passes. */
function requireScope(ctx: AppContext, scope: OperationScope) {
  return async function checkTokenScope(request: FastifyRequest): Promise<void> {
    const token = currentUser(request).token;
    if (!token || scope === 'any') return;
    const refuse = async (error: HttpError, reason: string) => {
      await auditTokenScope(ctx.db, request, token.id, reason, scope);
      throw error;
    };
    if (scope === 'never') return refuse(new HttpError(403, TOKEN_NEVER), 'not_allowed');
    if (scope === undefined) return refuse(new HttpError(403, TOKEN_NOT_ALLOWED), 'not_allowed');
    if (!token.scopes.includes(scope))
      return refuse(new HttpError(403, tokenLacksScope(scope)), 'missing_scope');
  };
}

/**
 * onRoute hook for the /api/ scope (app.ts): every route not marked `config: { public: true }`
 * authenticates in its onRequest, before its body is parsed and its input validated. The
 * OpenAPI document must say the same: a route that needs a session declares
 * `security: authenticated`, a public one does not, or the server refuses to start.
 */
export function authenticateUnlessPublic(ctx: AppContext): (route: RouteOptions) => void {
  const checks = {
    db: authenticate(ctx, undefined),
    read: authenticate(ctx, 'read'),
    write: authenticate(ctx, 'write'),
  };
  return (route) => {
    const name = `${String(route.method)} ${route.url}`;
    const isPublic = route.config?.public === true;
    const documented = (route.schema?.security?.length ?? 0) > 0;
    if (isPublic && documented) {
      throw new Error(`${name}: a public route must not declare security in its schema`);
    }
    if (!isPublic && !documented) {
      throw new Error(
        `${name}: needs a session, so its schema must declare security: authenticated ` +
          '(or the route is public: config: { public: true })',
      );
    }
    if (isPublic) return;
    const check = checks[route.config?.session ?? 'db'];
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    const role = route.config?.role === 'admin' ? [requireAdmin] : [];
    const setup = route.config?.duringTwoStepSetup === true ? [] : [requireTwoStepDone];
    const methods = [route.method].flat();
    // A route serving several methods is open to tokens only when they need the same scope.
    const scopes = methods.map((m) => operationScope(m, route.url, route.config));
    const scope = scopes.every((x) => x === scopes[0]) ? scopes[0] : undefined;
    route.onRequest = [check, requireScope(ctx, scope), ...setup, ...role, ...own];
  };
}

export const TWO_STEP_SETUP_FIRST =
  'Set up two-step sign-in first: it is required for your account.';

/** Refuses a session that must set up two-step sign-in first (docs/sign-in.md). */
async function requireTwoStepDone(request: FastifyRequest): Promise<void> {
  if (currentUser(request).two_step_setup_required)
    throw new HttpError(403, TWO_STEP_SETUP_FIRST, undefined, undefined, {
      two_step_setup_required: true,
    });
}

/** A route's `config: { role: 'admin' }`: runs right after the session check, before validation. */
async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).user_is_admin) throw new HttpError(403, ADMINS_ONLY);
}

/**
 * Who a request acts for, for withUserTransaction: its user, and the tab the SPA names in the
 * X-Helpdesk-Tab header (a malformed one is left out: the change is then only the user's).
 */
export function requestActor(request: FastifyRequest): Actor {
  const tab = request.headers['x-helpdesk-tab'];
  const user = currentUser(request);
  return {
    userId: user.id,
    address: request.ip,
    ...(typeof tab === 'string' && TAB_ID_PATTERN.test(tab) ? { tab } : {}),
    ...(request.sessionUnconfirmed ? { confirmSession: user.session_id } : {}),
  };
}

/** The user the session check set; on a public route, this fails loudly. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('currentUser called on a route without a session check');
  return request.user;
}
