// For load balancers and monitors: 200 when the database answers, 503 when it does not.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { errorResponse } from '../../lib/schemas.js';
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE } from '../../plugins/db-unavailable.js';

const healthData = {
  type: 'object',
  required: ['status', 'database'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    database: { type: 'string', enum: ['up', 'down'] },
  },
} as const;

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether the server and its database answer',
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
      try {
        await ctx.db.query('SELECT 1');
        return { statusCode: 200, data: { status: 'ok', database: 'up' } };
      } catch (err) {
        request.log.warn({ err: { message: (err as Error).message } }, 'health: database down');
        return reply
          .code(503)
          .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
          .send({
            statusCode: 503,
            error: 'Service Unavailable',
            message: DB_UNAVAILABLE_MESSAGE,
            data: { status: 'unavailable', database: 'down' },
          });
      }
    },
  );
}
