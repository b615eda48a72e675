// Satisfaction ratings (docs/satisfaction.md). Two parts:
// - the public rating page behind the mailed links, `/rate/<token>` (outside /api: plain HTML
//   that works from a mail client with no session; `?r=good|bad` records at once, the form
//   changes it and adds a comment), rate limited per address;
// - the API: a ticket's solves and ratings (whoever reads the ticket; the requester rates the
//   latest solve while signed in), the desks' survey switch (administrators) and the figures for
//   the charts (agents).
import querystring from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { acceptedLanguage, type Language } from '../../lib/i18n.js';
import {
  M,
  authenticated,
  dateField,
  errors,
  idParams,
  ok,
  ref,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { problemPage, ratingPage, type PageProblem } from '../../ratings/page.js';
import { createRateLimiter } from '../../ratings/rate-limit.js';
import {
  RATINGS,
  saveRating,
  solveOfToken,
  solvesOf,
  type Rating,
  type SolveRow,
} from '../../ratings/sql.js';
import { RATING_MESSAGES } from '../../ratings/texts.js';
import { parseSurveyToken } from '../../ratings/token.js';
import { MESSAGES as ADMIN_MESSAGES } from '../admin/routes.js';
import { adminEvent } from '../admin/sql.js';
import { DEFAULT_DAYS, FROM_AFTER_TO, MAX_DAYS, PERIOD_TOO_LONG } from '../charts/routes.js';
import { requireReadable } from '../records/access.js';
import { TICKET } from '../records/kinds.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import * as sql from './sql.js';

/** Requests per minute and address to the public rating page. */
export const RATE_PAGE_LIMIT = 30;

const ratingField = { type: 'string', enum: RATINGS, [M]: RATING_MESSAGES.rating } as const;
const commentField = { type: 'string', maxLength: 2000, [M]: RATING_MESSAGES.comment } as const;

const solveSchema = {
  $id: 'SatisfactionSolve',
  type: 'object',
  required: ['solve', 'solved_at', 'rating', 'comment', 'rated_at', 'changed_at', 'open'],
  properties: {
    solve: { type: 'integer', description: "1 for the ticket's first surveyed solve, then 2, ..." },
    solved_at: { type: 'string', format: 'date-time' },
    rating: { type: ['string', 'null'], enum: ['good', 'bad', null] },
    comment: { type: ['string', 'null'] },
    rated_at: { type: ['string', 'null'], format: 'date-time' },
    changed_at: { type: ['string', 'null'], format: 'date-time' },
    open: {
      type: 'boolean',
      description: 'The latest solve, within 14 days: its rating can still be given or changed',
    },
  },
} as const;

const satisfactionSchema = {
  $id: 'TicketSatisfaction',
  type: 'object',
  required: ['can_rate', 'solves'],
  properties: {
    can_rate: {
      type: 'boolean',
      description: 'The caller is the requester and the latest solve is open',
    },
    solves: { type: 'array', items: ref(solveSchema) },
  },
} as const;

const deskSurveySchema = {
  $id: 'DeskSurvey',
  type: 'object',
  required: ['id', 'name', 'parent_id', 'survey'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    parent_id: { type: ['integer', 'null'] },
    survey: { type: 'boolean', description: 'A solved ticket of this desk mails the survey' },
  },
} as const;

const tally = {
  good: { type: 'integer' },
  bad: { type: 'integer' },
  percent: { type: ['integer', 'null'], description: '% of the ratings that are good' },
} as const;

const figuresSchema = {
  $id: 'SatisfactionFigures',
  type: 'object',
  required: ['from', 'to', 'desks', 'agents', 'weeks'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    desks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['hd_id', 'hd_name', 'good', 'bad', 'percent'],
        properties: { hd_id: { type: 'integer' }, hd_name: { type: 'string' }, ...tally },
      },
    },
    agents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['agent_id', 'agent_name', 'good', 'bad', 'percent'],
        properties: {
          agent_id: { type: ['integer', 'null'], description: 'The assignee when solved' },
          agent_name: { type: ['string', 'null'] },
          ...tally,
        },
      },
    },
    weeks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['week', 'good', 'bad', 'percent'],
        properties: { week: { type: 'string', description: 'Monday (UTC)' }, ...tally },
      },
    },
  },
} as const;

