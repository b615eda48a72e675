// The two kinds of record (ticket 'T', content item 'C') share one table and one set of routes;
// this file holds what differs: API field names, messages, sort columns and JSON schemas.
import { oneLine } from '../../lib/one-line.js';
import { M, dateField } from '../../lib/schemas.js';
import { slaFields, slaFieldsSchema, type SlaColumns } from '../../sla/summary.js';
import type { Access } from './visibility.js';

export type ObjectType = 'T' | 'C';

export interface RecordKind {
  type: ObjectType;
  /** URL segment: ticket/, content/, search/ticket/... */
  path: 'ticket' | 'content';
  titleField: 'subject' | 'title';
  bodyField: 'description' | 'body';
  ownerField: 'requester_id' | 'author_id';
  ownerNameField: 'requester_name' | 'author_name';
  titleLabel: string;
  bodyLabel: string;
  /** API sort name → column (all index-backed, see migrations/002_records.sql). */
  sorts: Record<string, string>;
  /** The lookup a submitted record needs besides the body. */
  requiredLookup: 'priority_id' | 'content_type_id';
  /** Status code for new records. */
  initialStatus: string;
}

export const TICKET: RecordKind = {
  type: 'T',
  path: 'ticket',
  titleField: 'subject',
  bodyField: 'description',
  ownerField: 'requester_id',
  ownerNameField: 'requester_name',
  titleLabel: 'Subject',
  bodyLabel: 'Description',
  sorts: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    subject: 'title',
    status: 'status_id',
    priority: 'priority_id',
    id: 'id',
    // Earliest running due time first; tickets with none last (docs/sla.md).
    sla: 'sla_due_at',
    // Grouped by assignee (by id, as status and priority sort by theirs); unassigned last
    // (migrations/025_assignee_sort.sql).
    assignee: 'assignee_id',
  },
  requiredLookup: 'priority_id',
  initialStatus: 'new',
};

export const CONTENT: RecordKind = {
  type: 'C',
  path: 'content',
  titleField: 'title',
  bodyField: 'body',
  ownerField: 'author_id',
  ownerNameField: 'author_name',
  titleLabel: 'Title',
  bodyLabel: 'Body',
  sorts: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    title: 'title',
    status: 'status_id',
    id: 'id',
  },
  requiredLookup: 'content_type_id',
  initialStatus: 'in_review',
};

export const BODY_MAX = 100_000;
export const LIST_COUNT_CAP = 10_000;
/**
 * A text filter is checked row by row (the trigram index narrows, LIKE confirms), so counting a
 * common word's matches up to 10,000 would read ~200k rows: such lists count to 1,000.
 */
export const TEXT_COUNT_CAP = 1_000;

/** How far a list counts and pages: the first N records. */
export function listCap(filters: { text?: string }): number {
  return filters.text?.trim() ? TEXT_COUNT_CAP : LIST_COUNT_CAP;
}

export const MESSAGES = {
  priority_id: 'Choose a priority.',
  company_id: 'Choose a company.',
  hd_id: 'Choose a help desk.',
  status_id: 'Choose a status.',
  content_type_id: 'Choose a content type.',
  version: 'Version is required.',
  is_draft: 'Draft must be true or false.',
  backToDraft: 'A submitted record cannot become a draft again.',
} as const;

export const titleRequired = (k: RecordKind) => `${k.titleLabel} is required.`;
export const bodyRequired = (k: RecordKind) => `${k.bodyLabel} is required.`;

/** One row as the SQL in sql.ts returns it (both kinds; the SLA columns are a ticket's). */
export interface RecordRow extends SlaColumns {
  id: string;
  object_type: ObjectType;
  title: string;
  body?: string;
  owner_id: string;
  owner_name: string;
  assignee_id: string | null;
  assignee_name: string | null;
  hd_id: number;
  hd_name: string;
  status_id: number;
  status_name: string;
  priority_id: number | null;
  priority_name: string | null;
  company_id: number | null;
  company_name: string | null;
  content_type_id: number | null;
  content_type_name: string | null;
  searchable: boolean;
  is_draft: boolean;
  /** How it came in: a web form, or a mail to a help desk's address. */
  channel: 'web' | 'mail';
  version: number;
  created_at: Date;
  updated_at: Date;
  /** The caller's relation to the record, for the SPA (visibility.ts viewerColumns). */
  access: Access;
  shared_with_me: boolean;
  following: boolean;
}

export type ApiRecord = Record<string, unknown>;

/**
 * The row in the API's shape for its kind (the response schema then drops nothing else).
 * `now` is the SLA clock's (AppContext.clock), which a ticket's `sla` state is measured against.
 */
