// Answers while a ticket is typed and answering with articles: GET suggestions (public, rate
// limited per address), the side panel's article (records a view), deflections, the articles
// viewed before raising a ticket, the article sent in a message and the dashboard's article
// statistics, and one content item's help centre totals. Contract: docs/suggestions.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { requestLanguage } from '../../lib/i18n.js';
import { authenticated, errors, idParams, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { bearerToken, currentUser, sessionUser, type AuthUser } from '../../plugins/auth.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { safeSnippet } from '../search/sql.js';
import { createDailyCounts } from './counts.js';
import { createRateLimiter } from './rate-limit.js';
import * as sql from './sql.js';

export const TOO_MANY = 'Too many requests. Try again later.';
export const Q_TOO_LONG = 'Search text must be at most 200 characters.';
export const SESSION_INVALID = 'Suggestion session must be a UUID.';
const Q_MAX = 200;

const uuid = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const sessionField = {
  type: 'string',
  maxLength: 36,
  pattern: uuid,
  [M]: SESSION_INVALID,
} as const;
const recordId = {
  type: 'integer',
  minimum: 1,
  maximum: 9007199254740991,
  [M]: 'Invalid id.',
} as const;
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

const suggestionSchema = {
  $id: 'Suggestion',
  type: 'object',
  required: ['id', 'title', 'snippet', 'public', 'url'],
  properties: {
    id: int,
    title: str,
    snippet: { type: 'string', description: 'Escaped text; matched words in `<mark>`' },
    public: { type: 'boolean', description: 'A public article (the help centre shows it)' },
    url: {
      type: 'string',
      description: 'The public URL (/help/articles/{id}) or, if not public, the app URL',
    },
  },
} as const;

const articleSchema = {
  $id: 'SuggestedArticle',
  type: 'object',
  required: ['id', 'title', 'body', 'public', 'url', 'updated_at'],
  properties: {
    id: int,
    title: str,
    body: { type: 'string', description: 'Sanitised HTML' },
    public: { type: 'boolean' },
    url: str,
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const viewedSchema = {
  $id: 'ViewedArticle',
  type: 'object',
  required: ['id', 'title', 'viewed_at'],
  properties: { id: int, title: str, viewed_at: { type: 'string', format: 'date-time' } },
} as const;

const sentSchema = {
  $id: 'SentArticle',
  type: 'object',
  required: ['message_id', 'article_id', 'title'],
  properties: { message_id: int, article_id: int, title: str },
} as const;

const countsShape = {
  views: int,
  helpful: int,
  unhelpful: int,
  deflections: int,
} as const;
const statsSchema = {
  $id: 'ArticleStats',
  type: 'object',
  required: ['days', 'articles'],
  properties: {
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'views', 'helpful', 'unhelpful', 'deflections'],
        properties: { day: { type: 'string', format: 'date' }, ...countsShape },
      },
    },
    articles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'views', 'helpful', 'unhelpful', 'deflections'],
        properties: { id: int, title: str, ...countsShape },
      },
    },
  },
} as const;

const totalsSchema = {
  $id: 'ArticleTotals',
  type: 'object',
  required: ['public', 'views', 'helpful', 'unhelpful', 'deflections'],
  properties: {
    public: { type: 'boolean', description: 'In the help centre now' },
    ...countsShape,
  },
} as const;

/** Where an article opens: the help centre for a public one (any slug is accepted), else the app. */
export function articleUrl(id: string | number, isPublic: boolean): string {
  return isPublic ? `/help/articles/${id}` : `/read-only/details?contentId=${id}`;
}

