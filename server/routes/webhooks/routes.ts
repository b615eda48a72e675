// Webhook endpoints and their delivery logs (administrators only; docs/webhooks.md). An
// endpoint's URL is https (or a host WEBHOOK_ALLOW_HOSTS names) and passes the SSRF guard when
// saved, and again at every delivery. The signing secret is shown once, when made or remade.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import { authenticated, errors, M, ok, ref, smallIdParams, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { secretBox } from '../../mail/secret.js';
import { requestActor } from '../../plugins/auth.js';
import { WEBHOOK_EVENTS } from '../../webhooks/events.js';
import { BlockedTargetError, bareHost, checkTarget, type Resolver } from '../../webhooks/ssrf.js';
import * as sql from './sql.js';

export const NOT_FOUND = 'This webhook does not exist.';
export const DELIVERY_NOT_FOUND = 'This delivery does not exist.';
export const URL_INVALID = 'URL must be a valid address of at most 2000 characters.';
export const URL_NOT_HTTPS = 'URL must start with https://.';
export const URL_CREDENTIALS = 'URL must not hold a user name or password.';
export const urlBlocked = (address: string) =>
  fill(
    'Webhooks may not call {{address}}: it is a loopback, private, link-local, multicast, reserved or metadata address.',
    { address },
  );
export const urlUnresolved = (host: string) => fill('The host {{host}} cannot be found.', { host });
export const EVENTS_MESSAGE = 'Choose at least one event from the list.';

const endpointSchema = {
  $id: 'WebhookEndpoint',
  type: 'object',
  required: [
    'id',
    'url',
    'events',
    'active',
    'disabled_at',
    'failing_since',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    events: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENTS } },
    active: { type: 'boolean' },
    disabled_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When it was turned off for failing longer than a day (null: not so)',
    },
    failing_since: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'Its first failed attempt since its last success (null: not failing)',
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const createdSchema = {
  $id: 'WebhookEndpointCreated',
  type: 'object',
  required: ['endpoint', 'secret'],
  properties: {
    endpoint: ref(endpointSchema),
    secret: {
      type: 'string',
      description: 'The signing secret; shown this once (regenerate it to see a new one)',
    },
  },
} as const;

const attemptSchema = {
  type: 'object',
  required: [
    'attempted_at',
    'ok',
    'manual',
    'response_code',
    'duration_ms',
    'response_body',
    'error',
  ],
  properties: {
    attempted_at: { type: 'string', format: 'date-time' },
    ok: { type: 'boolean', description: 'A 2xx answer' },
    manual: { type: 'boolean', description: 'Sent again by an administrator' },
    response_code: { type: ['integer', 'null'] },
    duration_ms: { type: 'integer' },
    response_body: { type: 'string', description: 'The first 2 KB of the answer' },
    error: {
      type: ['string', 'null'],
      description: 'Why there was no answer (refused by the guard, timeout, connection)',
    },
  },
} as const;

const deliverySchema = {
  $id: 'WebhookDelivery',
  type: 'object',
  required: ['id', 'event', 'record_id', 'state', 'created_at', 'next_attempt_at', 'attempts'],
  properties: {
    id: {
      type: 'string',
      description: 'The X-Helpdesk-Delivery header, the same on every attempt',
    },
    event: { type: 'string' },
    record_id: { type: ['integer', 'null'] },
    state: { type: 'string', enum: ['queued', 'retrying', 'delivered', 'failed'] },
    created_at: { type: 'string', format: 'date-time' },
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    attempts: { type: 'array', items: attemptSchema, description: 'Newest first' },
  },
} as const;

const endpointBody = {
  type: 'object',
  required: ['url', 'events'],
  properties: {
    url: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      // No spaces or control characters anywhere: stricter than the one-line rule, so no mark.
      pattern: '^[^\\s\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]+$',
      [M]: URL_INVALID,
    },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      uniqueItems: true,
      items: { type: 'string', enum: WEBHOOK_EVENTS },
      [M]: EVENTS_MESSAGE,
    },
    active: { type: 'boolean' },
  },
} as const;

const deliveryParams = {
  type: 'object',
  required: ['id', 'deliveryId'],
  properties: {
    id: smallIdParams.properties.id,
    deliveryId: { type: 'string', format: 'uuid', maxLength: 36, [M]: 'Invalid id.' },
  },
} as const;

/** A new signing secret: 32 random bytes, readable and copyable. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The URL as it is stored, or a 400 naming `url`: a valid absolute address, https unless its
 * host is allowed, no credentials, and none of its host's addresses refused by the guard.
 */