const isOpen = (s: SolveRow, now: Date) => s.latest && now < s.expires_at;

const toSolve = (s: SolveRow, now: Date) => ({
  solve: s.solve_no,
  solved_at: s.solved_at.toISOString(),
  rating: s.rating,
  comment: s.comment,
  rated_at: s.rated_at ? s.rated_at.toISOString() : null,
  changed_at: s.changed_at ? s.changed_at.toISOString() : null,
  open: isOpen(s, now),
});

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The public page at /rate/<token> (registered outside /api). */
export async function ratingPageRoutes(server: FastifyInstance, ctx: AppContext): Promise<void> {
  await routesWith(server).register(async (scope) => {
    const limiter = createRateLimiter(RATE_PAGE_LIMIT);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, querystring.parse(String(body))),
    );
    const send = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    scope.addHook('onRequest', async (request, reply) => {
      const wait = limiter.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return send(reply, 429, problemPage(visitorLanguage(request), 'tooMany'));
      }
    });
    const visitorLanguage = (request: FastifyRequest): Language =>
      acceptedLanguage(request.headers['accept-language']);

    /** Finds the token's solve and, when it may be rated, applies `change`; then the page. */
    const answer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      change: { rating: Rating; comment?: string } | undefined,
    ) => {
      const parsed = parseSurveyToken(token);
      type Outcome =
        { problem: PageProblem; solve?: SolveRow } | { problem: null; solve: SolveRow };
      const result = await withTransaction(ctx.db, async (tx): Promise<Outcome> => {
        const solve = parsed ? await solveOfToken(tx, parsed) : undefined;
        if (!solve) return { problem: 'invalid' };
        if (ctx.clock.now() >= solve.expires_at) return { problem: 'expired', solve };
        if (!solve.latest) return { problem: 'replaced', solve };
        if (change) await saveRating(tx, solve, change);
        return { problem: null, solve };
      });
      const lang = result.solve?.language ?? visitorLanguage(request);
      if (result.problem !== null) {
        return send(
          reply,
          result.problem === 'invalid' ? 404 : 410,
          problemPage(lang, result.problem),
        );
      }
      const { solve } = result;
      return send(
        reply,
        200,
        ratingPage(lang, {
          action: `/rate/${token}`,
          subject: solve.title,
          rating: solve.rating,
          comment: solve.comment,
          until: solve.expires_at,
          saved: !change ? null : change.comment !== undefined ? 'comment' : 'rating',
        }),
      );
    };

    const typed = routesWith(scope);
    const params = {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', maxLength: 120 } },
    } as const;
    typed.get(
      '/rate/:token',
      {
        schema: {
          hide: true,
          params,
          querystring: {
            type: 'object',
            properties: { r: { type: 'string', maxLength: 10 } },
          },
        },
      },
      async (request, reply) => {
        const r = request.query.r;
        const rating = RATINGS.find((x) => x === r);
        return answer(request, reply, request.params.token, rating ? { rating } : undefined);
      },
    );
    typed.post(
      '/rate/:token',
      {
        schema: {
          hide: true,
          params,
          body: {
            type: 'object',
            required: ['r'],
            properties: { r: ratingField, comment: commentField },
          },
        },
      },
      async (request, reply) =>
        answer(request, reply, request.params.token, {
          rating: request.body.r,
          comment: request.body.comment ?? '',
        }),
    );
  });
}

