// The administrators-only operations (`config: { role: 'admin' }`, plugins/auth.ts) are marked
// `x-role: admin` in the API contract, so the SPA's mocks refuse a non-administrator before
// validating the input, as the server does (src/mocks/http.ts), without a list of their own.
// Likewise the operations a session that must set up two-step sign-in first may call
// (`config: { duringTwoStepSetup: true }`) are marked `x-two-step-setup: allowed`, and the
// operations an API token may call are marked `x-scope: <scope>` (lib/token-scopes.ts) with the
// `bearerAuth` scheme among their security requirements.
import type { RouteOptions } from 'fastify';
import { operationScope } from './token-scopes.js';

export const ADMIN_ROLE_KEY = 'x-role';
export const TWO_STEP_SETUP_KEY = 'x-two-step-setup';
export const TOKEN_SCOPE_KEY = 'x-scope';

/** An onRoute hook (app.ts, before any route) and the contract's transform that uses it. */
export function adminOperations() {
  const marked = new Set<string>();
  const duringSetup = new Set<string>();
  const scopes = new Map<string, string>();
  const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return {
    collect(route: RouteOptions): void {
      for (const method of [route.method].flat()) {
        const key = `${method.toLowerCase()} ${openapiPath(route.url)}`;
        if (route.config?.role === 'admin') marked.add(key);
        if (route.config?.duringTwoStepSetup === true) duringSetup.add(key);
        const scope = operationScope(method, route.url, route.config);
        if (scope !== undefined && scope !== 'never' && !route.config?.public)
          scopes.set(key, scope);
      }
    },
    mark<T>(document: T): T {
      const paths = (document as { paths?: Record<string, Record<string, object>> }).paths ?? {};
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (marked.has(`${method} ${path}`)) {
            Object.assign(operation, { [ADMIN_ROLE_KEY]: 'admin' });
          }
          if (duringSetup.has(`${method} ${path}`)) {
            Object.assign(operation, { [TWO_STEP_SETUP_KEY]: 'allowed' });
          }
          const scope = scopes.get(`${method} ${path}`);
          if (scope !== undefined) {
            const security = (operation as { security?: object[] }).security ?? [];
            Object.assign(operation, {
              [TOKEN_SCOPE_KEY]: scope,
              security: [...security, { bearerAuth: [] }],
            });
          }
        }
      }
      return document;
    },
  };
}
