// The two kinds of record (ticket 'T', content item 'C') share one table and one set of routes;
// this file holds what differs: API field names, messages, sort columns and JSON schemas.
import type { FromSchema } from 'json-schema-to-ts';
import { oneLine } from '../../lib/one-line.js';
import { M, dateField } from '../../lib/schemas.js';
import { slaFields, slaFieldsSchema, type SlaColumns } from '../../sla/summary.js';
import type { Access } from './visibility.js';
import type { FieldValue } from '../custom-fields/values.js';
import { fieldFiltersSchema } from './field-filters.js';

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

// `as const`: the schemas built from a kind take its field names as literal types.
export const TICKET = {
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
} as const satisfies RecordKind;

export const CONTENT = {
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
} as const satisfies RecordKind;

/** A kind whose type and field names are literal types (TICKET, CONTENT): so are its schemas. */
type KindWith<
  T extends ObjectType,
  Title extends string = RecordKind['titleField'],
  Body extends string = RecordKind['bodyField'],
> = RecordKind & { type: T; titleField: Title; bodyField: Body };

export const BODY_MAX = 100_000;
export const LIST_COUNT_CAP = 10_000;
/**
 * A text filter is checked row by row (the trigram index narrows, LIKE confirms), so counting a
 * common word's matches up to 10,000 would read ~200k rows: such lists count to 1,000.
 */
export const TEXT_COUNT_CAP = 1_000;

/** How far a list counts and pages: the first N records. */
export function listCap(filters: {
  text?: string;
  tag_ids?: readonly number[];
  fields?: Record<string, unknown>;
}): number {
  // A tag or custom field filter's matches are read from a GIN index (or the list's own) and
  // checked row by row like a text filter's: counted to 1,000 as well (docs/performance.md).
  const narrowed =
    filters.text?.trim() || filters.tag_ids?.length || Object.keys(filters.fields ?? {}).length;
  return narrowed ? TEXT_COUNT_CAP : LIST_COUNT_CAP;
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
  fields: 'Send the custom fields as an object of values by key.',
  fields_version: 'The fields version must be a positive whole number.',
} as const;

export const titleRequired = (k: RecordKind) => `${k.titleLabel} is required.`;
export const bodyRequired = (k: RecordKind) => `${k.bodyLabel} is required.`;

/** One row as the SQL in sql.ts returns it (both kinds; the SLA columns are a ticket's). */
export interface RecordRow extends SlaColumns {
  id: string;
  /** Set on a ticket merged into another (routes/merge). */
  merged_into_id?: string | null;
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
  /** In the public help centre when also published and not a draft (help-centre/public-articles.ts). */
  is_public: boolean;
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
  /** The record's tags, in chip order (tags/sql.ts TAGS_OF_RECORD). */
  tags: { id: number; name: string }[];
  /** Custom field values as the viewer sees them (custom-fields/record-values.ts viewerFields). */
  fields: Record<string, FieldValue>;
}

/** A row read with its body (one record: getRecord, insertRecord, updateRecord). */
export type RecordRowWithBody = RecordRow & { body: string };

/**
 * The row in the API's shape for its kind (the response schema then drops nothing else); with
 * its body when the row was read with it. `now` is the SLA clock's (AppContext.clock), which a
 * ticket's `sla` state is measured against.
 */
export function toApi(row: RecordRowWithBody, now: Date): ApiRecord;
export function toApi(row: RecordRow, now: Date): ApiListItem;
export function toApi(row: RecordRow, now: Date): ApiListItem {
  // Flat object literals, no spreads: a spread of this many fields builds a dictionary-mode
  // object, about 15x the CPU per row, on every row of every list.
  const created_at = row.created_at.toISOString();
  const updated_at = row.updated_at.toISOString();
  if (row.object_type === 'T') {
    const sla = slaFields(row, now);
    const summary = sla.sla;
    const ticket: TicketItem = {
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
      tags: row.tags,
      fields: row.fields,
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
      sla: summary,
    };
    if (row.body !== undefined) ticket.description = row.body;
    return ticket;
  }
  const item: ContentItem = {
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
    tags: row.tags,
    fields: row.fields,
    title: row.title,
    content_type_id: row.content_type_id,
    content_type_name: row.content_type_name,
    author_id: Number(row.owner_id),
    author_name: row.owner_name,
    searchable: row.searchable,
    is_public: row.is_public,
  };
  if (row.body !== undefined) item.body = row.body;
  return item;
}

