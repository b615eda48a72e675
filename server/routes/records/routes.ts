// Tickets and content items: create, read, edit, discard a draft, and the four lists. One set of
// handlers serves both kinds (kinds.ts says what differs). Contract: docs/api-records.md.
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { auditRequest } from '../../audit/write.js';
import { withUserTransaction, type Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { fill } from '../../lib/i18n.js';
import { sanitizeBody, hasText } from '../../lib/sanitize.js';
import {
  authenticated,
  errorResponse,
  errors,
  idParams,
  M,
  ok,
  success,
} from '../../lib/schemas.js';
import { routesWith, type TypedApp } from '../../lib/typed-routes.js';
import { currentUser, requestActor } from '../../plugins/auth.js';
import {
  CONTENT,
  listCap,
  listPage,
  MESSAGES,
  RECORD_SHAPES,
  TICKET,
  bodyRequired,
  createBodySchema,
  listBodySchema,
  listDataSchema,
  recordSchema,
  toApi,
  updateBodySchema,
  type RecordKind,
  type RecordRow,
} from './kinds.js';
import { recordEvent } from './history.js';
import { queueFollowerMails } from '../../mail/record-mail.js';
import { deleteRecord } from '../agent-actions/sql.js';
import { removeStoredFiles } from '../attachments/attach.js';
import { NOT_FOUND_MESSAGE, READ_ONLY_MESSAGE } from './messages.js';
import { insertSubmittedTicket } from '../../sla/new-ticket.js';
import { assignOnEntry, enteredDesk } from '../../assignment/assign-next.js';
import { recomputeSla } from '../../sla/recompute.js';
import { solveChildren } from '../merge/solve.js';
import * as sql from './sql.js';
import { DESK_MOVE_DENIED, worksOnDesk } from './desk-rules.js';
import { checkValues, loadFieldSet, valueChanges } from '../custom-fields/record-values.js';
import {
  PUBLISH_THROUGH_REVIEW,
  holdsPublishedText,
  mayPublishDirectly,
  publishes,
  recordArticleSave,
} from '../article-review/save.js';

export const NOT_FOUND = NOT_FOUND_MESSAGE;
export const CONFLICT = 'Someone else changed this record. The current version is shown.';
export const HD_ONLY = 'Only helpdesk agents can see all records.';
export const STATUS_FORBIDDEN = 'Only helpdesk agents can change the status.';
export const DISCARD_FORBIDDEN = 'Only the owner can discard a draft.';
export const READ_ONLY = READ_ONLY_MESSAGE;

/** A content item's save is a version (docs/knowledge-review.md): it may carry a note. */
function withVersionNote<const S extends { properties: object }>(schema: S) {
  return {
    ...schema,
    properties: {
      ...schema.properties,
      version_note: {
        type: 'string',
        maxLength: 500,
        description: "A note on this save's version of the article",
        [M]: 'A version note must be at most 500 characters.',
      },
    },
  } as const;
}

/** Each kind's request bodies, built from the kind itself so that their types name its fields. */
const BODIES = {
  T: {
    create: createBodySchema(TICKET),
    update: updateBodySchema(TICKET),
    list: listBodySchema(TICKET),
  },
  C: {
    create: withVersionNote(createBodySchema(CONTENT)),
    update: withVersionNote(updateBodySchema(CONTENT)),
    list: listBodySchema(CONTENT),
  },
};

/** The fields a ticket's or a content item's create or edit may carry (all optional). */
type TicketFields = Partial<FromSchema<typeof BODIES.T.create>>;
type ContentFields = Partial<FromSchema<typeof BODIES.C.create>>;

/**
 * What a create or edit sets, by column (a ticket's `subject` is the `title` column, ...).
 * Either kind's body fits either type (their fields are all optional), so `kind` picks which.
 */
function written(kind: RecordKind, b: TicketFields | ContentFields) {
  return kind.type === 'T' ? ticketColumns(b) : contentColumns(b);
}

const ticketColumns = (b: TicketFields) => ({
  title: b.subject,
  body: b.description,
  priority_id: b.priority_id,
  company_id: b.company_id,
  content_type_id: undefined,
});

const contentColumns = (b: ContentFields) => ({
  title: b.title,
  body: b.body,
  priority_id: undefined,
  company_id: undefined,
  content_type_id: b.content_type_id,
});

/** The value a PUT sent, or what the record had when it sent none. */
const sentOr = <V, W>(sent: V | undefined, was: W): V | W => (sent === undefined ? was : sent);

/** The rules beyond the schema, on the record as it will be stored. */
function checkSubmitted(kind: RecordKind, merged: { body: string; lookup: number | null }) {
  const fields: Record<string, string> = {};
  if (!hasText(merged.body)) fields[kind.bodyField] = bodyRequired(kind);
  if (merged.lookup === null) fields[kind.requiredLookup] = MESSAGES[kind.requiredLookup];
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
}

function recordRoutes(
  app: TypedApp<typeof RECORD_SHAPES>,
  ctx: AppContext,
  kind: RecordKind,
): void {
  const tags = [kind.path];
  const bodies = BODIES[kind.type];
  const full = recordSchema(kind, true);
  const conflict = { ...errorResponse, properties: { ...errorResponse.properties, current: full } };
  const label = kind.type === 'T' ? 'ticket' : 'content item';

  app.post(
    `/${kind.path}/`,
    {
      // A hot write: its session may come from the session cache, its transaction confirms it.
      config: { session: 'write' },
      schema: {
        tags,
        summary: `Create a ${label} (or a draft of one)`,
        security: authenticated,
        body: bodies.create,
        response: { 200: ok(full), ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const given = written(kind, b);
      const isDraft = b.is_draft ?? false;
      const body = sanitizeBody(given.body ?? '');
      const lookup = given[kind.requiredLookup] ?? null;
      if (!isDraft) checkSubmitted(kind, { body, lookup });
      const fields: sql.NewRecord = {
        title: String(given.title).trim(),
        body,
        hd_id: b.hd_id ?? null,
        priority_id: given.priority_id ?? null,
        company_id: given.company_id ?? null,
        content_type_id: given.content_type_id ?? null,
        is_draft: isDraft,
      };
      // A submitted ticket starts its service-level targets (docs/sla.md) as it is written; its
      // desk, status and policy are read with BEGIN.
      const submittedTicket = kind.type === 'T' && !isDraft;
      const row = await withUserTransaction(
        ctx.db,
        requestActor(request),
        async (tx, [start, set]) => {
          // The custom field values, checked against the definitions read with BEGIN.
          fields.fields = await checkValues(tx, set, {
            sent: b.fields,
            version: b.fields_version,
            hdId: start?.hd_id ?? fields.hd_id ?? set.default_hd_id,
            agent: user.user_is_hde,
            draft: isDraft,
            raising: true,
            current: {},
            isNew: true,
          });
          if (start) return insertSubmittedTicket(tx, ctx, user, fields, { start });
          const created = await sql.insertRecord(tx, user, kind, fields);
          if (kind.type === 'C') {
            // Its first version (docs/knowledge-review.md).
            await recordArticleSave(tx, {
              recordId: Number(created.id),
              authorId: user.id,
              title: created.title,
              body: created.body ?? '',
              note: noteOf(b),
              before: null,
              after: created,
              held: false,
            });
          }
          return created;
        },
        (tx: Queryable) =>
          Promise.all([
            submittedTicket ? sql.newTicketDefaults(tx, fields, user.id) : undefined,
            loadFieldSet(tx, kind.type),
          ]),
      );
      return success(toApi(row, ctx.clock.now()));
    },
  );

  app.get(
    `/${kind.path}/:id/`,
    {
      // The record's GET is a hot read: its session check may come from the session cache.
      config: { session: 'read' },
      schema: {
        tags,
        summary:
          kind.type === 'C'
            ? `One ${label} (the caller's, shared with them, or searchable; else 404)`
            : `One ${label} (the caller's or shared with them; else 404)`,
        security: authenticated,
        params: idParams,
        response: { 200: ok(full), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await sql.getRecord(ctx.db, currentUser(request), kind.type, request.params.id, {
        readers: kind.type === 'C',
      });
      if (!row) throw new HttpError(404, NOT_FOUND);
      return success(toApi(row, ctx.clock.now()));
    },
  );

  app.put(
    `/${kind.path}/:id/`,
    {
      schema: {
        tags,
        summary: `Edit a ${label}, based on its \`version\` (409 with \`current\` when stale)`,
        security: authenticated,
        params: idParams,
        body: bodies.update,
        response: { 200: ok(full), ...errors(400, 401, 403, 404), 409: conflict },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const b = request.body;
      // The definitions come in the same round trip as the record.
      const [current, set] = await Promise.all([
        sql.getRecord(ctx.db, user, kind.type, id, { readers: true }),
        loadFieldSet(ctx.db, kind.type),
      ]);
      if (!current) throw new HttpError(404, NOT_FOUND);
      if (current.access !== 'owner' && current.access !== 'agent') {
        throw new HttpError(403, READ_ONLY);
      }
      const stale = (now: RecordRow) =>
        new HttpError(409, CONFLICT, undefined, undefined, {
          current: toApi(now, ctx.clock.now()),
        });
      if (current.version !== b.version) throw stale(current);

      if (b.status_id !== undefined && b.status_id !== current.status_id && !user.user_is_hde) {
        // The owner may close or reopen their own ticket; every other change is the agents'.
        const code = await sql.statusCode(ctx.db, b.status_id);
        const ownTicket = kind.type === 'T' && Number(current.owner_id) === user.id;
        if (!(ownTicket && (code === 'closed' || code === 'open'))) {
          throw new HttpError(403, STATUS_FORBIDDEN);
        }
      }
      if (b.is_draft === true && !current.is_draft) {
        throw new HttpError(400, 'Validation failed', { is_draft: MESSAGES.backToDraft });
      }
      const given = written(kind, b);
      const merged = {
        title: sentOr(given.title, current.title).trim(),
        body: given.body === undefined ? (current.body ?? '') : sanitizeBody(given.body),
        hd_id: sentOr(b.hd_id, current.hd_id),
        status_id: sentOr(b.status_id, current.status_id),
        priority_id: kind.type === 'T' ? sentOr(given.priority_id, current.priority_id) : null,
        company_id: kind.type === 'T' ? sentOr(given.company_id, current.company_id) : null,
        content_type_id:
          kind.type === 'C' ? sentOr(given.content_type_id, current.content_type_id) : null,
        is_draft: sentOr(b.is_draft, current.is_draft),
      };
      if (!merged.is_draft) {
        checkSubmitted(kind, { body: merged.body, lookup: merged[kind.requiredLookup] });
      }
      // Publishing goes through review (docs/knowledge-review.md): a status set to Published
      // is refused unless the caller may review the article (in the desk it ends up in).
      if (
        kind.type === 'C' &&
        publishes(current, merged) &&
        !(await mayPublishDirectly(ctx.db, user, merged.hd_id))
      ) {
        throw new HttpError(409, PUBLISH_THROUGH_REVIEW);
      }
      // A published article's new text waits in review as a version; its record keeps the
      // published text until a reviewer approves it (docs/knowledge-review.md).
      const held = kind.type === 'C' && holdsPublishedText(current, merged);
      const text = { title: merged.title, body: merged.body };
      if (held) {
        merged.title = current.title;
        merged.body = current.body ?? '';
      }
      const patch = await checkValues(ctx.db, set, {
        sent: b.fields,
        version: b.fields_version,
        hdId: merged.hd_id,
        agent: user.user_is_hde,
        draft: merged.is_draft,
        raising: current.is_draft && !merged.is_draft,
        current: current.fields,
        isNew: false,
      });
      // An agent moves someone else's record into a restricted desk only as its member.
      const moved = merged.hd_id !== null && merged.hd_id !== current.hd_id;
      if (moved && user.user_is_hde && Number(current.owner_id) !== user.id) {
        if (!(await worksOnDesk(ctx.db, user.id, merged.hd_id))) {
          throw new HttpError(400, 'Validation failed', { hd_id: DESK_MOVE_DENIED });
        }
      }
      const row = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const updated = await sql.updateRecord(tx, user, kind.type, id, b.version, {
          ...merged,
          fields: patch,
        });
        if (updated) await recordEditEvents(tx, kind, user.id, current, updated);
        if (updated && kind.type === 'C') {
          await recordArticleSave(tx, {
            recordId: id,
            authorId: user.id,
            ...text,
            note: noteOf(b),
            before: current,
            after: updated,
            held,
          });
        }
        if (updated && updated.status_id !== current.status_id) {
          await queueFollowerMails(tx, ctx, recordRef(updated), user.id, {
            type: 'status_changed',
            actor: user.fullname,
            from: current.status_name,
            to: updated.status_name,
          });
        }
        if (updated && kind.type === 'T' && b.solve_children === true) {
          if (updated.status_id !== current.status_id) {
            await solveChildren(tx, ctx, user, id, updated.status_id);
          }
        }
        // A ticket moved, raised or reopened with no assignee gets one by its desk's rule.
        const assigned =
          updated &&
          kind.type === 'T' &&
          updated.assignee_id === null &&
          (await enteredDesk(tx, current, updated)) &&
          (await assignOnEntry(tx, ctx, id));
        if (updated && kind.type === 'T' && slaFieldsChanged(current, updated)) {
          // The due times follow priority, help desk, company and status (docs/sla.md).
          await recomputeSla(tx, ctx, id);
          return sql.getRecord(tx, user, kind.type, id);
        }
        return assigned ? sql.getRecord(tx, user, kind.type, id) : updated;
      });
      if (row) return success(toApi(row, ctx.clock.now()));
      // Changed (or removed) between our read and our write.
      const now = await sql.getRecord(ctx.db, user, kind.type, id);
      if (!now) throw new HttpError(404, NOT_FOUND);
      throw stale(now);
    },
  );

  app.delete(
    `/${kind.path}/:id/`,
    {
      schema: {
        tags,
        summary: `Delete a ${label}: agents any, the owner their own draft (its files go too)`,
        security: authenticated,
        params: idParams,
        response: {
          200: ok({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const deleted = await deleteRecord(ctx.db, user, kind.type, id);
      if (deleted) {
        await auditRequest(ctx.db, request, {
          kind: 'record.deleted',
          target: { kind: kind.type, id },
        });
        await removeStoredFiles(ctx, deleted.files, request.log);
        return success({ id });
      }
      if (!(await sql.getRecord(ctx.db, user, kind.type, id, { readers: true }))) {
        throw new HttpError(404, NOT_FOUND);
      }
      throw new HttpError(403, DISCARD_FORBIDDEN);
    },
  );

  for (const scope of ['my', 'hd'] as const) {
    app.post(
      `/search/${kind.path}/${scope}`,
      {
        // No body at all means "all defaults".
        preValidation: async (request) => {
          request.body ??= {};
        },
        // A list is a hot read: its session check may come from the session cache.
        config: { session: 'read' },
        schema: {
          tags,
          summary:
            scope === 'my'
              ? `The caller's own ${label}s, a page at a time`
              : `All ${label}s, a page at a time (helpdesk agents only)`,
          security: authenticated,
          body: bodies.list,
          response: {
            200: ok(listDataSchema(kind)),
            ...(scope === 'hd' ? errors(400, 401, 403) : errors(400, 401)),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (scope === 'hd' && !user.user_is_hde) throw new HttpError(403, HD_ONLY);
        const b = request.body;
        const page = b.page ?? 1;
        const pageSize = b.page_size ?? user.items_per_page;
        // Offset paging costs what it skips, so pages reach as far as the capped total counts;
        // older records are reached by filtering or reversing the sort.
        const filters = b.filters ?? {};
        const cap = listCap(filters);
        if ((page - 1) * pageSize >= cap) {
          throw new HttpError(400, 'Validation failed', { page: pageBeyondCap(cap) });
        }
        const { rows, total } = await sql.listRecords(ctx.db, kind, user, {
          scope,
          page,
          pageSize,
          sort: b.sort ?? '-created_at',
          filters,
          now: ctx.clock.now(),
        });
        const capped = total > cap;
        const now = ctx.clock.now();
        return success(
          listPage(kind, rows, now, {
            total: capped ? cap : total,
            total_is_capped: capped,
            page,
            page_size: pageSize,
          }),
        );
      },
    );
  }
}

/** 'updated' with the API names of the changed fields, and 'status_changed' with its names. */
async function recordEditEvents(
  tx: Queryable,
  kind: RecordKind,
  actorId: number,
  before: RecordRow,
  after: RecordRow,
): Promise<void> {
  // [column, API name, the column whose value the history shows (a name, not an id)]
  const columns: [keyof RecordRow, string, (keyof RecordRow)?][] = [
    ['title', kind.titleField, 'title'],
    ['body', kind.bodyField],
    ['hd_id', 'hd_id', 'hd_name'],
    ['priority_id', 'priority_id', 'priority_name'],
    ['company_id', 'company_id', 'company_name'],
    ['content_type_id', 'content_type_id', 'content_type_name'],
    ['is_draft', 'is_draft'],
  ];
  const changed = columns.filter(([c]) => before[c] !== after[c]);
  const recordId = Number(after.id);
  // Custom field values: named `fields.<key>`, from and to as the history shows them.
  const values = valueChanges(before.fields, after.fields);
  if (changed.length || values.names.length) {
    // `changes`: what a changed field was and became, by name, so the history reads as a sentence
    // ("changed the priority from Low to High") even after the lookup is renamed.
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const [, name, shown] of changed) {
      if (shown) changes[name] = { from: nameOf(before[shown]), to: nameOf(after[shown]) };
    }
    Object.assign(changes, values.changes);
    const fields = [...changed.map(([, name]) => name), ...values.names];
    await recordEvent(tx, { recordId, actorId, action: 'updated', details: { fields, changes } });
  }
  if (before.status_id !== after.status_id) {
    await recordEvent(tx, {
      recordId,
      actorId,
      action: 'status_changed',
      details: { from: before.status_name, to: after.status_name },
    });
  }
}

/** A content save's `version_note`, trimmed; blank is none. */
const noteOf = (b: object): string | null => {
  const note =
    'version_note' in b && typeof b.version_note === 'string' ? b.version_note.trim() : '';
  return note || null;
};

const nameOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** What a ticket's due times depend on (docs/sla.md): then recomputeSla runs. */
const slaFieldsChanged = (before: RecordRow, after: RecordRow) =>
  before.priority_id !== after.priority_id ||
  before.hd_id !== after.hd_id ||
  before.company_id !== after.company_id ||
  before.status_id !== after.status_id ||
  before.is_draft !== after.is_draft;

const recordRef = (row: RecordRow) => ({
  id: Number(row.id),
  object_type: row.object_type,
  title: row.title,
});

const pageBeyondCap = (cap: number) =>
  fill(
    'Pages reach the first {{cap}} records. Narrow the filters or reverse the sort to see older ones.',
    { cap: cap.toLocaleString('en-US') },
  );

export function recordsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, ...RECORD_SHAPES);
  recordRoutes(app, ctx, TICKET);
  recordRoutes(app, ctx, CONTENT);
}
