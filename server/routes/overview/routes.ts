// Home, what's new and the dashboard. Contract: docs/api-overview.md "Home, what's new,
// dashboard". Every figure links to the list it counts (the SPA path with the list filters).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { authenticated, errors, M, ok, ref, success } from '../../lib/schemas.js';
import { routesReferring } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import {
  CONTENT,
  LIST_COUNT_CAP,
  RECORD_SHAPES,
  TICKET,
  listDataSchema,
  recordSchema,
  toItems,
} from '../records/kinds.js';
import type { ListFilters } from '../records/sql.js';
import { listRecords } from '../records/sql.js';
import { activity, openPerHelpdesk, publishedContent, ticketCount } from './sql.js';

const HOME_ITEMS = 5;

const homeSchema = {
  $id: 'HomeData',
  type: 'object',
  required: ['open_tickets', 'open_ticket_count', 'latest_content'],
  properties: {
    open_tickets: { type: 'array', items: recordSchema(TICKET, false) },
    open_ticket_count: { type: 'integer' },
    latest_content: { type: 'array', items: recordSchema(CONTENT, false) },
  },
} as const;

const figureSchema = {
  type: 'object',
  required: ['key', 'label', 'value', 'link'],
  properties: {
    key: { type: 'string' },
    label: { type: 'string' },
    value: { type: 'integer' },
    link: { type: 'string' },
  },
} as const;

const dashboardSchema = {
  $id: 'DashboardData',
  type: 'object',
  required: ['role', 'figures', 'activity'],
  properties: {
    role: { type: 'string', enum: ['user', 'agent'] },
    figures: { type: 'array', items: figureSchema },
    per_helpdesk: {
      type: 'array',
      items: {
        type: 'object',
        required: ['hd_id', 'hd_name', 'open'],
        properties: {
          hd_id: { type: 'integer' },
          hd_name: { type: 'string' },
          open: { type: 'integer' },
        },
      },
    },
    activity: {
      type: 'array',
      items: {
        type: 'object',
        required: ['record_id', 'object_type', 'title', 'action', 'actor_name', 'created_at'],
        properties: {
          record_id: { type: 'integer' },
          object_type: { type: 'string', enum: ['T', 'C'] },
          title: { type: 'string' },
          action: { type: 'string' },
          actor_name: { type: ['string', 'null'] },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

const pagingSchema = {
  type: 'object',
  properties: {
    page: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      [M]: 'Page must be a whole number from 1.',
    },
    page_size: { type: 'integer', minimum: 1, maximum: 100, [M]: 'Page size must be 1 to 100.' },
  },
} as const;

interface FigureSpec {
  key: string;
  label: string;
  scope: 'my' | 'hd';
  filters: ListFilters;
  link: string;
}

function figureSpecs(userId: number, isAgent: boolean): FigureSpec[] {
  if (!isAgent) {
    return [
      {
        key: 'my_open',
        label: 'My open tickets',
        scope: 'my',
        filters: { status_group: 'open' },
        link: '/ticket/my_ticket?status_group=open',
      },
      {
        key: 'waiting_for_me',
        label: 'Waiting for my reply',
        scope: 'my',
        filters: { waiting_for_me: true },
        link: '/ticket/my_ticket?waiting_for_me=1',
      },
      {
        key: 'recently_answered',
        label: 'Answered in the last 7 days',
        scope: 'my',
        filters: { recently_answered: true },
        link: '/ticket/my_ticket?recently_answered=1',
      },
    ];
  }
  return [
    {
      key: 'unassigned',
      label: 'Unassigned open tickets',
      scope: 'hd',
      filters: { status_group: 'open', assignee_id: 'none' },
      link: '/hd_ticket?status_group=open&assignee=none',
    },
    {
      key: 'assigned_to_me',
      label: 'Open tickets assigned to me',
      scope: 'hd',
      filters: { status_group: 'open', assignee_id: userId },
      link: '/hd_ticket?status_group=open&assignee=me',
    },
    // Service levels (docs/sla.md): counted from the tickets' stored due times.
    {
      key: 'overdue',
      label: 'Overdue (past an SLA target)',
      scope: 'hd',
      filters: { sla: 'overdue' },
      link: '/hd_ticket?sla=overdue&sort=sla',
    },
    {
      key: 'due_soon',
      label: 'Due in the next hour',
      scope: 'hd',
      filters: { sla: 'due_soon' },
      link: '/hd_ticket?sla=due_soon&sort=sla',
    },
  ];
}

export function overviewRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesReferring(server, RECORD_SHAPES, homeSchema, dashboardSchema);

  app.get(
    '/home/',
    {
      schema: {
        tags: ['overview'],
        summary: "The caller's newest open tickets and the newest published content",
        security: authenticated,
        response: { 200: ok(ref(homeSchema)), ...errors(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const now = ctx.clock.now();
      const [open, latest] = await Promise.all([
        listRecords(ctx.db, TICKET, user, {
          scope: 'my',
          page: 1,
          pageSize: HOME_ITEMS,
          sort: '-created_at',
          filters: { status_group: 'open' },
          now,
        }),
        publishedContent(ctx.db, user, 1, HOME_ITEMS),
      ]);
      return success({
        open_tickets: toItems(TICKET, open.rows, now),
        open_ticket_count: Math.min(open.total, LIST_COUNT_CAP),
        latest_content: toItems(CONTENT, latest.rows, now),
      });
    },
  );

  app.post(
    '/whats-new/',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['overview'],
        summary: 'Newest published content, a page at a time',
        security: authenticated,
        body: pagingSchema,
        response: { 200: ok(listDataSchema(CONTENT)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = request.body.page ?? 1;
      const pageSize = request.body.page_size ?? user.items_per_page;
      const { rows, total } = await publishedContent(ctx.db, user, page, pageSize);
      const capped = total > LIST_COUNT_CAP;
      const now = ctx.clock.now();
      return success({
        items: toItems(CONTENT, rows, now),
        total: capped ? LIST_COUNT_CAP : total,
        total_is_capped: capped,
        page,
        page_size: pageSize,
      });
    },
  );

  app.get(
    '/dashboard/',
    {
      schema: {
        tags: ['overview'],
        summary: "The caller's figures (each linking to its list) and the latest activity",
        security: authenticated,
        response: { 200: ok(ref(dashboardSchema)), ...errors(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const specs = figureSpecs(user.id, user.user_is_hde);
      const [values, perHelpdesk, events] = await Promise.all([
        Promise.all(
          specs.map((s) => ticketCount(ctx.db, user, s.scope, s.filters, ctx.clock.now())),
        ),
        user.user_is_hde ? openPerHelpdesk(ctx.db, user) : Promise.resolve(undefined),
        activity(ctx.db, user),
      ]);
      return success({
        role: user.user_is_hde ? ('agent' as const) : ('user' as const),
        figures: specs.map((s, i) => ({
          key: s.key,
          label: s.label,
          value: values[i],
          link: s.link,
        })),
        ...(perHelpdesk ? { per_helpdesk: perHelpdesk } : {}),
        activity: events.map((e) => ({
          record_id: Number(e.record_id),
          object_type: e.object_type,
          title: e.title,
          action: e.action,
          actor_name: e.actor_name,
          created_at: e.created_at.toISOString(),
        })),
      });
    },
  );
}
