// For load balancers, monitors and operators: 200 when the database answers, 503 when it does
// not, saying which part is down (the API itself answers either way). The inbound mail listener
// is reported as a part too, but never makes the answer 503: a load balancer must not take an
// API process out of rotation because its mail listener could not bind.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DatabaseHealthState } from '../../db/health-monitor.js';
import type { AppContext } from '../../lib/context.js';
import type { MailListenerHealth } from '../../mail/inbound/listener-health.js';
import { errorResponse, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE } from '../../plugins/db-unavailable.js';

const healthData = {
  type: 'object',
  required: ['status', 'api', 'database'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    api: { type: 'string', enum: ['up'], description: 'This API process answers.' },
    database: { type: 'string', enum: ['up', 'down'] },
    databaseDownSince: {
      type: 'string',
      format: 'date-time',
      description: 'While down: since when.',
    },
    databaseProblem: {
      type: 'string',
      enum: ['unreachable', 'not answering', 'error'],
      description:
        'While down: refused or cut connections (unreachable), no answer in time (hung), other.',
    },
    databaseProcess: {
      type: 'string',
      enum: ['running', 'restarting', 'stopped'],
      description: 'The embedded PostgreSQL process (only when this server runs it).',
    },
    mailListener: {
      type: 'string',
      enum: ['up', 'down', 'off'],
      description:
        "This process's inbound SMTP listener: off when turned off (INBOUND_SMTP=off, " +
        'INBOUND_SMTP_PORT=0) or when the process runs no workers (WORKERS=0). Down does not ' +
        'change the status.',
    },
    mailListenerAddress: {
      type: 'string',
      description: 'Up or down: the host:port it listens on, or tries to.',
    },
    mailListenerDownSince: {
      type: 'string',
      format: 'date-time',
      description: 'While down: since when.',
    },
    mailListenerProblem: {
      type: 'string',
      enum: ['port in use', 'permission denied', 'address not available', 'error'],
      description: 'While down: why it could not bind (it tries again by itself).',
    },
    mailListenerRetryAt: {
      type: 'string',
      format: 'date-time',
      description: 'While down: when it tries to bind again.',
    },
  },
} as const;

function mailListenerParts(health: MailListenerHealth | undefined) {
  if (!health) return {};
  if (health.state === 'off') return { mailListener: 'off' as const };
  if (health.state === 'up')
    return { mailListener: 'up' as const, mailListenerAddress: health.address };
  return {
    mailListener: 'down' as const,
    mailListenerAddress: health.address,
    mailListenerDownSince: health.since.toISOString(),
    mailListenerProblem: health.problem,
    mailListenerRetryAt: health.retryAt.toISOString(),
  };
}

function healthBody(state: DatabaseHealthState, mail: MailListenerHealth | undefined) {
  return {
    status: state.database === 'up' ? ('ok' as const) : ('unavailable' as const),
    api: 'up' as const,
    database: state.database,
    ...(state.downSince ? { databaseDownSince: state.downSince } : {}),
    ...(state.problem ? { databaseProblem: state.problem } : {}),
    ...(state.process ? { databaseProcess: state.process } : {}),
    ...mailListenerParts(mail),
  };
}

function down(reply: FastifyReply, state: DatabaseHealthState, mail?: MailListenerHealth) {
  return reply
    .code(503)
    .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
    .send({
      statusCode: 503,
      error: 'Service Unavailable',
      message: DB_UNAVAILABLE_MESSAGE,
      data: healthBody(state, mail),
    });
}

export function healthRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['operations'],
        summary: 'Whether the server and its database answer, and which part is down',
        response: {
          200: {
            type: 'object',
            required: ['statusCode', 'data'],
            properties: { statusCode: { type: 'integer' }, data: healthData },
          },
          503: {
            ...errorResponse,
            required: [...errorResponse.required, 'data'],
            properties: { ...errorResponse.properties, data: healthData },
          },
        },
      },
    },
    async (request, reply) => {
      const monitor = ctx.dbHealth;
      const mail = ctx.mailListener?.current();
      // Known down: answer at once (the monitor keeps checking).
      if (monitor && !monitor.isUp()) return down(reply, monitor.state(), mail);
      try {
        await ctx.db.query('SELECT 1');
        return success(healthBody(monitor?.state() ?? { database: 'up' }, mail));
      } catch (err) {
        request.log.warn({ err: { message: (err as Error).message } }, 'health: database down');
        const state = monitor?.state();
        return down(
          reply,
          state && state.database === 'down' ? state : { ...state, database: 'down' },
          mail,
        );
      }
    },
  );
}
