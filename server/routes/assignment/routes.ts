// Automatic assignment (docs/assignment.md): each ticket desk's rule and away setting
// (administrators only, config: { role: 'admin' }), and an agent's own availability (away or
// back). The rule itself runs in server/assignment/.
import type { FastifyInstance } from 'fastify';
import { ASSIGNMENT_MODES } from '../../assignment/assign-next.js';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { M, authenticated, errors, ok, ref, smallIdParams, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { MESSAGES as ADMIN_MESSAGES } from '../admin/routes.js';
import { adminEvent } from '../admin/sql.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import * as sql from './sql.js';

export const MESSAGES = {
  mode: 'Choose off, round-robin or fewest open tickets.',
  awayHours: 'Away hours must be a whole number from 1 to 720, or empty for never.',
  awayAction: 'Choose whether the tickets go back to the queue or to the next agent.',
  away: 'Away must be true or false.',
} as const;

const deskSchema = {
  $id: 'AssignmentDesk',
  type: 'object',
  required: ['id', 'name', 'parent_id', 'restricted', 'mode', 'away_hours', 'away_action'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    parent_id: { type: ['integer', 'null'] },
    restricted: { type: 'boolean' },
    mode: { type: 'string', enum: ASSIGNMENT_MODES },
    away_hours: {
      type: ['integer', 'null'],
      description: 'An agent away longer than this has their open tickets handed on; null: never',
    },
    away_action: { type: 'string', enum: ['queue', 'reassign'] },
  },
} as const;

const availabilitySchema = {
  $id: 'AgentAvailability',
  type: 'object',
  required: ['id', 'fullname', 'away', 'changed_at'],
  properties: {
    id: { type: 'integer' },
    fullname: { type: 'string' },
    away: { type: 'boolean' },
    changed_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the agent last went away or came back; null: never set',
    },
  },
} as const;

const toAvailability = (a: sql.AvailabilityRow) => ({
  id: Number(a.id),
  fullname: a.fullname,
  away: a.away,
  changed_at: a.changed_at ? a.changed_at.toISOString() : null,
});

export function assignmentRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, deskSchema, availabilitySchema);
  const tags = ['assignment'];
  const config = { role: 'admin' } as const;

  app.get(
    '/admin/assignment/',
    {
      config,
      schema: {
        tags,
        summary:
          "Every ticket desk's assignment rule and away setting, and the agents' availability (administrators only)",
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['desks', 'agents'],
            properties: {
              desks: { type: 'array', items: ref(deskSchema) },
              agents: { type: 'array', items: ref(availabilitySchema) },
            },
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const [desks, agents] = await Promise.all([
        sql.listDesks(ctx.db),
        sql.listAvailability(ctx.db),
      ]);
      return success({ desks, agents: agents.map(toAvailability) });
    },
  );

  app.put(
    '/admin/assignment/:id/',
    {
      config,
      schema: {
        tags,
        summary:
          "Set a ticket desk's assignment rule and what happens to the tickets of an agent away too long (administrators only)",
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          required: ['mode', 'away_hours', 'away_action'],
          properties: {
            mode: { type: 'string', enum: ASSIGNMENT_MODES, [M]: MESSAGES.mode },
            away_hours: {
              type: ['integer', 'null'],
              minimum: 1,
              maximum: 720,
              [M]: MESSAGES.awayHours,
            },
            away_action: { type: 'string', enum: ['queue', 'reassign'], [M]: MESSAGES.awayAction },
          },
        },
        response: { 200: ok(ref(deskSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const id = request.params.id;
      const to = request.body;
      const desk = await withTransaction(ctx.db, async (tx) => {
        const before = await sql.getDesk(tx, id, true);
        if (!before) throw new HttpError(404, ADMIN_MESSAGES.deskNotFound);
        await sql.setDesk(tx, id, to);
        await adminEvent(tx, {
          actorId: me.id,
          action: 'helpdesk_assignment_changed',
          target: 'helpdesk',
          targetId: id,
          details: {
            from: {
              mode: before.mode,
              away_hours: before.away_hours,
              away_action: before.away_action,
            },
            to: { mode: to.mode, away_hours: to.away_hours, away_action: to.away_action },
          },
        });
        const after = await sql.getDesk(tx, id);
        if (!after) throw new HttpError(404, ADMIN_MESSAGES.deskNotFound);
        return after;
      });
      return success(desk);
    },
  );

  app.get(
    '/user/me/availability',
    {
      schema: {
        tags,
        summary: "The signed-in agent's availability for automatic assignment (agents only)",
        security: authenticated,
        response: { 200: ok(ref(availabilitySchema)), ...errors(401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!me.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
      return success(toAvailability(await sql.getAvailability(ctx.db, me.id)));
    },
  );

  app.put(
    '/user/me/availability',
    {
      schema: {
        tags,
        summary:
          'Go away (automatic assignment skips you) or come back (agents only); the time it changed is kept',
        security: authenticated,
        body: {
          type: 'object',
          required: ['away'],
          properties: { away: { type: 'boolean', [M]: MESSAGES.away } },
        },
        response: { 200: ok(ref(availabilitySchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!me.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
      const { away } = request.body;
      const now = await withTransaction(ctx.db, async (tx) => {
        if (await sql.setAvailability(tx, me.id, away, ctx.clock.now())) {
          await adminEvent(tx, {
            actorId: me.id,
            action: away ? 'user_went_away' : 'user_came_back',
            target: 'user',
            targetId: me.id,
            details: { away },
          });
        }
        return sql.getAvailability(tx, me.id);
      });
      return success(toAvailability(now));
    },
  );
}
