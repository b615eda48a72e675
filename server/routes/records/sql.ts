// SQL for tickets and content items. Every query carries visibleTo() (visibility.ts), so what a
// caller may not see is never found. Details and lists join the lookups' names in the same
// statement (no N+1); a list is one statement for the page plus one capped count.
import type { FromSchema } from 'json-schema-to-ts';
import type { DatabaseError } from 'pg';
import { runPageAndCount, type PageAndCount } from '../../db/page-and-count.js';
import type { Db } from '../../db/pool.js';
import { prepared, type BuiltQuery } from '../../db/prepared.js';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import {
  listCap,
  MESSAGES,
  TICKET,
  type ObjectType,
  type RecordKind,
  type RecordRow,
  type RecordRowWithBody,
} from './kinds.js';
import type { listFiltersSchema } from './list-selection.js';
import {
  changeableBy,
  Params,
  readableBy,
  sharedWith,
  viewerColumns,
  visibleTo,
  type Access,
  type Viewer,
} from './visibility.js';
import { primaryOrganization, sharingOrganizations } from './organization-visibility.js';
import {
  matchingPolicySql,
  policyFromJson,
  type PolicyJson,
  type PolicyRow,
} from '../../sla/policy.js';
import { SLA_COLUMNS, SLA_SELECT } from '../../sla/summary.js';
import { TAGS_OF_RECORD } from '../tags/sql.js';
import {
  fieldConditions,
  fieldValueSql,
  listFields,
  sortedField,
  type ListField,
} from './field-filters.js';
import { newRecordFields, type FieldValues } from '../custom-fields/record-values.js';
import {
  overdue,
  recentlyAnswered,
  slaDue,
  statusGroup,
  waitingForRequester,
} from './ticket-state.js';

/**
 * The select list for records read from `source` (a table or a CTE) as `r`, with the lookups'
 * names. The names are scalar subqueries (primary-key probes), not joins: in one statement all
 * the same, but a nine-way join costs PostgreSQL about 5 ms of planning per call (its join-order
 * search), ten times the execution of a whole list page; these plan in well under 1 ms.
 */
export function selectFrom(source: string, withBody: boolean, viewerCols: string): string {
  return `SELECT r.id, r.object_type, r.title, ${withBody ? 'r.body,' : ''}
       r.owner_id, (SELECT fullname FROM users WHERE id = r.owner_id) AS owner_name,
       r.assignee_id, (SELECT fullname FROM users WHERE id = r.assignee_id) AS assignee_name,
       r.hd_id, (SELECT name FROM helpdesks WHERE id = r.hd_id) AS hd_name,
       r.status_id, (SELECT name FROM statuses WHERE id = r.status_id) AS status_name,
       r.priority_id, (SELECT name FROM priorities WHERE id = r.priority_id) AS priority_name,
       r.company_id, (SELECT name FROM companies WHERE id = r.company_id) AS company_name,
       r.content_type_id,
       (SELECT name FROM content_types WHERE id = r.content_type_id) AS content_type_name,
       r.searchable, r.is_public, r.is_draft, r.channel, r.version, r.created_at, r.updated_at,
       r.merged_into_id,
       ${TAGS_OF_RECORD} AS tags,
       ${SLA_SELECT},
       ${viewerCols}
  FROM ${source}`;
}

/** Foreign-key (and not-null) violations name the constraint: answer 400 on the API field. */
const CONSTRAINT_FIELDS: Record<string, keyof typeof MESSAGES> = {
  records_hd_fk: 'hd_id',
  records_status_fk: 'status_id',
  records_priority_fk: 'priority_id',
  records_company_fk: 'company_id',
  records_content_type_fk: 'content_type_id',
};

async function withFieldErrors<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    const e = err as DatabaseError;
    const field =
      e.code === '23503' && e.constraint
        ? CONSTRAINT_FIELDS[e.constraint]
        : e.code === '23502' && e.column === 'hd_id'
          ? 'hd_id'
          : undefined;
    if (field) throw new HttpError(400, 'Validation failed', { [field]: MESSAGES[field] });
    throw err;
  }
}

/**
 * One record with its names, if the viewer may see it: one statement. `readers: true` also finds
 * searchable content for anyone (access "reader": GET content/{id}/, and edits, which then 403).
 */
export async function getRecord(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
  opts: { readers?: boolean } = {},
): Promise<RecordRowWithBody | undefined> {
  const p = new Params([id, type]);
  const visible = opts.readers ? readableBy(p, viewer) : visibleTo(p, viewer);
  const { rows } = await db.query<RecordRowWithBody>(
    prepared(
      `${selectFrom('records r', true, viewerColumns(p, viewer))}
      WHERE r.id = $1 AND r.object_type = $2 AND ${visible}`,
      p.values,
    ),
  );
  return rows[0];
}

