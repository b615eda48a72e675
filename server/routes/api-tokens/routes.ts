// Personal API tokens: a user's own (list, create, revoke) and the administrators' view of
// everyone's. The secret is shown once, when made; only its sha256 is kept. How a token is
// checked and what its scopes allow: plugins/auth.ts, lib/token-scopes.ts, docs/sign-in.md.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { auditRequest } from '../../audit/write.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hashOneTimeToken } from '../../lib/one-time-token.js';
import {
  authenticated,
  errors,
  idParams,
  M,
  messageData,
  nameField,
  ok,
  success,
} from '../../lib/schemas.js';
import { TOKEN_SCOPES } from '../../lib/token-scopes.js';
import { routesWith } from '../../lib/typed-routes.js';
import { API_TOKEN_PREFIX, currentUser } from '../../plugins/auth.js';
import * as sql from './sql.js';

export const TOKEN_MESSAGES = {
  notFound: 'This token does not exist.',
  revoked: 'The token is revoked.',
  name: 'Name must be 1 to 100 characters.',
  scopes: 'Choose at least one scope from the list.',
  expiry: 'Expiry must be 1 to 365 days.',
} as const;

export const DEFAULT_EXPIRY_DAYS = 90;
export const MAX_EXPIRY_DAYS = 365;

const tokenProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  scopes: { type: 'array', items: { type: 'string', enum: TOKEN_SCOPES } },
  created: { type: 'string', format: 'date-time' },
  expires: { type: 'string', format: 'date-time' },
  last_used: { type: ['string', 'null'], format: 'date-time' },
  last_ip: { type: ['string', 'null'] },
} as const;
const tokenRequired = [
  'id',
  'name',
  'scopes',
  'created',
  'expires',
  'last_used',
  'last_ip',
] as const;
const tokenShape = {
  type: 'object',
  required: tokenRequired,
  properties: tokenProperties,
} as const;
const adminTokenShape = {
  type: 'object',
  required: [...tokenRequired, 'owner'],
  properties: {
    ...tokenProperties,
    owner: {
      type: 'object',
      required: ['id', 'fullname', 'email'],
      properties: {
        id: { type: 'integer' },
        fullname: { type: 'string' },
        email: { type: 'string' },
      },
    },
  },
} as const;

const present = (r: sql.TokenRow) => ({
  id: Number(r.id),
  name: r.name,
  scopes: r.scopes as (typeof TOKEN_SCOPES)[number][],
  created: r.created_at.toISOString(),
  expires: r.expires.toISOString(),
  last_used: r.last_used?.toISOString() ?? null,
  last_ip: r.last_ip,
});

const tokenTarget = (request: { params: { id: number } }) => ({
  kind: 'api_token',
  id: request.params.id,
});

export function apiTokenRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server);
  const { db } = ctx;
  const tags = ['user'];

  app.get(
    '/user/me/tokens',
    {
      schema: {
        tags,
        summary:
          "The signed-in user's API tokens, newest first (the secrets are never shown again)",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: tokenShape }), ...errors(401, 403) },
      },
    },
    async (request) => success((await sql.tokensOf(db, currentUser(request).id)).map(present)),
  );

  app.post(
    '/user/me/tokens',
    {
      schema: {
        tags,
        summary: 'Make an API token; its secret is in this answer only',
        security: authenticated,
        body: {
          type: 'object',
          required: ['name', 'scopes'],
          additionalProperties: false,
          properties: {
            name: nameField(100, TOKEN_MESSAGES.name),
            scopes: {
              type: 'array',
              minItems: 1,
              maxItems: TOKEN_SCOPES.length,
              uniqueItems: true,
              items: { type: 'string', enum: TOKEN_SCOPES, [M]: TOKEN_MESSAGES.scopes },
              [M]: TOKEN_MESSAGES.scopes,
            },
            expires_in_days: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_EXPIRY_DAYS,
              description: `Days until it expires (default ${DEFAULT_EXPIRY_DAYS})`,
              [M]: TOKEN_MESSAGES.expiry,
            },
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['token', 'secret'],
            properties: {
              token: tokenShape,
              secret: { type: 'string', description: 'Send as `Authorization: Bearer <secret>`' },
            },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { name, scopes, expires_in_days } = request.body;
      const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const row = await sql.insertToken(
        db,
        currentUser(request).id,
        name.trim(),
        scopes,
        hashOneTimeToken(secret),
        expires_in_days ?? DEFAULT_EXPIRY_DAYS,
      );
      await auditRequest(db, request, {
        kind: 'api_token.created',
        target: { kind: 'api_token', id: row.id },
        details: { after: { name: row.name, scopes: row.scopes, expires: row.expires } },
      });
      return success({ token: present(row), secret });
    },
  );

  app.delete(
    '/user/me/tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of your API tokens (refused from now on)',
        security: authenticated,
        params: idParams,
        response: { 200: ok(messageData), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await sql.deleteToken(db, request.params.id, currentUser(request).id)))
        throw new HttpError(404, TOKEN_MESSAGES.notFound);
      await auditRequest(db, request, { kind: 'api_token.revoked', target: tokenTarget(request) });
      return success({ message: TOKEN_MESSAGES.revoked });
    },
  );

  app.get(
    '/admin/tokens',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Every user's API tokens with their owner, newest first",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: adminTokenShape }), ...errors(401, 403) },
      },
    },
    async () =>
      success(
        (await sql.allTokens(db)).map((r) => ({
          ...present(r),
          owner: { id: Number(r.user_id), fullname: r.fullname, email: r.email },
        })),
      ),
  );

  app.delete(
    '/admin/tokens/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Revoke any user's API token",
        security: authenticated,
        params: idParams,
        response: { 200: ok(messageData), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await sql.deleteToken(db, request.params.id, null)))
        throw new HttpError(404, TOKEN_MESSAGES.notFound);
      await auditRequest(db, request, { kind: 'api_token.revoked', target: tokenTarget(request) });
      return success({ message: TOKEN_MESSAGES.revoked });
    },
  );
}