export function suggestionRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(
    server,
    suggestionSchema,
    articleSchema,
    viewedSchema,
    sentSchema,
    statsSchema,
    totalsSchema,
  );
  const limiter = createRateLimiter(ctx.config.suggestionsPerMinute, 60_000);
  const counts = createDailyCounts(ctx.db, server.log, ctx.config.suggestionCountsFlushMs);
  server.addHook('onClose', () => counts.stop());

  /** 429 with Retry-After when the address has used up its calls of the minute. */
  const limit = (request: FastifyRequest) => {
    const wait = limiter.take(request.ip);
    if (wait > 0) throw new HttpError(429, TOO_MANY, undefined, { 'retry-after': String(wait) });
  };
  /** The signed-in caller of a public call, or undefined (an absent or dead session). */
  const caller = async (request: FastifyRequest): Promise<AuthUser | undefined> => {
    const token = bearerToken(request);
    return token ? sessionUser(ctx, token, { cached: true }) : undefined;
  };
  const agentOnly = (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!user.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
    return user;
  };

  app.get(
    '/suggestions',
    {
      config: { public: true },
      schema: {
        tags: ['suggestions'],
        summary:
          'Up to five articles matching what a requester is typing: public ones, and for a ' +
          'signed-in caller also those they may read (rate limited per address)',
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            q: {
              type: 'string',
              maxLength: 2000,
              [M]: { maxLength: Q_TOO_LONG, default: Q_TOO_LONG },
            },
          },
        },
        response: {
          200: ok({ type: 'array', items: ref(suggestionSchema) }),
          ...errors(400, 429),
        },
      },
    },
    async (request) => {
      limit(request);
      const q = request.query.q.trimStart();
      if ([...q.trim()].length > Q_MAX) {
        throw new HttpError(400, 'Validation failed', { q: Q_TOO_LONG });
      }
      const user = await caller(request);
      const language = (user?.language ?? requestLanguage(request)) === 'es' ? 'es' : 'en';
      const rows = q.trim() ? await sql.suggest(ctx.db, user, q, language) : [];
      return success(
        rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          snippet: safeSnippet(r.snippet),
          public: r.public,
          url: articleUrl(r.id, r.public),
        })),
      );
    },
  );

  app.post(
    '/suggestions/articles/:id/view',
    {
      config: { public: true },
      schema: {
        tags: ['suggestions'],
        summary:
          'Open a suggested article in the side panel: answers it and counts a view for the ' +
          'suggestion session (rate limited per address)',
        params: idParams,
        body: {
          type: 'object',
          required: ['session_id'],
          properties: { session_id: sessionField },
        },
        response: { 200: ok(ref(articleSchema)), ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      limit(request);
      const user = await caller(request);
      const row = await sql.article(ctx.db, user, request.params.id);
      if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
      if (await sql.recordView(ctx.db, request.body.session_id, Number(row.id))) {
        counts.view(Number(row.id));
      }
      return success({
        id: Number(row.id),
        title: row.title,
        body: row.body,
        public: row.public,
        url: articleUrl(row.id, row.public),
        updated_at: row.updated_at.toISOString(),
      });
    },
  );

  app.post(
    '/suggestions/deflections',
    {
      config: { public: true },
      schema: {
        tags: ['suggestions'],
        summary:
          'The requester left the form without raising a ticket: each article the session ' +
          'opened counts one deflection (once; sent with navigator.sendBeacon)',
        body: {
          type: 'object',
          required: ['session_id'],
          properties: { session_id: sessionField },
        },
        response: {
          200: ok({ type: 'object', required: ['counted'], properties: { counted: int } }),
          ...errors(400, 429),
        },
      },
    },
    async (request) => {
      limit(request);
      const ids = await sql.deflect(ctx.db, request.body.session_id);
      for (const id of ids) counts.deflection(id);
      return success({ counted: ids.length });
    },
  );

  app.post(
    '/suggestions/raised',
    {
      schema: {
        tags: ['suggestions'],
        summary:
          'The ticket raised from the form: the articles its suggestion session opened are ' +
          'stored with it ("Viewed before raising")',
        security: authenticated,
        body: {
          type: 'object',
          required: ['session_id', 'ticket_id'],
          properties: { session_id: sessionField, ticket_id: recordId },
        },
        response: {
          200: ok({ type: 'object', required: ['attached'], properties: { attached: int } }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { session_id, ticket_id } = request.body;
      const attached = await sql.attachToTicket(ctx.db, user, session_id, ticket_id);
      if (attached === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success({ attached });
    },
  );

  app.get(
    '/suggestions/tickets/:id/viewed',
    {
      config: { session: 'read' },
      schema: {
        tags: ['suggestions'],
        summary: 'The articles the requester opened before raising the ticket (agents only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'array', items: ref(viewedSchema) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = agentOnly(request);
      const rows = await sql.viewedBeforeRaising(ctx.db, user, request.params.id);
      if (!rows) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success(
        rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          viewed_at: new Date(r.viewed_at).toISOString(),
        })),
      );
    },
  );

  app.put(
    '/suggestions/messages/:id/article',
    {
      schema: {
        tags: ['suggestions'],
        summary: 'Record the article an agent sent in a message (a link or its text)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['article_id'],
          properties: { article_id: recordId },
        },
        response: { 200: ok(ref(sentSchema)), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = agentOnly(request);
      const messageId = request.params.id;
      const articleId = request.body.article_id;
      const title = await sql.recordSentArticle(ctx.db, user, messageId, articleId);
      if (title === undefined) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success({ message_id: messageId, article_id: articleId, title });
    },
  );

  app.get(
    '/suggestions/records/:id/sent',
    {
      config: { session: 'read' },
      schema: {
        tags: ['suggestions'],
        summary: 'The articles sent in the messages of a record (agents only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'array', items: ref(sentSchema) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = agentOnly(request);
      const rows = await sql.sentArticles(ctx.db, user, request.params.id);
      if (!rows) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success(
        rows.map((r) => ({
          message_id: Number(r.message_id),
          article_id: Number(r.article_id),
          title: r.title,
        })),
      );
    },
  );

  app.get(
    '/suggestions/stats',
    {
      schema: {
        tags: ['suggestions'],
        summary:
          'Article views, deflections and helpful / unhelpful votes per day and the top ' +
          'articles of the last days (agents only; article_daily_stats)',
        security: authenticated,
        querystring: {
          type: 'object',
          properties: {
            days: {
              type: 'integer',
              minimum: 1,
              maximum: 366,
              [M]: 'Days must be 1 to 366.',
            },
          },
        },
        response: { 200: ok(ref(statsSchema)), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = agentOnly(request);
      const result = await sql.stats(ctx.db, user, request.query.days ?? 30);
      return success({
        days: result.days.map((d) => ({ ...d })),
        articles: result.articles.map((a) => ({ ...a, id: Number(a.id) })),
      });
    },
  );

  app.get(
    '/suggestions/articles/:id/stats',
    {
      config: { session: 'read' },
      schema: {
        tags: ['suggestions'],
        summary:
          "A content item's help centre views and helpful / unhelpful votes, all days " +
          '(agents only; article_daily_stats)',
        security: authenticated,
        params: idParams,
        response: { 200: ok(ref(totalsSchema)), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = agentOnly(request);
      const totals = await sql.articleTotals(ctx.db, user, request.params.id);
      if (!totals) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success({ ...totals });
    },
  );
}
