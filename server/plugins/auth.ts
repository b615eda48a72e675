// Authentication: `Authorization: JWT <token>` (or `Bearer <token>`). The token must verify
// (HS256, unexpired) AND its session row must be live: one primary-key query that also loads
// the user, so logout and password resets take effect at once in every API process. Hot calls
// (lists, search) may take the session from the in-process cache instead (lib/session-cache.ts:
// kept current through LISTEN/NOTIFY), saving that round trip.
import type { FastifyRequest } from 'fastify';
import { prepared } from '../db/prepared.js';
import { TAB_ID_PATTERN, type Actor } from '../db/transaction.js';
import type { AppContext } from '../lib/context.js';
import { HttpError } from '../lib/http-error.js';
import { verifyJwt } from '../lib/jwt.js';

/** The signed-in user, as handlers see it on `request.user`. */
export interface AuthUser {
  id: number;
  fullname: string;
  email: string;
  user_is_hde: boolean;
  user_is_admin: boolean;
  items_per_page: number;
  language: 'en' | 'es';
  /** The session (JWT jti) this request came with. */
  session_id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized: Your session has expired. Please log in again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!token) return undefined;
  const claims = verifyJwt(token, await ctx.jwtSecret());
  if (!claims || !UUID.test(claims.jti) || !/^\d+$/.test(claims.sub)) return undefined;
  const hit = opts.cached ? ctx.sessions.get(claims.jti, Number(claims.sub)) : undefined;
  if (hit) return hit;
  const generation = ctx.sessions.generation();
  const { rows } = await ctx.db.query<Omit<AuthUser, 'id'> & { id: string; expires: Date }>(
    prepared(
      `SELECT u.id, u.fullname, u.email, u.user_is_hde, u.user_is_admin, u.items_per_page,
            u.language, s.jti AS session_id, s.expires
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
  return user;
}

/**
 * preHandler for routes that need a signed-in user: sets request.user or answers 401.
 * `cached`: for hot read-only calls (lists, search), see sessionUser.
 */
export function requireUser(ctx: AppContext, opts: { cached?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await sessionUser(ctx, bearerToken(request), opts);
    if (!user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
    request.user = user;
  };
}

/**
 * Who a request acts for, for withUserTransaction: its user, and the tab the SPA names in the
 * X-Helpdesk-Tab header (a malformed one is left out: the change is then only the user's).
 */
export function requestActor(request: FastifyRequest): Actor {
  const tab = request.headers['x-helpdesk-tab'];
  const userId = currentUser(request).id;
  return typeof tab === 'string' && TAB_ID_PATTERN.test(tab) ? { userId, tab } : { userId };
}

/** The user set by requireUser; a route that forgot the preHandler fails loudly. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error('requireUser preHandler missing on this route');
  return request.user;
}
