// Bulk actions on the helpdesk lists (agents only): assign, set status, set priority, move to a
// help desk, add a classification node or delete, on chosen records or on every record matching
// a list's filter (at most BULK_CAP). Each record goes through the very call an agent makes for
// one record (dispatch.ts), so the rules, history, service levels and mails are the same code and
// each record is its own transaction; a refusal is reported per record. Contract:
// docs/api-bulk-views.md.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { requestLanguage } from '../../lib/i18n.js';
import { M, authenticated, errors, ok, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { bearerToken, currentUser, requestActor } from '../../plugins/auth.js';
import { CONTENT, TICKET } from '../records/kinds.js';
import { listFiltersSchema, selectMatching, type Selected } from '../records/list-selection.js';
import { AGENTS_ONLY } from '../records/record-access.js';
import { ACTIONS, dispatchOne } from './dispatch.js';
import { sortedField } from '../records/field-filters.js';
import { checkBulkField } from './field-value.js';

/** The most records one bulk call changes (a list selection beyond it is cut, and said so). */
export const BULK_CAP = 1000;

/** Records worked on at once (each holds one pooled connection while it runs). */
const BULK_PARALLEL = 4;

export const SELECTION_MESSAGE = 'Send either records or a list filter.';
export const VALUE_MESSAGE = 'Choose a value for this action.';
export const NO_PRIORITY_MESSAGE = 'Content items have no priority.';
export const ONE_FIELD_MESSAGE = 'Send one custom field and its value: { "<key>": value }.';
const SORT_MESSAGE = 'Sort must be one of the list sorts, optionally with a leading "-".';

const refusalSchema = {
  $id: 'BulkRefusal',
  type: 'object',
  required: ['id', 'code', 'reason'],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', enum: ['not_found', 'stale', 'forbidden', 'invalid', 'failed'] },
    reason: { type: 'string' },
  },
} as const;

const resultSchema = {
  type: 'object',
  required: ['action', 'succeeded', 'refused', 'capped', 'cap'],
  properties: {
    action: { type: 'string' },
    succeeded: { type: 'array', items: { type: 'integer' } },
    refused: { type: 'array', items: { $ref: 'BulkRefusal#' } },
    capped: { type: 'boolean' },
    cap: { type: 'integer' },
  },
} as const;

const bodySchema = {
  type: 'object',
  required: ['object_type', 'action'],
  properties: {
    object_type: { type: 'string', enum: ['T', 'C'], [M]: 'Object type must be T or C.' },
    action: {
      type: 'string',
      enum: [...ACTIONS],
      [M]: `Action must be one of ${ACTIONS.join(', ')}.`,
    },
    value: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 9007199254740991,
      [M]: VALUE_MESSAGE,
    },
    // `field_set`: the one custom field to set, as a record's PUT sends it (null clears it).
    fields: {
      type: 'object',
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: true,
      [M]: ONE_FIELD_MESSAGE,
    },
    records: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_CAP,
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
          version: { type: 'integer', minimum: 1, maximum: 2147483647 },
        },
      },
      [M]: `Records must be 1 to ${BULK_CAP} ids, each with its version.`,
    },
    filter: {
      type: 'object',
      properties: {
        filters: listFiltersSchema(),
        sort: { type: 'string', maxLength: 40, [M]: SORT_MESSAGE },
      },
    },
  },
} as const;

/** A record the caller chose: its id and the version they saw. */
type Chosen = NonNullable<FromSchema<typeof bodySchema>['records']>[number];

export function bulkRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, refusalSchema);
  app.post(
    '/records/bulk',
    {
      schema: {
        tags: ['agent actions'],
        summary: `Apply one action to many tickets or content items (agents only; at most ${BULK_CAP})`,
        security: authenticated,
        body: bodySchema,
        response: { 200: ok(resultSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.user_is_hde) throw new HttpError(403, AGENTS_ONLY);
      const b = request.body;
      const kind = b.object_type === 'T' ? TICKET : CONTENT;
      if ((b.records === undefined) === (b.filter === undefined)) {
        throw new HttpError(400, 'Validation failed', { records: SELECTION_MESSAGE });
      }
      if (b.action === 'field_set') {
        if (!b.fields) throw new HttpError(400, 'Validation failed', { fields: ONE_FIELD_MESSAGE });
        // The field and its value are checked once here (400 naming `fields.<key>`); each
        // record's PUT checks them again for that record (its desk, required fields).
        await checkBulkField(ctx.db, kind.type, b.fields);
      } else if (
        b.action !== 'delete' &&
        (b.value === undefined || (b.value === null && b.action !== 'assign'))
      ) {
        throw new HttpError(400, 'Validation failed', { value: VALUE_MESSAGE });
      }
      if (b.action === 'priority' && kind.type === 'C') {
        throw new HttpError(400, 'Validation failed', { action: NO_PRIORITY_MESSAGE });
      }
      const sort = b.filter?.sort ?? '-created_at';
      if (!sortedField(sort) && !Object.hasOwn(kind.sorts, sort.replace(/^-/, ''))) {
        throw new HttpError(400, 'Validation failed', { sort: SORT_MESSAGE });
      }

      let chosen: Chosen[];
      let capped = false;
      if (b.filter) {
        const matching = await selectMatching(
          ctx.db,
          kind,
          user,
          { filters: b.filter.filters ?? {}, sort, now: ctx.clock.now() },
          BULK_CAP,
        );
        chosen = matching.records;
        capped = matching.capped;
      } else {
        chosen = dedupe(b.records ?? []);
      }

      const lang = requestLanguage(request);
      const current = await currentVersions(ctx, kind.type, chosen);
      // The caller's credentials and tab: each record's call is theirs (its live events too).
      const { tab } = requestActor(request);
      const headers = {
        authorization: `JWT ${bearerToken(request) ?? ''}`,
        ...(tab === undefined ? {} : { 'x-helpdesk-tab': tab }),
      };
      // Each record is its own call and transaction, a few side by side (the pool bounds it);
      // a refusal stops nothing else. The summary keeps the selection's order.
      const outcomes = await mapLimited(chosen, BULK_PARALLEL, (one) =>
        dispatchOne(app, {
          headers,
          kind,
          action: b.action,
          value: b.value ?? null,
          fields: b.fields,
          id: one.id,
          version: one.version,
          current: current.get(one.id),
          lang,
        }),
      );
      const succeeded: number[] = [];
      const refused: FromSchema<typeof refusalSchema>[] = [];
      outcomes.forEach((outcome, i) => {
        const id = chosen[i].id;
        if (outcome.ok) succeeded.push(id);
        else refused.push({ id, code: outcome.code, reason: outcome.reason });
      });
      return success({ action: b.action, succeeded, refused, capped, cap: BULK_CAP });
    },
  );
}

function dedupe(records: Chosen[]) {
  const seen = new Set<number>();
  return records.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** The records' versions now, in one statement (a record missing here is refused as not found). */
async function currentVersions(
  ctx: AppContext,
  type: 'T' | 'C',
  chosen: Selected[] | Chosen[],
): Promise<Map<number, number>> {
  const { rows } = await ctx.db.query<{ id: string; version: number }>(
    'SELECT id, version FROM records WHERE object_type = $1 AND id = ANY($2::bigint[])',
    [type, chosen.map((c) => c.id)],
  );
  return new Map(rows.map((r) => [Number(r.id), r.version]));
}

/** `run` over `items`, at most `limit` at a time; results in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
