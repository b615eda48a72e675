// Organizations (migration 030): helpdesk agents list and read them, edit their fields and
// members; administrators create and delete them (config role 'admin'). Regular users get 403.
// A ticket's company is its organization; a member of one that shares its tickets sees them
// (records/organization-visibility.ts). docs/api-working.md "Organizations".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { together, withUserTransaction, type Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import {
  authenticated,
  errors,
  M,
  nameField,
  ok,
  ref,
  smallIdParams as idParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import { LIST_COUNT_CAP } from '../records/kinds.js';
import { adminEvent } from '../admin/sql.js';
import {
  partyFieldsBody,
  partyFieldValues,
  savePartyFields,
} from '../custom-fields/party-values.js';
import * as sql from './sql.js';

export const AGENTS_ONLY = 'Only helpdesk agents can manage organizations.';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

const organizationSchema = {
  $id: 'Organization',
  type: 'object',
  required: [
    'id',
    'name',
    'domains',
    'notes',
    'members_see_tickets',
    'member_count',
    'open_ticket_count',
    'open_ticket_count_is_capped',
    'updated_at',
  ],
  properties: {
    id: int,
    name: str,
    domains: {
      type: 'array',
      items: str,
      description: 'Mail domains: an unknown sender at one becomes a member',
    },
    notes: str,
    members_see_tickets: {
      type: 'boolean',
      description: "Members see each other's tickets (read, reply, follow)",
    },
    member_count: int,
    open_ticket_count: {
      type: 'integer',
      description: "Open tickets, counted up to 10,000 (the lists' cap)",
    },
    open_ticket_count_is_capped: {
      type: 'boolean',
      description: 'True when there are more open tickets than open_ticket_count ("10000+")',
    },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const memberSchema = {
  $id: 'OrganizationMember',
  type: 'object',
  required: ['id', 'fullname', 'email', 'is_primary'],
  properties: {
    id: int,
    fullname: str,
    email: str,
    is_primary: { type: 'boolean', description: "The member's primary organization" },
  },
} as const;

const orgTicketSchema = {
  $id: 'OrganizationTicket',
  type: 'object',
  required: ['id', 'subject', 'status_name', 'is_closed', 'requester_name', 'created_at'],
  properties: {
    id: int,
    subject: str,
    status_name: str,
    is_closed: { type: 'boolean' },
    requester_name: str,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const detailsSchema = {
  $id: 'OrganizationDetails',
  type: 'object',
  required: ['organization', 'members', 'recent_tickets', 'fields'],
  properties: {
    organization: ref(organizationSchema),
    fields: partyFieldValues,
    members: { type: 'array', items: ref(memberSchema) },
    recent_tickets: {
      type: 'array',
      items: ref(orgTicketSchema),
      description: 'The 10 newest tickets (the hd list filtered by company_id has them all)',
    },
  },
} as const;

const DOMAIN =
  '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nameField(100, sql.MESSAGES.name),
    domains: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', maxLength: 253, pattern: DOMAIN, [M]: sql.MESSAGES.domains },
      [M]: sql.MESSAGES.domains,
    },
    notes: { type: 'string', maxLength: 5000, [M]: sql.MESSAGES.notes },
    members_see_tickets: { type: 'boolean', [M]: sql.MESSAGES.members_see_tickets },
  },
} as const;

const memberParams = {
  type: 'object',
  required: ['id', 'user_id'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: 'Invalid id.' },
    user_id: { type: 'integer', minimum: 1, maximum: 9007199254740991, [M]: 'Invalid id.' },
  },
} as const;

const memberBody = {
  type: 'object',
  properties: { is_primary: { type: 'boolean', [M]: sql.MESSAGES.is_primary } },
} as const;

type Body = FromSchema<typeof bodySchema>;

const input = (b: Body): sql.OrganizationInput => ({
  name: b.name.trim(),
  // Domains are case-insensitive: stored lower-cased, once each.
  domains: [...new Set((b.domains ?? []).map((d) => d.toLowerCase()))],
  notes: (b.notes ?? '').trim(),
  members_see_tickets: b.members_see_tickets ?? false,
});

const toApi = ({ fields: _fields, ...o }: sql.OrganizationRow) => ({
  ...o,
  open_ticket_count: Math.min(o.open_ticket_count, LIST_COUNT_CAP),
  open_ticket_count_is_capped: o.open_ticket_count > LIST_COUNT_CAP,
  updated_at: o.updated_at.toISOString(),
});

