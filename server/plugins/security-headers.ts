// Security headers on every response, SPA and API alike. The CSP allows no inline script;
// inline styles stay allowed because UI libraries set style attributes.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** `tls`: this server terminates HTTPS itself (TLS_CERT_FILE), so it says to keep to HTTPS. */
function helmetOptions(tls: boolean): HelmetOptions {
  return {
    // useDefaults: false keeps helmet from adding upgrade-insecure-requests, which would break
    // the app when served over plain http on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http (the default) HSTS belongs to the TLS-terminating proxy in front.
    strictTransportSecurity: tls ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  };
}

/** The headers helmet sets for these options: they depend on nothing in the request. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)(undefined as never, collect, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, tls: boolean): void {
  // Computed once: @fastify/helmet built helmet's middleware (parsing the CSP) on every request,
  // about a tenth of an empty call's CPU.
  const headers = helmetHeaders(helmetOptions(tls));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
