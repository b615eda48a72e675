// POST search/query: full-text search over tickets or content, ranked, with highlighted
// snippets, over what the caller may read. Contract: docs/api-overview.md "Full-text search".
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, dateField, errors, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser } from '../../plugins/auth.js';
import { MESSAGES } from '../records/kinds.js';
import { SEARCH_COUNT_CAP, safeSnippet, searchRecords } from './sql.js';

export const Q_EMPTY = 'Type something to search for.';
export const Q_TOO_LONG = 'Search text must be at most 200 characters.';
const Q_MAX = 200;

const id32 = (message: string) =>
  ({ type: 'integer', minimum: 1, maximum: 2147483647, [M]: message }) as const;

const filtersSchema = {
  type: 'object',
  properties: {
    status_id: id32(MESSAGES.status_id),
    hd_id: id32(MESSAGES.hd_id),
    category_id: id32('Choose a category.'),
    // Records carrying any of these tags.
    tag_ids: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: id32('Choose 1 to 10 tags.'),
      [M]: 'Choose 1 to 10 tags.',
    },
    created_from: dateField('Created from must be a date (YYYY-MM-DD).'),
    created_to: dateField('Created to must be a date (YYYY-MM-DD).'),
  },
} as const;

export type SearchFilters = FromSchema<typeof filtersSchema>;

const bodySchema = {
  type: 'object',
  required: ['q'],
  properties: {
    // Bounded here; the 1..200 rule applies after trimming (handler).
    q: { type: 'string', maxLength: 2000, [M]: { maxLength: Q_TOO_LONG, default: Q_EMPTY } },
    type: { type: 'string', enum: ['T', 'C'], [M]: 'Type must be T or C.' },
    page: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000,
      [M]: 'Page must be a whole number from 1.',
    },
    page_size: { type: 'integer', minimum: 1, maximum: 100, [M]: 'Page size must be 1 to 100.' },
    filters: filtersSchema,
  },
} as const;

const itemSchema = {
  $id: 'SearchHit',
  type: 'object',
  required: [
    'id',
    'object_type',
    'title',
    'snippet',
    'status_name',
    'hd_name',
    'created_at',
    'access',
  ],
  properties: {
    id: { type: 'integer' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    title: { type: 'string' },
    snippet: { type: 'string' },
    status_name: { type: 'string' },
    hd_name: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    access: { type: 'string', enum: ['owner', 'shared', 'organization', 'agent', 'reader'] },
  },
} as const;

const dataSchema = {
  $id: 'SearchPage',
  type: 'object',
  required: ['items', 'total', 'total_is_capped', 'page', 'page_size'],
  properties: {
    items: { type: 'array', items: ref(itemSchema) },
    total: { type: 'integer' },
    total_is_capped: { type: 'boolean' },
    page: { type: 'integer' },
    page_size: { type: 'integer' },
  },
} as const;

export function searchRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, itemSchema, dataSchema);
  app.post(
    '/search/query',
    {
      config: { session: 'read' },
      schema: {
        tags: ['search'],
        summary: 'Full-text search over tickets or content the caller may read, best first',
        security: authenticated,
        body: bodySchema,
        response: { 200: ok(ref(dataSchema)), ...errors(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const q = b.q.trim();
      if (!q) throw new HttpError(400, 'Validation failed', { q: Q_EMPTY });
      if ([...q].length > Q_MAX) throw new HttpError(400, 'Validation failed', { q: Q_TOO_LONG });
      const page = b.page ?? 1;
      const pageSize = b.page_size ?? user.items_per_page;
      const { rows, total } = await searchRecords(ctx.db, user, {
        // Untrimmed at the end: a trailing space says the last word is finished (no prefix).
        q: b.q.trimStart(),
        type: b.type ?? 'C',
        page,
        pageSize,
        filters: b.filters ?? {},
        rankWindow: ctx.config.searchRankWindow,
        language: user.language === 'es' ? 'es' : 'en',
      });
      const capped = total > SEARCH_COUNT_CAP;
      return success({
        items: rows.map((r) => ({
          id: Number(r.id),
          object_type: r.object_type,
          title: r.title,
          snippet: safeSnippet(r.snippet),
          status_name: r.status_name,
          hd_name: r.hd_name,
          created_at: r.created_at.toISOString(),
          access: r.access,
        })),
        total: capped ? SEARCH_COUNT_CAP : total,
        total_is_capped: capped,
        page,
        page_size: pageSize,
      });
    },
  );
}
