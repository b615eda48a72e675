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
import { currentUser, requestActor } from '../../plugins/auth.js';
import { withUserTransaction } from '../../db/transaction.js';
import {
  partyFields,
  partyFieldsBody,
  partyFieldValues,
  savePartyFields,
} from '../custom-fields/party-values.js';
import { publicUser } from './public-user.js';
import * as sql from './sql.js';

export const PASSWORD_CHANGED = 'Your password has been changed. Other sessions were logged out.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';

export const USER_NOT_FOUND = 'This user does not exist.';
export const AGENTS_ONLY_FIELDS = 'Only helpdesk agents can see and set people’s fields.';

const userFieldsAnswer = ok({
  type: 'object',
  required: ['id', 'fields'],
  properties: { id: { type: 'integer' }, fields: partyFieldValues },
});
const userIdParams = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 9007199254740991, [M]: 'Invalid id.' },
  },
} as const;

export function userRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const agentsOnly = async (request: Parameters<typeof currentUser>[0]) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY_FIELDS);
  };

  app.get(
    '/users/:id/fields',
    {
      preHandler: agentsOnly,
      schema: {
        tags: ['user'],
        summary: 'A user’s custom field values (helpdesk agents only)',
        security: authenticated,
        params: userIdParams,
        response: { 200: userFieldsAnswer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const fields = await partyFields(ctx.db, 'U', request.params.id);
      if (!fields) throw new HttpError(404, USER_NOT_FOUND);
      return success({ id: request.params.id, fields });
    },
  );

  app.put(
    '/users/:id/fields',
    {
      preHandler: agentsOnly,
      schema: {
        tags: ['user'],
        summary: 'Set a user’s custom field values (helpdesk agents only)',
        security: authenticated,
        params: userIdParams,
        body: partyFieldsBody,
        response: { 200: userFieldsAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const fields = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        savePartyFields(tx, request, 'U', id, request.body),
      );
      return success({ id, fields });
    },
  );

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