export function ratingRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, solveSchema, satisfactionSchema, deskSurveySchema, figuresSchema);
  const tags = ['satisfaction'];

  const read = async (recordId: number, userId: number) => {
    const solves = await solvesOf(ctx.db, recordId);
    const now = ctx.clock.now();
    const latest = solves[0];
    const canRate =
      latest !== undefined && isOpen(latest, now) && Number(latest.owner_id) === userId;
    return { can_rate: canRate, solves: solves.map((s) => toSolve(s, now)) };
  };

  app.get(
    '/ticket/:id/satisfaction/',
    {
      schema: {
        tags,
        summary:
          "A ticket's solves with their satisfaction ratings and comments, newest first (whoever reads the ticket)",
        security: authenticated,
        params: idParams,
        response: { 200: ok(ref(satisfactionSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await requireReadable(ctx.db, me, TICKET.type, request.params.id);
      return success(await read(request.params.id, me.id));
    },
  );

  app.put(
    '/ticket/:id/satisfaction/',
    {
      schema: {
        tags,
        summary:
          "Rate the ticket's latest solve, Good or Bad, with an optional comment (the requester, within 14 days of the solve)",
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['rating'],
          properties: { rating: ratingField, comment: commentField },
        },
        response: { 200: ok(ref(satisfactionSchema)), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const id = request.params.id;
      const found = await requireReadable(ctx.db, me, TICKET.type, id);
      if (found.access !== 'owner') throw new HttpError(403, RATING_MESSAGES.onlyRequester);
      await withTransaction(ctx.db, async (tx) => {
        const latest = (await solvesOf(tx, id, true))[0];
        if (!latest) throw new HttpError(409, RATING_MESSAGES.noSurvey);
        if (!isOpen(latest, ctx.clock.now())) throw new HttpError(409, RATING_MESSAGES.expired);
        await saveRating(tx, latest, request.body);
      });
      return success(await read(id, me.id));
    },
  );

  app.get(
    '/admin/satisfaction/',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: "Every ticket desk's satisfaction survey setting (administrators only)",
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['desks'],
            properties: { desks: { type: 'array', items: ref(deskSurveySchema) } },
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => success({ desks: await sql.listDesks(ctx.db) }),
  );

  app.put(
    '/admin/satisfaction/:id/',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: "Turn a ticket desk's satisfaction survey on or off (administrators only)",
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          required: ['survey'],
          properties: { survey: { type: 'boolean', [M]: RATING_MESSAGES.survey } },
        },
        response: { 200: ok(ref(deskSurveySchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const id = request.params.id;
      const desk = await withTransaction(ctx.db, async (tx) => {
        const row = await sql.setDeskSurvey(tx, id, request.body.survey);
        if (!row) throw new HttpError(404, ADMIN_MESSAGES.deskNotFound);
        await adminEvent(tx, {
          actorId: me.id,
          action: 'helpdesk_survey_changed',
          target: 'helpdesk',
          targetId: id,
          details: { survey: request.body.survey },
        });
        return row;
      });
      return success(desk);
    },
  );

  app.get(
    '/charts/satisfaction/',
    {
      schema: {
        tags,
        summary:
          'Satisfaction ratings given in a period, per desk, per agent and per week (agents only)',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            from: dateField('From must be a date (YYYY-MM-DD).'),
            to: dateField('To must be a date (YYYY-MM-DD).'),
          },
        },
        response: { 200: ok(ref(figuresSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!me.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
      const q = request.query;
      const to =
        q.to ??
        (q.from
          ? isoDay(dayMs(q.from) + (DEFAULT_DAYS - 1) * DAY_MS)
          : isoDay(ctx.clock.now().getTime()));
      const from = q.from ?? isoDay(dayMs(to) - (DEFAULT_DAYS - 1) * DAY_MS);
      if (dayMs(from) > dayMs(to))
        throw new HttpError(400, 'Validation failed', { from: FROM_AFTER_TO });
      if ((dayMs(to) - dayMs(from)) / DAY_MS + 1 > MAX_DAYS) {
        throw new HttpError(400, 'Validation failed', { to: PERIOD_TOO_LONG });
      }
      const figures = await sql.satisfactionFigures(ctx.db, me.id, { from, to });
      return success({ from, to, ...figures });
    },
  );
}