/** Rows of kind k's list (all of that kind: its query's) as its list items. */
export function toItems(k: typeof TICKET, rows: RecordRow[], now: Date): TicketItem[];
export function toItems(k: typeof CONTENT, rows: RecordRow[], now: Date): ContentItem[];
export function toItems(k: RecordKind, rows: RecordRow[], now: Date): ApiListItem[];
export function toItems(_k: RecordKind, rows: RecordRow[], now: Date): ApiListItem[] {
  return rows.map((r) => toApi(r, now));
}

/** The counts and the page of a list's answer besides its items. */
type PageCounts = Pick<TicketPage, 'total' | 'total_is_capped' | 'page' | 'page_size'>;

/**
 * A page of kind k's list (its rows: its query's) in its named shape: a kind's items only, which
 * is how a route serving either kind tells its compiler the items and the page agree.
 */
export function listPage(
  k: RecordKind,
  rows: RecordRow[],
  now: Date,
  counts: PageCounts,
): TicketPage | ContentPage;
export function listPage(
  k: RecordKind,
  rows: RecordRow[],
  now: Date,
  counts: PageCounts,
): { items: ApiListItem[] } & PageCounts {
  return { items: toItems(k, rows, now), ...counts };
}

// ---- JSON schemas -------------------------------------------------------------------------