export async function checkEndpointUrl(
  raw: string,
  allowHosts: readonly string[],
  resolve?: Resolver,
): Promise<string> {
  const FAILED = 'Validation failed';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new HttpError(400, FAILED, { url: URL_INVALID });
  }
  const allowed = allowHosts.includes(bareHost(url.hostname));
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw new HttpError(400, FAILED, { url: URL_NOT_HTTPS });
  }
  if (url.username || url.password) throw new HttpError(400, FAILED, { url: URL_CREDENTIALS });
  try {
    await checkTarget(url, { allowHosts, resolve });
  } catch (err) {
    if (!(err instanceof BlockedTargetError)) throw err;
    if (err.kind === 'unresolved') {
      throw new HttpError(400, FAILED, { url: urlUnresolved(err.address) });
    }
    throw new HttpError(400, FAILED, { url: urlBlocked(err.address) });
  }
  return url.href;
}

export function webhookRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  opts: { resolve?: Resolver } = {},
): void {
  const app = routesWith(server, endpointSchema, createdSchema, deliverySchema);
  const tags = ['webhooks'];
  const admin = { role: 'admin' } as const;
  const secrets = () => secretBox(ctx.db, ctx.config.mailSecretKey);
  const allow = ctx.config.webhookAllowHosts;

  app.get(
    '/webhooks',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The webhook endpoints (administrators only)',
        security: authenticated,
        response: {
          200: ok({ type: 'array', items: ref(endpointSchema) }),
          ...errors(401, 403),
        },
      },
    },
    async () => success(await sql.listEndpoints(ctx.db)),
  );

  app.post(
    '/webhooks',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Register a webhook endpoint; the answer holds its signing secret, shown this once (administrators only)',
        security: authenticated,
        body: endpointBody,
        response: { 200: ok(ref(createdSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const b = request.body;
      const url = await checkEndpointUrl(b.url, allow, opts.resolve);
      const secret = newSecret();
      const sealed = await secrets().seal(secret);
      const endpoint = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.insertEndpoint(tx, { url, events: b.events, active: b.active ?? true }, sealed),
      );
      return success({ endpoint, secret });
    },
  );

  app.put(
    '/webhooks/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Edit a webhook endpoint; turning it on again clears its failing state (administrators only)',
        security: authenticated,
        params: smallIdParams,
        body: endpointBody,
        response: { 200: ok(ref(endpointSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const b = request.body;
      const url = await checkEndpointUrl(b.url, allow, opts.resolve);
      const row = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.updateEndpoint(tx, request.params.id, {
          url,
          events: b.events,
          active: b.active ?? true,
        }),
      );
      if (!row) throw new HttpError(404, NOT_FOUND);
      return success(row);
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Make a new signing secret; the old one stops signing at once, the new one is shown this once (administrators only)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({
            type: 'object',
            required: ['secret'],
            properties: { secret: { type: 'string' } },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const secret = newSecret();
      const sealed = await secrets().seal(secret);
      const found = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.setSecret(tx, request.params.id, sealed),
      );
      if (!found) throw new HttpError(404, NOT_FOUND);
      return success({ secret });
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log (administrators only)',
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const found = await withUserTransaction(ctx.db, requestActor(request), (tx) =>
        sql.deleteEndpoint(tx, id),
      );
      if (!found) throw new HttpError(404, NOT_FOUND);
      return success({ id });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: admin,
      schema: {
        tags,
        summary: `The endpoint's newest ${sql.LOG_SIZE} deliveries with their attempts (administrators only)`,
        security: authenticated,
        params: smallIdParams,
        response: {
          200: ok({ type: 'array', items: ref(deliverySchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      if (!(await sql.getEndpoint(ctx.db, id))) throw new HttpError(404, NOT_FOUND);
      return success(await sql.listDeliveries(ctx.db, id));
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/send-again',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Send a delivery again: one more attempt with the same delivery id, also to an endpoint that is off (administrators only)',
        security: authenticated,
        params: deliveryParams,
        response: { 200: ok(ref(deliverySchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      const delivery = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const found = await sql.getDelivery(tx, id, deliveryId);
        if (!found) throw new HttpError(404, DELIVERY_NOT_FOUND);
        await ctx.queue.send('webhook.deliver', { deliveryId, manual: true }, { tx });
        return found;
      });
      return success(delivery);
    },
  );
}
