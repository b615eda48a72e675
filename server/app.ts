// Builds the Fastify app: plugins, the API under /api/, the OpenAPI document at /api/docs and
// the built SPA. server.ts starts it; tests use it through app.inject.
import { randomUUID } from 'node:crypto';
import type { Http2SecureServer } from 'node:http2';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Ajv } from 'ajv';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHealth } from './db/health-monitor.js';
import type { Db } from './db/pool.js';
import { clockFromConfig, type Clock } from './lib/clock.js';
import type { AppContext } from './lib/context.js';
import { jwtSecretProvider } from './lib/jwt-secret.js';
import type { MailListenerMonitor } from './mail/inbound/listener-health.js';
import { createSessionCache } from './lib/session-cache.js';
import { PLAIN_TEXT_KEYWORD, applyPlainTextRule, isPlainText } from './lib/plain-text.js';
import { oneLineKeyword } from './lib/one-line.js';
import { createPasswordHasher } from './lib/passwords.js';
import { sharedSchemas } from './lib/schemas.js';
import { adminOperations } from './lib/admin-operations.js';
import { failFastWhileDatabaseDown } from './plugins/db-unavailable.js';
import { jobPolicies } from './jobs/jobs.js';
import { createJobQueue, type JobQueue } from './jobs/queue.js';
import { queueStarter } from './jobs/queue-starter.js';
import { createQueuedMailer, type Mailer } from './mail/outgoing.js';
import {
  FIELD_MESSAGE_KEYWORD,
  answerFrameworkError,
  registerErrorHandler,
} from './plugins/errors.js';
import { authenticateUnlessPublic, bearerToken, sessionUser } from './plugins/auth.js';
import { registerLocalizedTexts } from './plugins/localize.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerJsonCompression } from './plugins/compress-json.js';
import { registerStaticSpa } from './plugins/static-spa.js';
import { helpCentreRoutes } from './help-centre/routes.js';
import { createBlobStore, type BlobStore } from './storage/blob-store.js';
import { agentActionRoutes } from './routes/agent-actions/routes.js';
import { attachmentRoutes } from './routes/attachments/routes.js';
import { twoStepRoutes } from './routes/two-step/routes.js';
import { apiTokenRoutes } from './routes/api-tokens/routes.js';
import { passkeyRoutes } from './routes/passkeys/routes.js';
import { authRoutes } from './routes/auth/routes.js';
import { chartsRoutes } from './routes/charts/routes.js';
import { collectorRoutes } from './routes/collector/routes.js';
import { contactRoutes } from './routes/contact/routes.js';
import { slaRoutes } from './routes/sla/routes.js';
import { healthRoutes } from './routes/health/routes.js';
import { lookupRoutes } from './routes/lookups/routes.js';
import { mailChannelRoutes } from './routes/mail-channels/routes.js';
import { overviewRoutes } from './routes/overview/routes.js';
import { publicRoutes } from './routes/public/routes.js';
import { historyRoutes } from './routes/history/routes.js';
import { recordsRoutes } from './routes/records/routes.js';
import { articleReviewRoutes } from './routes/article-review/routes.js';
import { translationRoutes } from './routes/translations/routes.js';
import { relationsRoutes } from './routes/relations/routes.js';
import { mergeRoutes } from './routes/merge/routes.js';
import { searchRoutes } from './routes/search/routes.js';
import { sharingRoutes } from './routes/sharing/routes.js';
import { taxonomyRoutes } from './routes/taxonomy/routes.js';
import { threadRoutes } from './routes/threads/routes.js';
import { userRoutes } from './routes/users/routes.js';
import { createLiveHub } from './live/hub.js';
import { liveRoutes } from './routes/live/routes.js';
import { bulkRoutes } from './routes/bulk/routes.js';
import { viewsRoutes } from './routes/views/routes.js';
import { detailsRoutes } from './routes/details/routes.js';
import { macroRoutes } from './routes/macros/routes.js';
import { customFieldRoutes } from './routes/custom-fields/routes.js';
import { webhookRoutes } from './routes/webhooks/routes.js';
import { auditRoutes } from './routes/audit/routes.js';
import { organizationRoutes } from './routes/organizations/routes.js';
import { adminRoutes } from './routes/admin/routes.js';
import { assignmentRoutes } from './routes/assignment/routes.js';
import { tagRoutes } from './routes/tags/routes.js';
import { templateRoutes } from './routes/templates/routes.js';
import { suggestionRoutes } from './routes/suggestions/routes.js';
import { triggerRoutes } from './routes/triggers/routes.js';
import { automationRoutes } from './routes/automations/routes.js';
import { ssoRoutes } from './routes/sso/routes.js';
import { ratingPageRoutes, ratingRoutes } from './routes/ratings/routes.js';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Fastify logger options; false for silence (tests). Defaults to JSON lines at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (server.ts shares one with the startup code). Wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Database health monitor: calls fail fast (503) while it knows the database is down. */
  dbHealth?: DatabaseHealth;
  /** This process's inbound SMTP listener, up, down or off, for GET /api/health (server.ts). */
  mailListener?: MailListenerMonitor;
  /** Where attachment files live; defaults to the store config.s3Url chooses. */
  blobs?: BlobStore;
  /** The job queue to send to; by default a send-only queue on `db`, stopped with the app. */
  queue?: JobQueue;
  /** The SLA clock; by default real time (or TEST_CLOCK_OFFSET_FILE's offset). */
  clock?: Clock;
  /** Cheap argon2 parameters. For tests only: production always uses the OWASP parameters. */
  testOnlyFastHashing?: boolean;
  /**
   * The certificate and its key (PEM): the app then answers HTTPS, HTTP/2 where the client
   * offers it (server.ts reads and checks config.tls's files before the database starts).
   */
  tls?: { cert: Buffer; key: Buffer };
}