export function toApi(row: RecordRow, now: Date): ApiRecord {
  // Flat object literals, no spreads: a spread of this many fields builds a dictionary-mode
  // object, about 15x the CPU per row, on every row of every list.
  const created_at = row.created_at.toISOString();
  const updated_at = row.updated_at.toISOString();
  if (row.object_type === 'T') {
    const sla = slaFields(row, now);
    const ticket: ApiRecord = {
      id: Number(row.id),
      object_type: row.object_type,
      hd_id: row.hd_id,
      hd_name: row.hd_name,
      status_id: row.status_id,
      status_name: row.status_name,
      is_draft: row.is_draft,
      channel: row.channel,
      version: row.version,
      created_at,
      updated_at,
      access: row.access,
      shared_with_me: row.shared_with_me,
      following: row.following,
      subject: row.title,
      priority_id: row.priority_id,
      priority_name: row.priority_name,
      company_id: row.company_id,
      company_name: row.company_name,
      requester_id: Number(row.owner_id),
      requester_name: row.owner_name,
      assignee_id: row.assignee_id === null ? null : Number(row.assignee_id),
      assignee_name: row.assignee_name,
      sla_policy_id: sla.sla_policy_id,
      first_response_due_at: sla.first_response_due_at,
      first_responded_at: sla.first_responded_at,
      next_response_due_at: sla.next_response_due_at,
      resolution_due_at: sla.resolution_due_at,
      resolved_at: sla.resolved_at,
      sla: sla.sla,
    };
    if (row.body !== undefined) ticket.description = row.body;
    return ticket;
  }
  const item: ApiRecord = {
    id: Number(row.id),
    object_type: row.object_type,
    hd_id: row.hd_id,
    hd_name: row.hd_name,
    status_id: row.status_id,
    status_name: row.status_name,
    is_draft: row.is_draft,
    channel: row.channel,
    version: row.version,
    created_at,
    updated_at,
    access: row.access,
    shared_with_me: row.shared_with_me,
    following: row.following,
    title: row.title,
    content_type_id: row.content_type_id,
    content_type_name: row.content_type_name,
    author_id: Number(row.owner_id),
    author_name: row.owner_name,
    searchable: row.searchable,
  };
  if (row.body !== undefined) item.body = row.body;
  return item;
}

// ---- JSON schemas -------------------------------------------------------------------------

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const str = { type: 'string' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

/** The record object (details) or a list item (`withBody: false`). */
function recordShape(k: RecordKind, withBody: boolean) {
  const common = {
    id: int,
    object_type: { type: 'string', enum: [k.type] },
    [k.titleField]: str,
    ...(withBody ? { [k.bodyField]: str } : {}),
    hd_id: int,
    hd_name: str,
    status_id: int,
    status_name: str,
    is_draft: { type: 'boolean' },
    channel: { type: 'string', enum: ['web', 'mail'] },
    version: int,
    created_at: dateTime,
    updated_at: dateTime,
    access: { type: 'string', enum: ['owner', 'shared', 'agent', 'reader'] },
    shared_with_me: { type: 'boolean' },
    following: { type: 'boolean' },
  };
  const specific =
    k.type === 'T'
      ? {
          priority_id: nullableInt,
          priority_name: nullableString,
          company_id: nullableInt,
          company_name: nullableString,
          requester_id: int,
          requester_name: str,
          assignee_id: nullableInt,
          assignee_name: nullableString,
          ...slaFieldsSchema,
        }
      : {
          content_type_id: nullableInt,
          content_type_name: nullableString,
          author_id: int,
          author_name: str,
          searchable: { type: 'boolean' },
        };
  const properties = { ...common, ...specific };
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

const id32 = (message: string) =>
  ({ type: 'integer', minimum: 1, maximum: 2147483647, [M]: message }) as const;
const nullableId32 = (message: string) =>
  ({ type: ['integer', 'null'], minimum: 1, maximum: 2147483647, [M]: message }) as const;

export function titleSchema(k: RecordKind) {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    ...oneLine,
    [M]: {
      maxLength: `${k.titleLabel} must be at most 200 characters.`,
      default: titleRequired(k),
    },
  } as const;
}

export function bodySchema(k: RecordKind) {
  return {
    type: 'string',
    maxLength: BODY_MAX,
    [M]: {
      maxLength: `${k.bodyLabel} must be at most 100,000 characters.`,
      default: bodyRequired(k),
    },
  } as const;
}

/** Fields a create (POST) or edit (PUT) may carry; PUT adds version and status_id. */
export function writeFields(k: RecordKind) {
  const lookups =
    k.type === 'T'
      ? {
          priority_id: nullableId32(MESSAGES.priority_id),
          company_id: nullableId32(MESSAGES.company_id),
        }
      : { content_type_id: nullableId32(MESSAGES.content_type_id) };
  return {
    [k.titleField]: titleSchema(k),
    [k.bodyField]: bodySchema(k),
    ...lookups,
    hd_id: id32(MESSAGES.hd_id),
    is_draft: { type: 'boolean', [M]: MESSAGES.is_draft },
  };
}

export function createBodySchema(k: RecordKind) {
  return { type: 'object', required: [k.titleField], properties: writeFields(k) } as const;
}

export function updateBodySchema(k: RecordKind) {
  return {
    type: 'object',
    required: ['version'],
    properties: {
      version: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: MESSAGES.version },
      ...writeFields(k),
      status_id: id32(MESSAGES.status_id),
    },
  } as const;
}