async function details(q: Queryable, id: number) {
  const [org, people, tickets] = await together([
    sql.getOrganization(q, id),
    sql.members(q, id),
    sql.recentTickets(q, id),
  ]);
  if (!org) throw new HttpError(404, sql.NOT_FOUND);
  return {
    organization: toApi(org),
    fields: org.fields,
    members: people.map((m) => ({ ...m, id: Number(m.id) })),
    recent_tickets: tickets.map((t) => ({
      id: Number(t.id),
      subject: t.title,
      status_name: t.status_name,
      is_closed: t.is_closed,
      requester_name: t.owner_name,
      created_at: t.created_at.toISOString(),
    })),
  };
}

/** Every change is kept in admin_events (migration 033), in its own transaction. */
const recordChange = (
  tx: Queryable,
  request: FastifyRequest,
  action: string,
  id: number,
  details: object = {},
) =>
  adminEvent(tx, {
    actorId: currentUser(request).id,
    action,
    target: 'organization',
    targetId: id,
    details,
  });

export function organizationRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, organizationSchema, memberSchema, orgTicketSchema, detailsSchema);
  const agentsOnly = async (request: FastifyRequest) => {
    if (!currentUser(request).user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  };
  const tags = ['organizations'];
  const one = ok(ref(detailsSchema));

  app.get(
    '/organizations',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'The organizations, by name (helpdesk agents only)',
        security: authenticated,
        response: {
          200: ok({ type: 'array', items: ref(organizationSchema) }),
          ...errors(401, 403),
        },
      },
    },
    async () => success((await sql.listOrganizations(ctx.db)).map(toApi)),
  );

  app.get(
    '/organizations/:id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'One organization with its members and newest tickets (helpdesk agents only)',
        security: authenticated,
        params: idParams,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => success(await details(ctx.db, request.params.id)),
  );

  app.post(
    '/organizations',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Create an organization (administrators only)',
        security: authenticated,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) =>
      success(
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const values = input(request.body);
          const id = await sql.insertOrganization(tx, values);
          await recordChange(tx, request, 'organization_created', id, values);
          return details(tx, id);
        }),
      ),
  );

  app.put(
    '/organizations/:id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Edit an organization: name, domains, notes, sharing (helpdesk agents only)',
        security: authenticated,
        params: idParams,
        body: bodySchema,
        response: { 200: one, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      success(
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const id = request.params.id;
          const values = input(request.body);
          if (!(await sql.updateOrganization(tx, id, values))) {
            throw new HttpError(404, sql.NOT_FOUND);
          }
          await recordChange(tx, request, 'organization_updated', id, values);
          return details(tx, id);
        }),
      ),
  );

  app.put(
    '/organizations/:id/fields',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Set an organization’s custom field values (helpdesk agents only)',
        security: authenticated,
        params: idParams,
        body: partyFieldsBody,
        response: { 200: one, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      success(
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const id = request.params.id;
          await savePartyFields(tx, request, 'O', id, request.body);
          return details(tx, id);
        }),
      ),
  );

  app.delete(
    '/organizations/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Delete an organization without tickets (administrators only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: int } }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const outcome = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const done = await sql.deleteOrganization(tx, id);
        if (done === 'deleted') await recordChange(tx, request, 'organization_deleted', id);
        return done;
      });
      if (outcome === 'missing') throw new HttpError(404, sql.NOT_FOUND);
      if (outcome === 'has_tickets') throw new HttpError(409, sql.HAS_TICKETS);
      return success({ id });
    },
  );

  app.put(
    '/organizations/:id/members/:user_id',
    {
      // No body at all means "primary as the default has it".
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Add a member, or set whether it is their primary organization (agents only)',
        security: authenticated,
        params: memberParams,
        body: memberBody,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, user_id: userId } = request.params;
      return success(
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          const outcome = await sql.putMember(tx, id, userId, request.body.is_primary);
          if (outcome === 'missing') throw new HttpError(404, sql.NOT_FOUND);
          if (outcome === 'no_user') throw new HttpError(404, sql.USER_NOT_FOUND);
          await recordChange(tx, request, 'organization_member_set', id, {
            user_id: userId,
            is_primary: request.body.is_primary ?? null,
          });
          return details(tx, id);
        }),
      );
    },
  );

  app.delete(
    '/organizations/:id/members/:user_id',
    {
      preHandler: agentsOnly,
      schema: {
        tags,
        summary: 'Remove a member (helpdesk agents only)',
        security: authenticated,
        params: memberParams,
        response: { 200: one, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, user_id: userId } = request.params;
      return success(
        await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
          if (!(await sql.removeMember(tx, id, userId))) {
            const exists = await sql.getOrganization(tx, id);
            throw new HttpError(404, exists ? sql.NOT_A_MEMBER : sql.NOT_FOUND);
          }
          await recordChange(tx, request, 'organization_member_removed', id, { user_id: userId });
          return details(tx, id);
        }),
      );
    },
  );
}