/** The record's title and the viewer's access to it, if they may see it (404 otherwise). */
export async function findAccess(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
  opts: { readers?: boolean } = {},
): Promise<{ id: number; title: string; access: Access } | undefined> {
  const p = new Params([id, type]);
  const visible = opts.readers ? readableBy(p, viewer) : visibleTo(p, viewer);
  const { rows } = await db.query<{ title: string; access: Access }>(
    prepared(
      `SELECT r.title, ${viewerColumns(p, viewer)}
       FROM records r
      WHERE r.id = $1 AND r.object_type = $2 AND ${visible}`,
      p.values,
    ),
  );
  return rows[0] ? { id, title: rows[0].title, access: rows[0].access } : undefined;
}

export interface NewRecord {
  title: string;
  body: string;
  hd_id: number | null;
  priority_id: number | null;
  company_id: number | null;
  content_type_id: number | null;
  is_draft: boolean;
  /** Custom field values: a new record's given ones (its defaults fill the rest), an edit's patch. */
  fields?: FieldValues;
}

/** SQL: the default help desk for the object type in parameter `type`. */
const defaultDesk = (type: string) =>
  `(SELECT id FROM helpdesks WHERE object_type = ${type} AND is_default)`;

/** A new record's id from its sequence (a ticket takes it with its defaults, see below). */
const NEXT_RECORD_ID = "nextval(pg_get_serial_sequence('records', 'id'))";

/** What a new ticket's help desk and status resolve to before it is written, and its policy. */
export interface NewTicketStart {
  /** The ticket's id, taken from the sequence with the defaults: its jobs can go out with it. */
  id: string;
  hd_id: number | null;
  /** The company given, else the requester's primary organization (organizations/sql.ts). */
  company_id: number | null;
  code: string;
  is_closed: boolean;
  policy?: PolicyRow;
  /** Whether the desk has an assignment rule (docs/assignment.md): the ticket gets an agent. */
  assigns: boolean;
}

export async function newTicketDefaults(
  db: Queryable,
  t: Pick<NewRecord, 'hd_id' | 'priority_id' | 'company_id'>,
  requesterId: number,
): Promise<NewTicketStart> {
  const desk = `coalesce($1::int, ${defaultDesk(`'${TICKET.type}'`)})`;
  const company = `coalesce($3::int, ${primaryOrganization('$5::bigint')})`;
  const { rows } = await db.query<{
    id: string;
    hd_id: number | null;
    company_id: number | null;
    code: string;
    is_closed: boolean;
    policy: PolicyJson | null;
    assigns: boolean;
  }>(
    prepared(
      `SELECT ${NEXT_RECORD_ID} AS id,
              ${desk} AS hd_id, ${company} AS company_id, s.code, s.is_closed,
              ${matchingPolicySql(desk, '$2::int', company)} AS policy,
              EXISTS (SELECT 1 FROM desk_assignment d
                       WHERE d.helpdesk_id = ${desk} AND d.mode <> 'off') AS assigns
         FROM statuses s WHERE s.code = $4`,
      [t.hd_id, t.priority_id, t.company_id, TICKET.initialStatus, requesterId],
    ),
  );
  const { policy, ...start } = rows[0];
  return { ...start, policy: policyFromJson(policy) };
}

/**
 * Inserts a record and its `created` history event (one statement; `created` is that event's
 * details, e.g. the channel a ticket came in by); `sla`: a new ticket's service-level columns
 * (SLA_COLUMNS' values, from newTicketSla), written with the row; `id`: one taken from the
 * sequence already (newTicketDefaults), else the sequence's next.
 */
