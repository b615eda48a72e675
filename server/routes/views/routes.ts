// Saved views (agents only): a named hd list (filters, sort, columns), personal or shared with
// every agent. Only the owner changes or deletes a view; another agent's personal view is a 404.
// GET views/counts/ answers every visible view's count in one call, each the hd list's own capped
// count (one bounded statement per view). Contract: docs/api-bulk-views.md.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import {
  M,
  authenticated,
  errors,
  idParams,
  ok,
  ref,
  nameField,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { ADMINS_ONLY, currentUser, type AuthUser } from '../../plugins/auth.js';
import { CONTENT, TICKET, listCap } from '../records/kinds.js';
import { countMatching, listFiltersSchema } from '../records/list-selection.js';
import { listFields, sortedField } from '../records/field-filters.js';
import type { Queryable } from '../../db/transaction.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import * as sql from './sql.js';
import listColumns from '../../../src/features/records/list-columns.json' with { type: 'json' };

/** Views one agent may own, and views the sidebar lists (own + shared). */
export const MAX_OWN_VIEWS = 50;
export const MAX_VISIBLE_VIEWS = 200;

export const OWNER_ONLY = 'Only the owner can change this view.';
export const NAME_MESSAGE = 'Name must be 1 to 80 characters.';
const SORT_MESSAGE = 'Sort must be one of the list sorts, optionally with a leading "-".';
/** The columns a list offers, as the SPA's Columns chooser lists them (one file for both). */
export const COLUMN_KEYS = listColumns.columns.map((c) => c.key);
/** A custom field's column: `fields.<key>` (its definition may come and go, so not checked). */
const FIELD_COLUMN = 'fields\\.[a-z][a-z0-9_]{0,49}';
const MAX_FIELD_COLUMNS = 20;

