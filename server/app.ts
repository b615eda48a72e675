// Builds the Fastify app: plugins, the API under /api/, the OpenAPI document at /api/docs and
// the built SPA. server.ts starts it; tests use it through app.inject.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Ajv } from 'ajv';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { AppContext } from './lib/context.js';
import { jwtSecretProvider } from './lib/jwt-secret.js';
import { createPasswordHasher } from './lib/passwords.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { FIELD_MESSAGE_KEYWORD, registerErrorHandler } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticSpa } from './plugins/static-spa.js';
import { agentActionRoutes } from './routes/agent-actions/routes.js';
import { attachmentRoutes } from './routes/attachments/routes.js';
import { authRoutes } from './routes/auth/routes.js';
import { chartsRoutes } from './routes/charts/routes.js';
import { collectorRoutes } from './routes/collector/routes.js';
import { contactRoutes } from './routes/contact/routes.js';
import { healthRoutes } from './routes/health/routes.js';
import { lookupRoutes } from './routes/lookups/routes.js';
import { overviewRoutes } from './routes/overview/routes.js';
import { publicRoutes } from './routes/public/routes.js';
import { historyRoutes } from './routes/history/routes.js';
import { recordsRoutes } from './routes/records/routes.js';
import { relationsRoutes } from './routes/relations/routes.js';
import { searchRoutes } from './routes/search/routes.js';
import { sharingRoutes } from './routes/sharing/routes.js';
import { taxonomyRoutes } from './routes/taxonomy/routes.js';
import { threadRoutes } from './routes/threads/routes.js';
import { userRoutes } from './routes/users/routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Fastify logger options; false for silence (tests). Defaults to JSON lines at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (server.ts shares one with the startup code). Wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Cheap argon2 parameters. For tests only: production always uses the OWASP parameters. */
  testOnlyFastHashing?: boolean;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? { level: config.logLevel } }),
    // Unique across processes, so one request can be followed through the logs of N servers.
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: {
      customOptions: {
        // Report every invalid field at once; the schemas bound every string, so this is cheap.
        allErrors: true,
        // Keeps each error's schema, where the field's human message lives (errors.ts).
        verbose: true,
      },
      plugins: [
        (ajv: Ajv) =>
          ajv.addKeyword({ keyword: FIELD_MESSAGE_KEYWORD, schemaType: ['string', 'object'] }),
      ],
    },
  });
  app.decorateRequest('user', undefined);

  const ctx: AppContext = {
    db,
    config,
    hasher: createPasswordHasher(opts.testOnlyFastHashing === true),
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        logger: app.log,
      }),
    jwtSecret: jwtSecretProvider(db, config.jwtSecret),
  };

  registerErrorHandler(app);
  await registerSecurityHeaders(app);

  // `POST logout` is sent with an empty body; an empty JSON body means "no body", not an error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    defaultJsonParser(request, body.toString(), done);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Helpdesk API',
        version: '1',
        description:
          'Success: `{ statusCode, data }`. Failure: `{ statusCode, error, message, fields? }`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          jwt: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Send `JWT <token>` (the token from POST /api/login).',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      healthRoutes(api, ctx);
      authRoutes(api, ctx);
      userRoutes(api, ctx);
      publicRoutes(api, ctx);
      lookupRoutes(api, ctx);
      recordsRoutes(api, ctx);
      sharingRoutes(api, ctx);
      taxonomyRoutes(api, ctx);
      relationsRoutes(api, ctx);
      historyRoutes(api, ctx);
      attachmentRoutes(api, ctx);
      threadRoutes(api, ctx);
      agentActionRoutes(api, ctx);
      searchRoutes(api, ctx);
      overviewRoutes(api, ctx);
      chartsRoutes(api, ctx);
      collectorRoutes(api, ctx);
      contactRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  await registerStaticSpa(app, config.distDir);
  return app;
}