export async function insertRecord(
  db: Queryable,
  owner: Viewer,
  kind: RecordKind,
  r: NewRecord,
  opts: { sla?: unknown[]; created?: Record<string, unknown>; id?: string } = {},
): Promise<RecordRowWithBody> {
  const { sla, id } = opts;
  const p = new Params([
    kind.type,
    r.title,
    r.body,
    owner.id,
    r.hd_id,
    kind.initialStatus,
    r.priority_id,
    r.company_id,
    r.content_type_id,
    r.is_draft,
  ]);
  const details = p.add(JSON.stringify(opts.created ?? {}));
  const values = newRecordFields(
    '$1',
    `coalesce($5, ${defaultDesk('$1')})`,
    p.add(JSON.stringify(r.fields ?? {})),
  );
  const slaColumns = sla ? `, ${SLA_COLUMNS.join(', ')}` : '';
  const slaValues = sla ? `, ${sla.map((v) => p.add(v)).join(', ')}` : '';
  const newId = `coalesce(${p.add(id ?? null)}::bigint, ${NEXT_RECORD_ID})`;
  // Named: its text varies only with the kind of record, the policy's columns and the role.
  const { rows } = await withFieldErrors(
    db.query<RecordRowWithBody>(
      prepared(
        `WITH r AS (
         INSERT INTO records (id, object_type, title, body, owner_id, hd_id, status_id,
                              priority_id, company_id, content_type_id, is_draft, fields${slaColumns})
         OVERRIDING SYSTEM VALUE
         VALUES (${newId}, $1, $2, $3, $4,
                 coalesce($5, ${defaultDesk('$1')}),
                 (SELECT id FROM statuses WHERE code = $6), $7, $8, $9, $10, ${values}${slaValues})
         RETURNING *),
       e AS (INSERT INTO record_events (record_id, actor_id, action, details)
             SELECT id, $4, 'created', ${details}::jsonb FROM r)
       ${selectFrom('r', true, viewerColumns(p, owner))}`,
        p.values,
      ),
    ),
  );
  return rows[0];
}

export interface RecordChanges extends NewRecord {
  hd_id: number;
  status_id: number;
}

/**
 * Writes the merged record if it is still at `version` (and visible). Undefined when no row
 * matched: the caller then tells 404 from 409.
 */
export async function updateRecord(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
  version: number,
  r: RecordChanges,
): Promise<RecordRowWithBody | undefined> {
  const p = new Params([
    id,
    type,
    version,
    r.title,
    r.body,
    r.hd_id,
    r.status_id,
    r.priority_id,
    r.company_id,
    r.content_type_id,
    r.is_draft,
    JSON.stringify(r.fields ?? {}),
  ]);
  const { rows } = await withFieldErrors(
    db.query<RecordRowWithBody>(
      `WITH r AS (
         UPDATE records r
            SET title = $4, body = $5, hd_id = $6, status_id = $7, priority_id = $8,
                company_id = $9, content_type_id = $10, is_draft = $11,
                fields = jsonb_strip_nulls(r.fields || $12::jsonb),
                version = r.version + 1, updated_at = now()
          WHERE r.id = $1 AND r.object_type = $2 AND r.version = $3
            AND ${changeableBy(p, viewer)}
         RETURNING r.*)
       ${selectFrom('r', true, viewerColumns(p, viewer))}`,
      p.values,
    ),
  );
  return rows[0];
}

export async function statusCode(db: Db, statusId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ code: string }>('SELECT code FROM statuses WHERE id = $1', [
    statusId,
  ]);
  return rows[0]?.code;
}

export async function statusIdByCode(db: Db, code: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM statuses WHERE code = $1', [
    code,
  ]);
  return rows[0].id;
}

// ---- Lists ----------------------------------------------------------------------------------

/** A list's filters, both kinds' (each kind ignores the other's): as the schema says. */
export type ListFilters = FromSchema<ReturnType<typeof listFiltersSchema>>;