const viewSchema = {
  $id: 'SavedView',
  type: 'object',
  required: [
    'id',
    'name',
    'object_type',
    'shared',
    'filters',
    'sort',
    'columns',
    'owner_id',
    'owner_name',
    'mine',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    object_type: { type: 'string', enum: ['T', 'C'] },
    shared: { type: 'boolean' },
    filters: listFiltersSchema(),
    sort: { type: 'string' },
    columns: { type: 'array', items: { type: 'string' } },
    owner_id: { type: 'integer' },
    owner_name: { type: 'string' },
    mine: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const countSchema = {
  $id: 'SavedViewCount',
  type: 'object',
  required: ['id', 'count', 'capped'],
  properties: {
    id: { type: 'integer' },
    count: { type: 'integer' },
    capped: { type: 'boolean' },
  },
} as const;

const inputSchema = {
  type: 'object',
  required: ['name', 'object_type', 'filters', 'sort', 'columns'],
  additionalProperties: false,
  properties: {
    name: nameField(80, NAME_MESSAGE),
    object_type: { type: 'string', enum: ['T', 'C'], [M]: 'Object type must be T or C.' },
    shared: { type: 'boolean', [M]: 'Shared must be true or false.' },
    filters: listFiltersSchema(),
    sort: { type: 'string', maxLength: 40, [M]: SORT_MESSAGE },
    columns: {
      type: 'array',
      maxItems: COLUMN_KEYS.length + MAX_FIELD_COLUMNS,
      uniqueItems: true,
      items: {
        type: 'string',
        maxLength: 60,
        pattern: `^(${COLUMN_KEYS.join('|')}|${FIELD_COLUMN})$`,
      },
      [M]: `Columns must be some of ${COLUMN_KEYS.join(', ')} or fields.<key>.`,
    },
  },
} as const;

type Input = FromSchema<typeof inputSchema>;

const toApi = (row: sql.ViewRow, me: number) => ({
  ...row,
  id: Number(row.id),
  owner_id: Number(row.owner_id),
  mine: Number(row.owner_id) === me,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

function agent(user: AuthUser): AuthUser {
  if (!user.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
  return user;
}

/**
 * The input as stored: trimmed name, a known sort for its kind (a column's, or an active custom
 * field's), its custom field filters checked as the list checks them, shared defaulting to false.
 */
async function checked(db: Queryable, b: Input): Promise<sql.ViewInput> {
  const kind = b.object_type === 'T' ? TICKET : CONTENT;
  if (!sortedField(b.sort) && !Object.hasOwn(kind.sorts, b.sort.replace(/^-/, ''))) {
    throw new HttpError(400, 'Validation failed', { sort: SORT_MESSAGE });
  }
  await listFields(db, kind.type, b, false);
  return { ...b, name: b.name.trim(), shared: b.shared ?? false };
}

export function viewsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, viewSchema, countSchema);
  const tags = ['saved views'];
  const view = ref(viewSchema);

  app.get(
    '/views/',
    {
      schema: {
        tags,
        summary: "The caller's saved views and the shared ones, by name (agents only)",
        security: authenticated,
        response: { 200: ok({ type: 'array', items: view }), ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = agent(currentUser(request));
      const rows = await sql.visibleViews(ctx.db, user.id, MAX_VISIBLE_VIEWS);
      return success(rows.map((r) => toApi(r, user.id)));
    },
  );

  app.get(
    '/views/counts/',
    {
      schema: {
        tags,
        summary: 'How many records each visible view lists, capped as its list caps (agents only)',
        security: authenticated,
        response: { 200: ok({ type: 'array', items: ref(countSchema) }), ...errors(401, 403) },
      },
    },
    async (request) => {
      const user = agent(currentUser(request));
      const rows = await sql.visibleViews(ctx.db, user.id, MAX_VISIBLE_VIEWS);
      const now = ctx.clock.now();
      // Each count is the list's own bounded statement (LIMIT cap + 1 over an index); they run
      // side by side on the pool, which bounds how many at once.
      const data = await Promise.all(
        rows.map(async (v) => {
          const kind = v.object_type === 'T' ? TICKET : CONTENT;
          const cap = listCap(v.filters);
          try {
            const total = await countMatching(ctx.db, kind, user, { filters: v.filters, now });
            return { id: Number(v.id), count: Math.min(total, cap), capped: total > cap };
          } catch (err) {
            // A view filtered by a field since deactivated or deleted lists nothing until it is
            // changed (its list answers 400 naming the field).
            if (err instanceof HttpError && err.statusCode === 400) {
              return { id: Number(v.id), count: 0, capped: false };
            }
            throw err;
          }
        }),
      );
      return success(data);
    },
  );

  app.post(
    '/views/',
    {
      schema: {
        tags,
        summary:
          'Save a view: personal, or shared with every agent (agents; shared: administrators only)',
        security: authenticated,
        body: inputSchema,
        response: { 200: ok(view), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = agent(currentUser(request));
      const input = await checked(ctx.db, request.body);
      sharedByAdmin(user, input.shared);
      if ((await sql.countOwned(ctx.db, user.id)) >= MAX_OWN_VIEWS) {
        throw new HttpError(400, 'Validation failed', {
          name: fill('You have {{max}} views already. Delete one first.', {
            max: MAX_OWN_VIEWS,
          }),
        });
      }
      const id = await sql.insertView(ctx.db, user.id, input);
      const row = await sql.findVisible(ctx.db, user.id, id);
      return success(toApi(row, user.id));
    },
  );

  app.put(
    '/views/:id/',
    {
      schema: {
        tags,
        summary: 'Change a saved view (its owner only)',
        security: authenticated,
        params: idParams,
        body: inputSchema,
        response: { 200: ok(view), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = agent(currentUser(request));
      const id = request.params.id;
      const input = await checked(ctx.db, request.body);
      sharedByAdmin(user, input.shared || (await ownView(ctx, user, id)));
      if (!(await sql.updateView(ctx.db, user.id, id, input))) {
        throw new HttpError(404, NOT_FOUND_MESSAGE);
      }
      const row = await sql.findVisible(ctx.db, user.id, id);
      return success(toApi(row, user.id));
    },
  );

  app.delete(
    '/views/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a saved view (its owner only)',
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = agent(currentUser(request));
      const id = request.params.id;
      sharedByAdmin(user, await ownView(ctx, user, id));
      if (!(await sql.deleteView(ctx.db, user.id, id))) {
        throw new HttpError(404, NOT_FOUND_MESSAGE);
      }
      return success({ id });
    },
  );
}

/** 404 when the caller cannot see the view, 403 when they see it (shared) but do not own it. */
async function ownView(ctx: AppContext, user: AuthUser, id: number): Promise<boolean> {
  const row = await sql.findVisible(ctx.db, user.id, id);
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  if (Number(row.owner_id) !== user.id) throw new HttpError(403, OWNER_ONLY);
  return row.shared;
}

/** Shared views are the administrators' to write (a personal one is any agent's). */
function sharedByAdmin(user: AuthUser, shared: boolean): void {
  if (shared && !user.user_is_admin) throw new HttpError(403, ADMINS_ONLY);
}
