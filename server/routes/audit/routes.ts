// The audit log for administrators (docs/audit.md): browse it by user, kind and date, export it
// as CSV, set its retention. Nothing here changes or deletes an entry: the table refuses that
// itself (migration 047), and the only delete is the retention job's.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvLine } from '../../audit/csv.js';
import {
  DEFAULT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  retentionDays,
  setRetentionDays,
} from '../../audit/retention.js';
import { auditRequest } from '../../audit/write.js';
import { withUserTransaction } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { authenticated, dateField, errors, M, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { requestActor } from '../../plugins/auth.js';
import * as sql from './sql.js';

export const PAGE_SIZE = 50;
export const RANGE_MESSAGE = 'The start date must not be after the end date.';

const entrySchema = {
  $id: 'AuditEntry',
  type: 'object',
  required: [
    'id',
    'at',
    'actor_id',
    'actor_label',
    'address',
    'kind',
    'target_kind',
    'target_id',
    'outcome',
    'reason',
    'details',
  ],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actor_id: { type: ['integer', 'null'], description: 'Who acted (null: nobody known)' },
    actor_label: {
      type: 'string',
      description: "The actor's address when written, or the address a failed sign-in typed",
    },
    address: { type: ['string', 'null'], description: 'The IP address the request came from' },
    kind: { type: 'string', description: 'What happened (docs/audit.md lists the kinds)' },
    target_kind: { type: ['string', 'null'] },
    target_id: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: ['success', 'failure'] },
    reason: {
      type: ['string', 'null'],
      description: 'Why it failed (wrong_password, throttled, …), or a note on a success',
    },
    details: {
      type: 'object',
      additionalProperties: true,
      description: 'For a change: `before` and `after` (null for a creation or a deletion)',
    },
  },
} as const;

const filterQuery = {
  type: 'object',
  properties: {
    user_id: {
      type: 'integer',
      minimum: 1,
      maximum: 9007199254740991,
      [M]: 'user_id must be a user id.',
    },
    kind: {
      type: 'string',
      maxLength: 100,
      pattern: '^[a-z0-9_.]+$',
      [M]: 'Kind must be a kind of entry, e.g. sign_in.password.',
    },
    from: dateField('From must be a date (YYYY-MM-DD).'),
    to: dateField('To must be a date (YYYY-MM-DD).'),
  },
} as const;

const listQuery = {
  ...filterQuery,
  properties: {
    ...filterQuery.properties,
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1, [M]: 'Invalid page.' },
  },
} as const;

const retentionData = {
  type: 'object',
  required: ['retention_days'],
  properties: {
    retention_days: {
      type: 'integer',
      minimum: MIN_RETENTION_DAYS,
      maximum: MAX_RETENTION_DAYS,
      description: `Entries older than this many days are deleted by a daily job (default ${DEFAULT_RETENTION_DAYS})`,
      [M]: 'Retention must be a whole number of days from 30 to 3650.',
    },
  },
} as const;

type Filter = { user_id?: number; kind?: string; from?: string; to?: string };

function filterOf(q: Filter): sql.AuditFilter {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
    throw new HttpError(400, 'Validation failed', { from: RANGE_MESSAGE });
  }
  return { userId: q.user_id, kind: q.kind, from: q.from, to: q.to };
}

function toApi(r: sql.AuditRow) {
  return {
    id: Number(r.id),
    at: r.at.toISOString(),
    actor_id: r.actor_id === null ? null : Number(r.actor_id),
    actor_label: r.actor_label,
    address: r.address,
    kind: r.kind,
    target_kind: r.target_kind,
    target_id: r.target_id,
    outcome: r.outcome,
    reason: r.reason,
    details: r.details,
  };
}

export const CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor',
  'address',
  'kind',
  'target_kind',
  'target_id',
  'outcome',
  'reason',
  'details',
] as const;

async function* csvRows(rows: AsyncIterable<sql.AuditRow>): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  for await (const r of rows) {
    const e = toApi(r);
    yield csvLine([
      e.id,
      e.at,
      e.actor_id,
      e.actor_label,
      e.address,
      e.kind,
      e.target_kind,
      e.target_id,
      e.outcome,
      e.reason,
      JSON.stringify(e.details),
    ]);
  }
}

/** The export goes out as a stream; the schema documents its body as CSV text. */
const sendCsv = (reply: FastifyReply, body: Readable, name: string) =>
  reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    })
    .send(body);

export function auditRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, entrySchema);
  const tags = ['audit'];
  const admin = { role: 'admin' } as const;

  app.get(
    '/audit',
    {
      config: admin,
      schema: {
        tags,
        summary: `The audit log, newest first, ${PAGE_SIZE} a page, by user, kind and date (administrators only)`,
        security: authenticated,
        querystring: listQuery,
        response: {
          200: ok({
            type: 'object',
            required: ['items', 'total', 'page', 'page_size', 'total_capped'],
            properties: {
              items: { type: 'array', items: ref(entrySchema) },
              total: { type: 'integer' },
              total_capped: {
                type: 'boolean',
                description: `The count stopped at ${sql.COUNT_CAP}: there are more`,
              },
              page: { type: 'integer' },
              page_size: { type: 'integer' },
            },
          }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const filter = filterOf(request.query);
      const page = request.query.page ?? 1;
      const { rows, total } = await sql.listEntries(
        ctx.db,
        filter,
        PAGE_SIZE,
        (page - 1) * PAGE_SIZE,
      );
      return success({
        items: rows.map(toApi),
        total,
        total_capped: total >= sql.COUNT_CAP,
        page,
        page_size: PAGE_SIZE,
      });
    },
  );

  app.get(
    '/audit/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'The audit log as CSV, newest first, with the same filters; cells a spreadsheet would run as a formula start with an apostrophe; the export is itself written to the log (administrators only)',
        security: authenticated,
        querystring: filterQuery,
        response: {
          200: {
            description: 'CSV (RFC 4180), a header line then one line per entry',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      await auditRequest(ctx.db, request, {
        kind: 'audit.exported',
        details: { filter: request.query },
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return sendCsv(
        reply,
        Readable.from(csvRows(sql.allEntries(ctx.db, filter))),
        `audit-log-${stamp}.csv`,
      );
    },
  );

  app.get(
    '/audit/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: "The audit log's retention (administrators only)",
        security: authenticated,
        response: { 200: ok(retentionData), ...errors(401, 403) },
      },
    },
    async () => success({ retention_days: await retentionDays(ctx.db) }),
  );

  app.put(
    '/audit/settings',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Set the audit log's retention; the change is itself written to the log (administrators only)",
        security: authenticated,
        body: retentionData,
        response: { 200: ok(retentionData), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const days = request.body.retention_days;
      await withUserTransaction(ctx.db, requestActor(request), (tx) => setRetentionDays(tx, days));
      return success({ retention_days: days });
    },
  );
}
