// Calls that need no session.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { routesWith } from '../../lib/typed-routes.js';
import { bearerToken, sessionUser } from '../../plugins/auth.js';

export function publicRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  app.get(
    '/public/pre-login',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        summary:
          'Where the browser should go: the login page without a valid session, /home with one',
        response: {
          200: {
            type: 'object',
            required: ['status', 'data'],
            properties: {
              status: { type: 'string', enum: ['success', 'unauthorized'] },
              data: {
                type: 'object',
                required: ['redirect-url'],
                properties: { 'redirect-url': { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const user = await sessionUser(ctx, bearerToken(request));
      return user
        ? { status: 'success' as const, data: { 'redirect-url': '/home' } }
        : { status: 'unauthorized' as const, data: { 'redirect-url': '/auth/login' } };
    },
  );
}
