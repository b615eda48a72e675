// Security headers on every response, SPA and API alike. The CSP allows no inline script;
// inline styles stay allowed because UI libraries set style attributes.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
export async function registerSecurityHeaders(app: FastifyInstance, tls: boolean): Promise<void> {
  await app.register(helmet, {
    global: true,
    // useDefaults: false keeps helmet from adding upgrade-insecure-requests, which would break
    // the app when served over plain http on a LAN address.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http (the default) HSTS belongs to the TLS-terminating proxy in front.
    strictTransportSecurity: tls ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}
