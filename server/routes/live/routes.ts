// Live events (docs/api-live.md): one Server-Sent Events stream per browser tab, authenticated
// like every call (the Authorization header; the SPA reads it with fetch, not EventSource, so no
// token ever appears in a URL or a log line), and presence on a record.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { authenticated, errors, idParams, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { sseFrame, type LiveClient } from '../../live/hub.js';
import { liveEventSchema, liveShapes, PRESENCE_STATES } from '../../live/events.js';
import { currentUser } from '../../plugins/auth.js';
import { requireAccess } from '../records/record-access.js';

/** A stream whose reader stopped reading (this much unsent) is closed rather than buffered. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export function liveRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, ...liveShapes);

  app.get(
    '/events',
    {
      schema: {
        tags: ['live'],
        summary:
          'Live events as Server-Sent Events (`ready`, `change`, `presence`, `resync`; docs/api-live.md)',
        security: authenticated,
        response: {
          200: {
            description:
              'An event stream that stays open, one LiveEvent per event; a comment line every 15 s',
            content: { 'text/event-stream': { schema: ref(liveEventSchema) } },
          },
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const res = reply.raw;
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) client.close();
      };
      const client: LiveClient = {
        user,
        write,
        close: () => {
          if (!open) return;
          open = false;
          res.end();
        },
      };
      // Before the answer starts: while the database is down this fails as a 503 like any call.
      const unsubscribe = await ctx.live.subscribe(client);
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // HTTP/2 has no connection header (Node drops one with a warning on every stream).
        ...(request.raw.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
        // nginx and similar proxies would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      // Ended by either side (the reader went away, or close() above).
      res.on('close', () => {
        open = false;
        unsubscribe();
      });
      write(sseFrame('ready', { user_id: user.id }));
    },
  );

  app.post(
    '/records/:id/presence',
    {
      schema: {
        tags: ['live'],
        summary:
          'Say you are viewing a record, typing a reply on it, or have left it (re-send every few seconds; it expires)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['state'],
          additionalProperties: false,
          properties: {
            state: {
              type: 'string',
              enum: PRESENCE_STATES,
              maxLength: 10,
              [M]: 'State must be viewing, typing or left.',
            },
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['state'],
            properties: { state: { type: 'string', enum: PRESENCE_STATES } },
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const record = await requireAccess(ctx.db, user, 'take_part', request.params.id);
      await ctx.live.publishPresence({
        record_id: Number(record.id),
        owner_id: Number(record.owner_id),
        user_id: user.id,
        fullname: user.fullname,
        state: request.body.state,
      });
      return success({ state: request.body.state });
    },
  );
}