const int = { type: 'integer' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const str = { type: 'string' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
/**
 * Custom field values by key. One generic value schema: each field's rule is checked in code
 * (custom-fields/values.ts), as a definition's `default_value` is.
 */
const fieldValuesSchema = {
  type: 'object',
  description:
    'Custom field values by field key (GET custom-fields): text, long_text, date (YYYY-MM-DD), datetime (ISO 8601), single_choice: a string; number, agent (a user id): a number; checkbox: a boolean; multiple_choice: an array of choice values; null: no value',
  additionalProperties: {
    anyOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', items: { type: 'string' } },
      { type: 'null' },
    ],
  },
} as const;

/** `{ [key]: value }` typed by its key (a computed key of a generic type would type as `string`). */
const keyed = <const Key extends string, const Value>(key: Key, value: Value) =>
  ({ [key]: value }) as { [K in Key]: Value };

/** The names of `properties`, in order: the `required` of an object whose every field is. */
const namesOf = <P extends object>(properties: P) =>
  Object.keys(properties) as (keyof P & string)[];

/** The first fields of a record object: id, type and title. */
function leadProperties<T extends ObjectType, Title extends string>(k: KindWith<T, Title>) {
  return Object.assign(
    { id: int, object_type: { type: 'string', enum: [k.type] } } as const,
    keyed(k.titleField, str),
  );
}

/** The fields both kinds' record objects have after the title (and the body). */
const sharedProperties = {
  hd_id: int,
  hd_name: str,
  status_id: int,
  status_name: str,
  is_draft: { type: 'boolean' },
  channel: { type: 'string', enum: ['web', 'mail'] },
  version: int,
  created_at: dateTime,
  updated_at: dateTime,
  access: { type: 'string', enum: ['owner', 'shared', 'organization', 'agent', 'reader'] },
  shared_with_me: { type: 'boolean' },
  following: { type: 'boolean' },
  // As the tags routes' Tag shape (written out here: the record shapes are typed on their own).
  tags: {
    type: 'array',
    items: { type: 'object', required: ['id', 'name'], properties: { id: int, name: str } },
  },
  fields: fieldValuesSchema,
} as const;

/** Each kind's own fields, last in its record object. */
const kindProperties = {
  T: {
    priority_id: nullableInt,
    priority_name: nullableString,
    company_id: nullableInt,
    company_name: nullableString,
    requester_id: int,
    requester_name: str,
    assignee_id: nullableInt,
    assignee_name: nullableString,
    ...slaFieldsSchema,
  },
  C: {
    content_type_id: nullableInt,
    content_type_name: nullableString,
    author_id: int,
    author_name: str,
    searchable: { type: 'boolean' },
    is_public: {
      type: 'boolean',
      description: 'In the public help centre (/help) while published and not a draft',
    },
  },
} as const;

/** The record object (details). */
function recordProperties<T extends ObjectType, Title extends string, Body extends string>(
  k: KindWith<T, Title, Body>,
) {
  return Object.assign(
    leadProperties(k),
    keyed(k.bodyField, str),
    sharedProperties,
    kindProperties[k.type],
  );
}

/** A list item: the record object without its body. */
function listItemProperties<T extends ObjectType, Title extends string>(k: KindWith<T, Title>) {
  return Object.assign(leadProperties(k), sharedProperties, kindProperties[k.type]);
}

/** A named object shape whose every field is required. */
const objectShape = <const Id extends string, P extends object>(id: Id, properties: P) =>
  ({ $id: id, type: 'object', required: namesOf(properties), properties }) as const;

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

/** The lookups each kind's create and edit may set. */
const writeLookups = {
  T: {
    priority_id: nullableId32(MESSAGES.priority_id),
    company_id: nullableId32(MESSAGES.company_id),
  },
  C: { content_type_id: nullableId32(MESSAGES.content_type_id) },
} as const;

/** Fields a create (POST) or edit (PUT) may carry; PUT adds version and status_id. */
export function writeFields<T extends ObjectType, Title extends string, Body extends string>(
  k: KindWith<T, Title, Body>,
) {
  return Object.assign(
    keyed(k.titleField, titleSchema(k)),
    keyed(k.bodyField, bodySchema(k)),
    writeLookups[k.type],
    {
      hd_id: id32(MESSAGES.hd_id),
      is_draft: { type: 'boolean', [M]: MESSAGES.is_draft },
      // Any value here: each field's rule is checked in code, which names `fields.<key>`.
      fields: {
        type: 'object',
        additionalProperties: true,
        description: fieldValuesSchema.description,
        [M]: MESSAGES.fields,
      },
      fields_version: {
        type: 'integer',
        minimum: 1,
        maximum: 2147483647,
        description:
          'The custom fields set version (GET custom-fields) the form was made with: a newer one answers 409',
        [M]: MESSAGES.fields_version,
      },
    } as const,
  );
}

export function createBodySchema<T extends ObjectType, Title extends string, Body extends string>(
  k: KindWith<T, Title, Body>,
) {
  return { type: 'object', required: [k.titleField], properties: writeFields(k) } as const;
}

export function updateBodySchema<T extends ObjectType, Title extends string, Body extends string>(
  k: KindWith<T, Title, Body>,
) {
  return {
    type: 'object',
    required: ['version'],
    properties: Object.assign(
      {
        version: { type: 'integer', minimum: 1, maximum: 2147483647, [M]: MESSAGES.version },
      } as const,
      writeFields(k),
      {
        status_id: id32(MESSAGES.status_id),
        // routes/merge/solve.ts: a parent solved with its open children, in one transaction.
        solve_children: {
          type: 'boolean',
          description:
            "With a closed status (resolved, closed): give the ticket's open child tickets that status too",
          [M]: 'Solve children must be true or false.',
        },
      } as const,
    ),
  } as const;
}

/** A list's sort: one of the kind's columns or `fields.<key>` (a custom field), `-` for descending. */
export function sortSchema(k: RecordKind) {
  const names = Object.keys(k.sorts);
  return {
    type: 'string',
    maxLength: 60,
    pattern: `^-?(${names.join('|')}|fields\\.[a-z][a-z0-9_]{0,49})$`,
    [M]: `Sort must be one of ${names.join(', ')} or fields.<key>, optionally with a leading "-".`,
  } as const;
}

const TAG_FILTER_MESSAGE = 'Choose 1 to 10 tags.';
const ASSIGNEE_FILTER = 'Assignee must be an id, "me" or "none".';

/** The list filters only one kind has. */
const filterLookups = {
  T: {
    priority_id: id32(MESSAGES.priority_id),
    company_id: id32(MESSAGES.company_id),
    requester_id: { type: 'integer', minimum: 1, [M]: 'Choose a requester.' },
    // An agent's id, "none", or "me": the caller (so a shared view means each viewer).
    assignee_id: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 2147483647, [M]: ASSIGNEE_FILTER },
        { type: 'string', enum: ['none', 'me'], [M]: ASSIGNEE_FILTER },
      ],
      [M]: ASSIGNEE_FILTER,
    },
    // Open, the newest public message from an agent.
    waiting_for_me: { type: 'boolean', [M]: 'Waiting for me must be true or false.' },
    // An agent answered in the last 7 days.
    recently_answered: {
      type: 'boolean',
      [M]: 'Recently answered must be true or false.',
    },
    // Open, the requester waiting more than 24 hours.
    overdue: { type: 'boolean', [M]: 'Overdue must be true or false.' },
    // `my` scope only: the tickets of the caller's organizations that share them (migration
    // 030), instead of their own: "My organization's tickets".
    organization_tickets: {
      type: 'boolean',
      [M]: "Organization's tickets must be true or false.",
    },
    // A running SLA target past due, or due within the hour (docs/sla.md).
    sla: {
      type: 'string',
      enum: ['overdue', 'due_soon'],
      [M]: 'SLA must be overdue or due_soon.',
    },
    // The latest solve's satisfaction rating (docs/satisfaction.md).
    satisfaction: {
      type: 'string',
      enum: ['good', 'bad'],
      [M]: 'Rating must be good or bad.',
    },
  },
  C: {
    content_type_id: id32(MESSAGES.content_type_id),
    author_id: { type: 'integer', minimum: 1, [M]: 'Choose an author.' },
  },
} as const;

