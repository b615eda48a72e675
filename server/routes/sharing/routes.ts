// Sharing (docs/api-working.md "Sharing"): find people, read and replace a record's shared-with
// list. The people a record is shared with read it and take part in its public thread.
import type { FastifyInstance } from 'fastify';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, errors, idParams, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { KINDS, requireChangeable, requireReadable } from '../records/access.js';
import { recordEvent } from '../records/history.js';
import * as sql from './sql.js';

export const USER_IDS_MESSAGE = 'Choose people from the list.';

export const personSchema = {
  $id: 'Person',
  type: 'object',
  required: ['id', 'fullname'],
  properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
} as const;
const peopleSchema = { type: 'array', items: ref(personSchema) } as const;
const personMatchSchema = {
  $id: 'PersonMatch',
  type: 'object',
  required: ['id', 'fullname'],
  properties: { ...personSchema.properties, email: { type: 'string' } },
} as const;
const foundSchema = { type: 'array', items: ref(personMatchSchema) } as const;

const toPerson = (r: { id: string; fullname: string }) => ({
  id: Number(r.id),
  fullname: r.fullname,
});

export function sharingRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, personSchema, personMatchSchema);

  app.get(
    '/search/user/by-id/:text',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Up to 10 people to share with, by name, email or id (emails only for agents)',
        security: authenticated,
        params: {
          type: 'object',
          required: ['text'],
          properties: {
            text: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              pattern: '\\S',
              [M]: 'Type 1 to 100 characters.',
            },
          },
        },
        response: { 200: ok(foundSchema), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await sql.searchUsers(ctx.db, user, request.params.text.trim());
      return success(
        rows.map((r) => ({ ...toPerson(r), ...(r.email === null ? {} : { email: r.email }) })),
      );
    },
  );

  for (const kind of KINDS) {
    const tags = [kind.path];
    const url = `/${kind.path}/:id/shared-with/`;

    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'The people the record is shared with',
          security: authenticated,
          params: idParams,
          response: { 200: ok(peopleSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const r = await requireReadable(ctx.db, currentUser(request), kind.type, request.params.id);
        return success((await sql.sharedWith(ctx.db, r.id)).map(toPerson));
      },
    );

    app.put(
      url,
      {
        schema: {
          tags,
          summary: 'Replace the shared-with list (owner or agent; the owner is ignored)',
          security: authenticated,
          params: idParams,
          body: {
            type: 'object',
            required: ['user_ids'],
            properties: {
              user_ids: {
                type: 'array',
                maxItems: 100,
                items: {
                  type: 'integer',
                  minimum: 1,
                  maximum: 9007199254740991,
                  [M]: USER_IDS_MESSAGE,
                },
                [M]: USER_IDS_MESSAGE,
              },
            },
          },
          response: { 200: ok(peopleSchema), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const r = await requireChangeable(ctx.db, user, kind.type, request.params.id);
        const ids = [...new Set(request.body.user_ids)];
        if ((await sql.countConfirmedUsers(ctx.db, ids)) !== ids.length) {
          throw new HttpError(400, 'Validation failed', { user_ids: USER_IDS_MESSAGE });
        }
        const people = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const changed = await sql.replaceShares(tx, r.id, ids);
          const list = await sql.sharedWith(tx, r.id);
          if (changed) {
            await recordEvent(tx, {
              recordId: r.id,
              actorId: user.id,
              action: 'shared',
              details: { names: list.map((p) => p.fullname) },
            });
          }
          return list;
        });
        return success(people.map(toPerson));
      },
    );
  }
}