export function sortSchema(k: RecordKind) {
  const names = Object.keys(k.sorts);
  return {
    type: 'string',
    enum: names.flatMap((n) => [n, `-${n}`]),
    [M]: `Sort must be one of ${names.join(', ')}, optionally with a leading "-".`,
  } as const;
}

const ASSIGNEE_FILTER = 'Assignee must be an id, "me" or "none".';

export function listBodySchema(k: RecordKind) {
  const filterId = (message: string) => id32(message);
  const lookups =
    k.type === 'T'
      ? {
          priority_id: filterId(MESSAGES.priority_id),
          company_id: filterId(MESSAGES.company_id),
          requester_id: { type: 'integer', minimum: 1, [M]: 'Choose a requester.' },
          assignee_id: {
            anyOf: [
              { type: 'integer', minimum: 1, maximum: 2147483647, [M]: ASSIGNEE_FILTER },
              { type: 'string', enum: ['none', 'me'], [M]: ASSIGNEE_FILTER },
            ],
            [M]: ASSIGNEE_FILTER,
          },
          waiting_for_me: { type: 'boolean', [M]: 'Waiting for me must be true or false.' },
          recently_answered: {
            type: 'boolean',
            [M]: 'Recently answered must be true or false.',
          },
          overdue: { type: 'boolean', [M]: 'Overdue must be true or false.' },
          sla: {
            type: 'string',
            enum: ['overdue', 'due_soon'],
            [M]: 'SLA must be overdue or due_soon.',
          },
        }
      : {
          content_type_id: filterId(MESSAGES.content_type_id),
          author_id: { type: 'integer', minimum: 1, [M]: 'Choose an author.' },
        };
  return {
    type: 'object',
    properties: {
      page: {
        type: 'integer',
        minimum: 1,
        maximum: 1000000,
        [M]: 'Page must be a whole number from 1.',
      },
      page_size: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        [M]: 'Page size must be 1 to 100.',
      },
      sort: sortSchema(k),
      filters: {
        type: 'object',
        properties: {
          status_id: filterId(MESSAGES.status_id),
          hd_id: filterId(MESSAGES.hd_id),
          ...lookups,
          is_draft: { type: 'boolean', [M]: MESSAGES.is_draft },
          created_from: dateField('Created from must be a date (YYYY-MM-DD).'),
          created_to: dateField('Created to must be a date (YYYY-MM-DD).'),
          text: { type: 'string', maxLength: 200, [M]: 'Text must be at most 200 characters.' },
          shared_with_me: { type: 'boolean', [M]: 'Shared with me must be true or false.' },
          status_group: {
            type: 'string',
            enum: ['open', 'closed'],
            [M]: 'Status group must be open or closed.',
          },
        },
      },
    },
  } as const;
}

function listDataShape(k: RecordKind) {
  return {
    type: 'object',
    required: ['items', 'total', 'total_is_capped', 'page', 'page_size'],
    properties: {
      items: { type: 'array', items: recordSchema(k, false) },
      total: int,
      total_is_capped: { type: 'boolean' },
      page: int,
      page_size: int,
    },
  } as const;
}

// ---- Named shapes: components/schemas in docs/openapi.json ---------------------------------

const NAMES = { T: 'Ticket', C: 'Content' } as const;

/** Kind k's record (details) or list item (`withBody: false`): a reference to its named shape. */
export function recordSchema(k: RecordKind, withBody: boolean) {
  return { $ref: `${NAMES[k.type]}${withBody ? '' : 'ListItem'}#` } as const;
}

/** A page of kind k's list: a reference to its named shape. */
export function listDataSchema(k: RecordKind) {
  return { $ref: `${NAMES[k.type]}Page#` } as const;
}

/** Kind k's named shapes, for app.addSchema (records/routes.ts registers them once per kind). */
export function recordSchemas(k: RecordKind) {
  const name = NAMES[k.type];
  return [
    { $id: name, ...recordShape(k, true) },
    { $id: `${name}ListItem`, ...recordShape(k, false) },
    { $id: `${name}Page`, ...listDataShape(k) },
  ];
}
