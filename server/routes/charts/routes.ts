// GET charts/: the figures behind the charts page. Contract: docs/api-overview.md "Charts".
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, dateField, errors, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { BREAKDOWN_NAMES, breakdown, perDay, slaMetPerWeek, type BreakdownName } from './sql.js';

export const MAX_DAYS = 366;
export const DEFAULT_DAYS = 30;
export const FROM_AFTER_TO = 'From must be on or before to.';
export const PERIOD_TOO_LONG = 'The period can be at most 366 days.';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** One value per breakdown, keyed by its name, in BREAKDOWN_NAMES order. */
const perBreakdown = <T>(value: (name: BreakdownName, i: number) => T) =>
  Object.fromEntries(BREAKDOWN_NAMES.map((n, i) => [n, value(n, i)])) as Record<BreakdownName, T>;

const barsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['label', 'value'],
    properties: { label: { type: 'string' }, value: { type: 'integer' } },
  },
} as const;

const dataSchema = {
  $id: 'ChartsData',
  type: 'object',
  required: ['from', 'to', 'tickets_per_day', 'sla_met_per_week', ...BREAKDOWN_NAMES],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    tickets_per_day: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'opened', 'closed'],
        properties: {
          day: { type: 'string' },
          opened: { type: 'integer' },
          closed: { type: 'integer' },
        },
      },
    },
    ...perBreakdown(() => barsSchema),
    // Service levels (docs/sla.md): % of targets met per week and help desk.
    sla_met_per_week: {
      type: 'array',
      items: {
        type: 'object',
        required: ['week', 'hd_id', 'hd_name', 'met', 'missed', 'percent'],
        properties: {
          week: { type: 'string' },
          hd_id: { type: 'integer' },
          hd_name: { type: 'string' },
          met: { type: 'integer' },
          missed: { type: 'integer' },
          percent: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const;

export function chartsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, dataSchema);
  app.get(
    '/charts/',
    {
      schema: {
        tags: ['charts'],
        summary: 'Ticket and content counts for a period (agents: all; others: their own)',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            from: dateField('From must be a date (YYYY-MM-DD).'),
            to: dateField('To must be a date (YYYY-MM-DD).'),
          },
        },
        response: { 200: ok(ref(dataSchema)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const q = request.query;
      const to =
        q.to ?? (q.from ? isoDay(dayMs(q.from) + (DEFAULT_DAYS - 1) * DAY_MS) : isoDay(Date.now()));
      const from = q.from ?? isoDay(dayMs(to) - (DEFAULT_DAYS - 1) * DAY_MS);
      if (dayMs(from) > dayMs(to))
        throw new HttpError(400, 'Validation failed', { from: FROM_AFTER_TO });
      if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_DAYS) {
        throw new HttpError(400, 'Validation failed', { to: PERIOD_TOO_LONG });
      }
      const period = { from, to };
      const [days, slaWeeks, bars] = await Promise.all([
        perDay(ctx.db, user, period),
        slaMetPerWeek(ctx.db, user, period, ctx.clock.now()),
        Promise.all(BREAKDOWN_NAMES.map((n) => breakdown(ctx.db, user, period, n))),
      ]);
      return success({
        from,
        to,
        tickets_per_day: days,
        sla_met_per_week: slaWeeks,
        ...perBreakdown((_, i) => bars[i]),
      });
    },
  );
}
