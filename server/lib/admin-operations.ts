// The administrators-only operations (`config: { role: 'admin' }`, plugins/auth.ts) are marked
// `x-role: admin` in the API contract, so the SPA's mocks refuse a non-administrator before
// validating the input, as the server does (src/mocks/http.ts), without a list of their own.
import type { RouteOptions } from 'fastify';

export const ADMIN_ROLE_KEY = 'x-role';

/** An onRoute hook (app.ts, before any route) and the contract's transform that uses it. */
export function adminOperations() {
  const marked = new Set<string>();
  const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return {
    collect(route: RouteOptions): void {
      if (route.config?.role !== 'admin') return;
      for (const method of [route.method].flat()) {
        marked.add(`${method.toLowerCase()} ${openapiPath(route.url)}`);
      }
    },
    mark<T>(document: T): T {
      const paths = (document as { paths?: Record<string, Record<string, object>> }).paths ?? {};
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (marked.has(`${method} ${path}`)) {
            Object.assign(operation, { [ADMIN_ROLE_KEY]: 'admin' });
          }
        }
      }
      return document;
    },
  };
}