export interface ListRequest {
  scope: 'my' | 'hd';
  /** The SLA clock's now (the `sla` filter compares against it). */
  now: Date;
  page: number;
  pageSize: number;
  /** An API sort name, optionally with a leading '-' (already validated). */
  sort: string;
  filters: ListFilters;
  /**
   * `filters.organization_tickets`: the caller's organizations that share their tickets, read
   * first (listRecords), so the list names them and reads one organization's entries of the
   * company index instead of walking every ticket; none given, the list is empty.
   */
  organizations?: number[];
  /**
   * The custom fields the filters and the sort name, checked (field-filters.ts listFields):
   * read first when the list uses any (listRecords).
   */
  fields?: Map<string, ListField>;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * "My organization's tickets": one organization is the agents' company filter (its index, any
 * sort); several are an array (a kept plan's text differs by which, not by the ids).
 */
function ofOrganizations(p: Params, req: ListRequest): string {
  const ids = req.organizations ?? [];
  if (ids.length === 0) return 'FALSE';
  if (ids.length === 1) return `r.company_id = ${p.add(ids[0])}`;
  return `r.company_id = ANY (${p.add(ids)}::int[])`;
}

/** Pages of a list sent as named statements (see buildListQueries). */
const NAMED_PAGES = 5;

/**
 * The page and the capped count of a list, as SQL (also run directly by the bench).
 * The page's ids come from an inner query that touches only the list's index (index-only scan
 * when no filter needs the table), so a deep OFFSET skips index entries, not rows; the outer
 * query then joins the names for those page_size rows only.
 */
export function buildListQueries(kind: RecordKind, viewer: Viewer, req: ListRequest): PageAndCount {
  const p = new Params();
  const f = req.filters;
  // The kind and the draft flag are literals (two values each), so a generic plan knows them.
  const where = [`r.object_type = '${kind.type}'`, `r.is_draft = ${f.is_draft ? 'TRUE' : 'FALSE'}`];
  // Each scope's condition is its authorization, and each keeps its index: "my" leads with
  // owner_id (records_my_*), "shared with me" starts from record_shares_user_idx, "hd" is
  // agents only (the route answers 403 to others) and reads records_hd_*; "my organization's
  // tickets" reads records_hd_company_idx per organization of the caller's that shares.
  if (req.scope === 'hd') where.push(visibleTo(p, viewer));
  else if (f.shared_with_me) {
    where.push(sharedWith(p.add(viewer.id)));
    // A share does not open a restricted desk to an agent who is not its member.
    if (viewer.user_is_hde) where.push(visibleTo(p, viewer));
  } else if (kind.type === 'T' && f.organization_tickets) where.push(ofOrganizations(p, req));
  else where.push(`r.owner_id = ${p.add(viewer.id)}`);
  const eq = (column: string, value: number | undefined) => {
    if (value !== undefined) where.push(`r.${column} = ${p.add(value)}`);
  };
  eq('status_id', f.status_id);
  if (f.status_group) where.push(statusGroup(f.status_group));
  eq('hd_id', f.hd_id);
  if (kind.type === 'T') {
    eq('priority_id', f.priority_id);
    eq('company_id', f.company_id);
    eq('owner_id', f.requester_id);
    if (f.assignee_id === 'none') where.push('r.assignee_id IS NULL');
    else eq('assignee_id', f.assignee_id === 'me' ? viewer.id : f.assignee_id);
    if (f.waiting_for_me) where.push(waitingForRequester());
    if (f.recently_answered) where.push(recentlyAnswered());
    if (f.overdue) where.push(overdue());
    if (f.sla) where.push(slaDue(f.sla, p.add(req.now)));
    // records_satisfaction_idx (migration 051): only rated tickets are in it.
    if (f.satisfaction) where.push(`r.satisfaction = ${p.add(f.satisfaction)}`);
  } else {
    eq('content_type_id', f.content_type_id);
    eq('owner_id', f.author_id);
  }
  if (f.created_from) where.push(`r.created_at >= ${p.add(`${f.created_from}T00:00:00Z`)}`);
  if (f.created_to) where.push(`r.created_at < ${p.add(nextDay(f.created_to))}`);
  const tagIds = f.tag_ids ?? [];
  if (tagIds.length) {
    // The tags' GIN index (migration 028): any of them (&&) or all of them (@>).
    const op = f.tag_mode === 'all' ? '@>' : '&&';
    where.push(`r.tag_ids ${op} ${p.add([...new Set(tagIds)])}::int[]`);
  }
  const text = f.text?.trim();
  if (text) {
    // The stored folded title, as the trigram index (records_title_trgm_idx, migration 016).
    where.push(`r.title_search LIKE records_search_text(${p.add(`%${escapeLike(text)}%`)})`);
  }
  const fieldFilters = f.fields ?? {};
  const fieldFiltered = Object.keys(fieldFilters).length > 0;
  if (fieldFiltered) where.push(...fieldConditions(p, fieldsOf(req), fieldFilters));
  // The count's values: the conditions' only (the sort's come after).
  const whereValues = [...p.values];

  const desc = req.sort.startsWith('-');
  const dir = desc ? 'DESC' : 'ASC';
  const sortKey = sortedField(req.sort);
  // A custom field's value: no index per field, so the list's matches are sorted (nulls last,
  // either way), ties by id.
  const sortField = sortKey ? fieldsOf(req).get(sortKey) : undefined;
  const fieldSort = sortField ? fieldValueSql(sortField, 'r', p) : undefined;
  const column = sortField ? 'sort_key' : (kind.sorts[req.sort.replace(/^-/, '')] ?? 'created_at');
  const orderOf = (t: string) => {
    if (fieldSort) {
      const value = t === 'r' ? fieldSort : `${t}.sort_key`;
      return `${value} ${dir} NULLS LAST, ${t}.id ${dir}`;
    }
    return column === 'id' ? `${t}.id ${dir}` : `${t}.${column} ${dir}, ${t}.id ${dir}`;
  };
  const orderBy = orderOf('r');
  const whereSql = where.join(' AND ');

  // A named statement is planned once per connection and then kept (server/db/prepared.ts):
  // the first pages of a list without a text filter or a date range, the calls every screen
  // makes. How many rows a LIKE pattern or a range matches decides their plan (the trigram index
  // for a rare word, the list's own index for a common one), which a kept plan cannot know;
  // deeper pages would make a statement per page. LIMIT and OFFSET are literals (validated
  // integers): with parameters there, PostgreSQL plans a kept statement for a tenth of the table
  // instead of one page.
  // A tag filter too: a common tag's matches are best read by walking the sort index, a rare
  // one's from the tags' index, which the plan can tell only from the values.
  // A custom field filter too (its value decides the plan, like a tag's), and a sort by a field
  // (its text names the field: a kept plan per field would not be reused).
  const narrowed =
    !!text || !!f.created_from || !!f.created_to || tagIds.length > 0 || fieldFiltered;
  const named = !narrowed && !fieldSort && req.page <= NAMED_PAGES;
  const build = (sql: string, values: unknown[]): BuiltQuery =>
    named ? prepared(sql, values) : { text: sql, values };
  const cap = listCap(f);
  const count = build(
    `SELECT count(*)::int AS total
       FROM (SELECT 1 FROM records r WHERE ${whereSql} LIMIT ${cap + 1}) capped`,
    whereValues,
  );
  const limit = Math.trunc(req.pageSize);
  const offset = Math.trunc((req.page - 1) * req.pageSize);
  const pageOf = (source: string, extraColumns = '') =>
    build(
      `${selectFrom(`${source} JOIN records r ON r.id = page.id`, false, viewerColumns(p, viewer) + extraColumns)}
     ORDER BY ${orderBy}`,
      p.values,
    );
  const firstPage = req.page === 1;
  if (!narrowed) {
    const page = pageOf(`(SELECT r.id FROM records r WHERE ${whereSql}
         ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) page`);
    return { page, count, countInPage: false, firstPage };
  }
  // A text filter or a date range: the matches are read once, up to the count's cap, as the
  // count reads them. When they are all there (at most the cap), the page is sorted from them;
  // only past the cap is the list's sort index walked. Walking it for a few thousand matches
  // (one company's month) read every entry until 25 matched: 44,000 at 1M tickets when the
  // order and the range go together. The page's
  // rows carry the capped count, so one statement answers both.
  const sortColumn = fieldSort
    ? `, ${fieldSort} AS sort_key`
    : column === 'id'
      ? ''
      : `, r.${column}`;
  const page = pageOf(
    `(WITH m AS MATERIALIZED (SELECT r.id${sortColumn} FROM records r WHERE ${whereSql} LIMIT ${cap + 1}),
          n AS MATERIALIZED (SELECT count(*)::int AS total FROM m)
        (SELECT m.id, (SELECT total FROM n) AS total FROM m
          WHERE (SELECT total FROM n) <= ${cap}
          ORDER BY ${orderOf('m')} LIMIT ${limit} OFFSET ${offset})
        UNION ALL
        (SELECT r.id, ${cap + 1} FROM records r
          WHERE (SELECT total FROM n) > ${cap} AND ${whereSql}
          ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset})) page`,
    ', page.total',
  );
  return { page, count, countInPage: true, firstPage };
}

function fieldsOf(req: ListRequest): Map<string, ListField> {
  if (!req.fields) throw new Error('the list names custom fields: read them first (withFields)');
  return req.fields;
}

/** The request with its custom fields read and checked (400 otherwise), when it names any. */
export async function withFields(
  db: Queryable,
  kind: RecordKind,
  viewer: Viewer,
  req: ListRequest,
): Promise<ListRequest> {
  if (req.fields) return req;
  const fields = await listFields(db, kind.type, req, !viewer.user_is_hde);
  return fields ? { ...req, fields } : req;
}

export async function listRecords(
  db: Db,
  kind: RecordKind,
  viewer: Viewer,
  req: ListRequest,
): Promise<{ rows: RecordRow[]; total: number }> {
  if (req.scope === 'my' && req.filters.organization_tickets && req.organizations === undefined) {
    req = { ...req, organizations: await sharingOrganizationIds(db, viewer.id) };
  }
  req = await withFields(db, kind, viewer, req);
  return runPageAndCount<RecordRow>(db, buildListQueries(kind, viewer, req));
}

/** The organizations of user `id` whose members see each other's tickets (primary keys). */
export async function sharingOrganizationIds(db: Queryable, id: number): Promise<number[]> {
  const { rows } = await db.query<{ company_id: number }>(
    prepared(`${sharingOrganizations('$1')} ORDER BY m.company_id`, [id]),
  );
  return rows.map((r) => r.company_id);
}