/**
 * One log line per request, when it is answered, with what Fastify's "incoming request" line
 * said: each line is a write, and the pair cost a third of an empty call's CPU
 * (docs/performance.md, "one log line per request").
 */
class OneLinePerRequest extends LogController {
  incomingRequest(): void {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const options = {
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? { level: config.logLevel } }),
    // Unique across processes, so one request can be followed through the logs of N servers.
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    ajv: {
      customOptions: {
        // Report every invalid field at once; the schemas bound every string, so this is cheap.
        allErrors: true,
        // Keeps each error's schema, where the field's human message lives (errors.ts).
        verbose: true,
        // A type list (`['string', 'number']`) takes either as sent; anyOf would coerce a number
        // to the first branch's string (custom field filters, records/field-filters.ts).
        allowUnionTypes: true,
        // oneOf by a tag property (a trigger's condition `field`, action `type`): only the
        // branch the tag names is checked, so its errors name that branch's parts.
        discriminator: true,
      },
      plugins: [
        (ajv: Ajv) =>
          ajv.addKeyword({ keyword: FIELD_MESSAGE_KEYWORD, schemaType: ['string', 'object'] }),
        (ajv: Ajv) =>
          ajv.addKeyword({
            keyword: PLAIN_TEXT_KEYWORD,
            type: 'string',
            schemaType: 'boolean',
            validate: (on: boolean, data: string) => !on || isPlainText(data),
          }),
        oneLineKeyword,
      ],
    },
  } satisfies FastifyServerOptions;
  const app = opts.tls
    ? // HTTPS: HTTP/2 where the browser offers it (one connection for the page's files and calls
      // instead of six), HTTP/1.1 otherwise. The routes use only what both request and reply
      // kinds have, so the instance is typed as the HTTP/1.1 one they are written against.
      (Fastify({
        ...options,
        http2: true,
        https: { allowHTTP1: true, ...opts.tls },
      } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
    : Fastify(options);
  app.decorateRequest('user', undefined);
  // Before any route: every route's input strings get the plain-text rule (lib/plain-text.ts).
  app.addHook('onRoute', applyPlainTextRule);
  const admins = adminOperations();
  app.addHook('onRoute', admins.collect);

  const queue =
    opts.queue ??
    createJobQueue(db, { policies: jobPolicies(config), log: app.log, worker: false });
  if (!opts.queue) {
    const starter = queueStarter(queue, app.log);
    app.addHook('onReady', starter.start);
    app.addHook('onClose', starter.stop);
  }
  const ctx: AppContext = {
    db,
    config,
    hasher: createPasswordHasher(opts.testOnlyFastHashing === true),
    mailer: opts.mailer ?? createQueuedMailer(queue, config.mailFrom),
    queue,
    jwtSecret: jwtSecretProvider(db, config.jwtSecret),
    dbHealth: opts.dbHealth,
    mailListener: opts.mailListener,
    blobs: opts.blobs ?? (await createBlobStore(db, config.s3Url, app.log)),
    clock: opts.clock ?? clockFromConfig(config),
    live: createLiveHub({
      db,
      url: db.options.connectionString ?? '',
      log: app.log,
      presenceTtlMs: config.presenceTtlMs,
      heartbeatMs: config.liveHeartbeatMs,
    }),
    sessions: createSessionCache(db, app.log),
  };
  // Before the server stops accepting: open event streams never end by themselves, and the
  // SIGTERM drain waits for every connection.
  app.addHook('preClose', () => ctx.live.close());
  app.addHook('onClose', () => ctx.sessions.stop());
  await ctx.sessions.ready;

  registerErrorHandler(app);
  registerLocalizedTexts(app, async (request) => {
    const token = bearerToken(request);
    return token ? (await sessionUser(ctx, token, { cached: true }))?.language : undefined;
  });
  registerSecurityHeaders(app, opts.tls !== undefined);

  // `POST logout` is sent with an empty body; an empty JSON body means "no body", not an error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    defaultJsonParser(request, body.toString(), done);
  });

  await app.register(swagger, {
    // A shape registered with app.addSchema appears under its $id in components/schemas, so the
    // types generated from docs/openapi.json carry that name (npm run openapi).
    transformObject: (doc) =>
      admins.mark('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      info: {
        title: 'Helpdesk API',
        version: '1',
        description:
          'Success: `{ statusCode, data }`. Failure: `{ statusCode, error, message, fields? }`. ' +
          'A string marked `x-one-line` refuses line breaks, tabs and other control characters ' +
          '(U+0000-U+001F, U+007F-U+009F, U+2028, U+2029) with a 400 and a field message. ' +
          'An operation marked `x-role: admin` answers 403 to anyone but an administrator, ' +
          'before it looks at its input.',
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
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`hdk_...`, POST /api/user/me/tokens). It acts as its user ' +
              "within its scopes: an operation's `x-scope` names the scope it needs (`any`: " +
              'every token); an operation without one refuses tokens with 403.',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(
    async (api) => {
      // Every route below needs a session unless it is marked public; checked first of all.
      api.addHook('onRoute', authenticateUnlessPublic(ctx));
      if (opts.dbHealth) failFastWhileDatabaseDown(api, opts.dbHealth);
      await registerJsonCompression(api);
      healthRoutes(api, ctx);
      authRoutes(api, ctx);
      twoStepRoutes(api, ctx);
      passkeyRoutes(api, ctx);
      apiTokenRoutes(api, ctx);
      userRoutes(api, ctx);
      publicRoutes(api, ctx);
      // Before the lookups and contact: their forms' answers carry the custom field sets.
      customFieldRoutes(api, ctx);
      lookupRoutes(api, ctx);
      recordsRoutes(api, ctx);
      articleReviewRoutes(api, ctx);
      translationRoutes(api, ctx);
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
      mailChannelRoutes(api, ctx);
      slaRoutes(api, ctx);
      liveRoutes(api, ctx);
      bulkRoutes(api, ctx);
      viewsRoutes(api, ctx);
      detailsRoutes(api, ctx);
      macroRoutes(api, ctx);
      organizationRoutes(api, ctx);
      mergeRoutes(api, ctx);
      adminRoutes(api, ctx);
      assignmentRoutes(api, ctx);
      tagRoutes(api, ctx);
      webhookRoutes(api, ctx);
      triggerRoutes(api, ctx);
      automationRoutes(api, ctx);
      templateRoutes(api, ctx);
      auditRoutes(api, ctx);
      ssoRoutes(api, ctx);
      suggestionRoutes(api, ctx);
      ratingRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  // The public help centre's pages (/help, /robots.txt): before the SPA's fallback.
  await helpCentreRoutes(app, ctx);
  // The satisfaction survey's public page, /rate/<token> (no session; docs/satisfaction.md).
  await ratingPageRoutes(app, ctx);
  await registerStaticSpa(app, config.distDir);
  return app;
}
