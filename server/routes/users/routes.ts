// The signed-in user's own account: read it, change profile settings, change password.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import {
  M,
  authenticated,
  errors,
  fullnameField,
  messageData,
  ok,
  passwordField,
  success,
  userSchema,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { publicUser } from './public-user.js';
import * as sql from './sql.js';

export const PASSWORD_CHANGED = 'Your password has been changed. Other sessions were logged out.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

export function userRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  app.get(
    '/user/me',
    {
      config: { duringTwoStepSetup: true },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: authenticated,
        response: { 200: ok(userSchema), ...errors(401) },
      },
    },
    async (request) => success(publicUser(currentUser(request))),
  );

  app.put(
    '/user/me',
    {
      schema: {
        tags: ['user'],
        summary: 'Change full name, page size or language (fields not sent stay as they are)',
        security: authenticated,
        body: {
          type: 'object',
          properties: {
            fullname: fullnameField,
            items_per_page: {
              type: 'integer',
              enum: [10, 25, 50, 100],
              [M]: 'Items per page must be 10, 25, 50 or 100.',
            },
            language: { type: 'string', enum: ['en', 'es'], [M]: 'Language must be en or es.' },
          },
        },
        response: { 200: ok(userSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { fullname, items_per_page, language } = request.body;
      const user = await sql.updateProfile(ctx.db, currentUser(request).id, {
        fullname: fullname?.trim(),
        items_per_page,
        language,
      });
      ctx.sessions.forgetUser(user.id);
      return success(user);
    },
  );

  app.post(
    '/user/me/password',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the password (needs the current one); logs out the other sessions',
        security: authenticated,
        body: {
          type: 'object',
          required: ['current_password', 'new_password'],
          properties: {
            current_password: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              [M]: 'Current password is required.',
            },
            new_password: { ...passwordField, [M]: 'New password must be 8 to 128 characters.' },
          },
        },
        response: { 200: ok(messageData), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const stored = await sql.passwordHashOf(ctx.db, user.id);
      if (!(await ctx.hasher.verify(stored, request.body.current_password))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD, {
          current_password: WRONG_CURRENT_PASSWORD,
        });
      }
      await sql.changePassword(
        ctx.db,
        user.id,
        await ctx.hasher.hash(request.body.new_password),
        user.session_id,
      );
      ctx.sessions.forgetUser(user.id);
      return success({ message: PASSWORD_CHANGED });
    },
  );
}