export function listBodySchema<T extends ObjectType>(k: KindWith<T>) {
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
        properties: Object.assign(
          {
            status_id: id32(MESSAGES.status_id),
            hd_id: id32(MESSAGES.hd_id),
          } as const,
          filterLookups[k.type],
          {
            is_draft: { type: 'boolean', [M]: MESSAGES.is_draft },
            // Records carrying any of these tags, or all of them with tag_mode "all".
            tag_ids: {
              type: 'array',
              minItems: 1,
              maxItems: 10,
              items: id32(TAG_FILTER_MESSAGE),
              [M]: TAG_FILTER_MESSAGE,
            },
            tag_mode: { type: 'string', enum: ['any', 'all'], [M]: 'Tag mode must be any or all.' },
            // Custom field values by key (field-filters.ts).
            fields: fieldFiltersSchema,
            created_from: dateField('Created from must be a date (YYYY-MM-DD).'),
            created_to: dateField('Created to must be a date (YYYY-MM-DD).'),
            text: {
              type: 'string',
              maxLength: 200,
              [M]: 'Text must be at most 200 characters.',
            },
            // `my` scope only: the records shared with the caller instead of their own.
            shared_with_me: { type: 'boolean', [M]: 'Shared with me must be true or false.' },
            // Open (not closed) or closed statuses (the dashboard's links; docs/api-overview.md).
            status_group: {
              type: 'string',
              enum: ['open', 'closed'],
              [M]: 'Status group must be open or closed.',
            },
          } as const,
        ),
      },
    },
  } as const;
}

// ---- Named shapes: components/schemas in docs/openapi.json ---------------------------------

const NAMES = { T: 'Ticket', C: 'Content' } as const;
type Names = typeof NAMES;

/** Kind k's record (details) or list item (`withBody: false`): a reference to its named shape. */
export function recordSchema<T extends ObjectType>(
  k: { type: T },
  withBody: true,
): { readonly $ref: `${Names[T]}#` };
export function recordSchema<T extends ObjectType>(
  k: { type: T },
  withBody: false,
): { readonly $ref: `${Names[T]}ListItem#` };
export function recordSchema(k: { type: ObjectType }, withBody: boolean): { $ref: string } {
  return { $ref: `${NAMES[k.type]}${withBody ? '' : 'ListItem'}#` } as const;
}

/** A page of kind k's list: a reference to its named shape. */
export function listDataSchema<T extends ObjectType>(k: { type: T }) {
  return { $ref: `${NAMES[k.type]}Page#` } as const;
}

/** Kind k's named shapes: its record, its list item and a page of its list. */
function recordSchemas<T extends ObjectType, Title extends string, Body extends string>(
  k: KindWith<T, Title, Body>,
) {
  const name = NAMES[k.type];
  return [
    objectShape(name, recordProperties(k)),
    objectShape(`${name}ListItem`, listItemProperties(k)),
    {
      $id: `${name}Page`,
      type: 'object',
      required: ['items', 'total', 'total_is_capped', 'page', 'page_size'],
      properties: {
        items: { type: 'array', items: recordSchema(k, false) },
        total: int,
        total_is_capped: { type: 'boolean' },
        page: int,
        page_size: int,
      },
    },
  ] as const;
}

const TICKET_SHAPES = recordSchemas(TICKET);
const CONTENT_SHAPES = recordSchemas(CONTENT);

/** Both kinds' named shapes, which the records routes register (routesWith). */
export const RECORD_SHAPES = [...TICKET_SHAPES, ...CONTENT_SHAPES] as const;

type Shapes = typeof TICKET_SHAPES | typeof CONTENT_SHAPES;
type PageOf<S extends Shapes> = FromSchema<S[2], { references: [S[1]] }>;
type TicketItem = FromSchema<(typeof TICKET_SHAPES)[1]>;
type ContentItem = FromSchema<(typeof CONTENT_SHAPES)[1]>;
type TicketPage = PageOf<typeof TICKET_SHAPES>;
type ContentPage = PageOf<typeof CONTENT_SHAPES>;

/** A record in the API's shape (details: with its body). */
export type ApiRecord =
  FromSchema<(typeof TICKET_SHAPES)[0]> | FromSchema<(typeof CONTENT_SHAPES)[0]>;
/** A list item in the API's shape. */
export type ApiListItem = TicketItem | ContentItem;
