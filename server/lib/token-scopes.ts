// Which scope an API token needs for each operation, decided from the route alone in this one
// place: the session check enforces it (plugins/auth.ts) and the API contract shows it as the
// operation's `x-scope` (lib/admin-operations.ts). Rules: docs/sign-in.md, "API tokens".
import type { RouteOptions } from 'fastify';

export const TOKEN_SCOPES = [
  'tickets:read',
  'tickets:write',
  'content:read',
  'content:write',
  'admin',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * A scope; 'any' for what every token may do (read its own user); 'never' for what a token
 * may never do (tokens, sign-in settings, two-step, passkeys, sessions, passwords, sign-in itself);
 * undefined for operations not open to tokens.
 */
export type OperationScope = TokenScope | 'any' | 'never' | undefined;

/** Sign-in and account security: a leaked token must not be able to widen or keep its access. */
const NEVER = [
  /^\/user\/me\/(tokens|password|two-step|passkeys|sessions)(\/|$)/,
  /^\/admin\/(tokens|sign-in-settings|sso-providers)(\/|$)/,
  /^\/(login|logout)(\/|$)/,
];

export function operationScope(
  method: string,
  url: string,
  config: RouteOptions['config'],
): OperationScope {
  const path = url.replace(/^\/api(?=\/)/, '');
  if (NEVER.some((re) => re.test(path))) return 'never';
  if (config?.role === 'admin') return 'admin';
  const reads = method === 'GET' || method === 'HEAD';
  // The searches are POSTs that only read.
  if (/^\/search\/ticket\//.test(path)) return 'tickets:read';
  if (/^\/search\/content\//.test(path)) return 'content:read';
  if (/^\/ticket(\/|$)/.test(path)) return reads ? 'tickets:read' : 'tickets:write';
  if (/^\/content(\/|$)/.test(path)) return reads ? 'content:read' : 'content:write';
  if (path === '/user/me' && reads) return 'any';
  return undefined;
}
