import type {
  Company,
  ContentItem,
  ContentType,
  HdRecord,
  Priority,
  Status,
  Ticket,
} from '../features/records/types';

/** Lookups as the server's migration seeds them (server/db/migrations/002_records.sql). */
export interface MockHelpdesk {
  hd_id: number;
  parent_id: number | null;
  object_type: 'T' | 'C';
  hd_name: string;
  is_default: boolean;
  /** Among its siblings. */
  sort_order: number;
}

/** In tree order (each desk before its children): [id, parent, kind, name, default, order]. */
const desks: [number, number | null, 'T' | 'C', string, boolean, number][] = [
  [1, null, 'T', 'IT Support', true, 1],
  [2, 1, 'T', 'Hardware', false, 1],
  [3, 1, 'T', 'Network', false, 2],
  [4, null, 'T', 'HR', false, 2],
  [6, null, 'T', 'Facilities', false, 3],
  [5, null, 'C', 'Knowledge base', true, 1],
  [7, 5, 'C', 'IT articles', false, 1],
  [8, 5, 'C', 'HR policies', false, 2],
  [9, 5, 'C', 'Office and facilities', false, 3],
];
export const HELPDESKS: MockHelpdesk[] = desks.map(
  ([hd_id, parent_id, object_type, hd_name, is_default, sort_order]) => ({
    hd_id,
    parent_id,
    object_type,
    hd_name,
    is_default,
    sort_order,
  }),
);

export const STATUSES: (Status & { object_type: 'T' | 'C'; code: string })[] = [
  { status_id: 1, object_type: 'T', code: 'new', status_name: 'New', is_closed: false },
  { status_id: 2, object_type: 'T', code: 'open', status_name: 'Open', is_closed: false },
  { status_id: 3, object_type: 'T', code: 'pending', status_name: 'Pending', is_closed: false },
  { status_id: 4, object_type: 'T', code: 'resolved', status_name: 'Resolved', is_closed: true },
  { status_id: 5, object_type: 'T', code: 'closed', status_name: 'Closed', is_closed: true },
  { status_id: 6, object_type: 'C', code: 'in_review', status_name: 'In review', is_closed: false },
  { status_id: 7, object_type: 'C', code: 'published', status_name: 'Published', is_closed: false },
  { status_id: 8, object_type: 'C', code: 'archived', status_name: 'Archived', is_closed: true },
];

export const PRIORITIES: Priority[] = [
  { priority_id: 1, priority_name: 'Low' },
  { priority_id: 2, priority_name: 'Normal' },
  { priority_id: 3, priority_name: 'High' },
  { priority_id: 4, priority_name: 'Urgent' },
];

/** By name, as GET company/ lists them. */
export const COMPANIES: Company[] = [
  { company_id: 1, company_name: 'Acme Corp' },
  { company_id: 2, company_name: 'Globex' },
  { company_id: 3, company_name: 'Initech' },
  { company_id: 5, company_name: 'Stark Logistics' },
  { company_id: 4, company_name: 'Umbrella Health' },
];

export const CONTENT_TYPES: ContentType[] = [
  { content_type_id: 1, content_type_name: 'How-to' },
  { content_type_id: 2, content_type_name: 'FAQ' },
  { content_type_id: 3, content_type_name: 'Troubleshooting' },
  { content_type_id: 4, content_type_name: 'Announcement' },
  { content_type_id: 5, content_type_name: 'Policy' },
];

const PEOPLE: Record<number, string> = { 1: 'Agent Smith', 2: 'Alice Example', 3: 'Bob Example' };

const SUBJECTS = [
  'VPN drops every hour',
  'Laptop will not boot',
  'Printer on floor 3 jams',
  'Cannot reach the intranet',
  'New starter needs an account',
  'Password expired while travelling',
  'Monitor flickers',
  'Wi-Fi slow in meeting room',
  'Request a second screen',
  'Payroll question',
  'Desk chair broken',
  'Email bounces from partner',
  'Shared drive is full',
  'Phone headset crackles',
  'Access to the finance folder',
];

const TITLES = [
  'How to reset your VPN token',
  'Connecting to the office Wi-Fi',
  'Holiday policy',
  'Booking a meeting room',
  'Printer troubleshooting',
  'Expense claims FAQ',
  'Office move announcement',
  'Setting up two-factor sign-in',
];

const BASE = Date.UTC(2026, 9, 1, 9, 0, 0);
const HOUR = 3600 * 1000;

function at(index: number): string {
  return new Date(BASE + index * 25 * HOUR).toISOString();
}

/** Accents and case folded, as the server's records_search_text(). */
export const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The list's assignee filter: an agent's id, "me" (the caller) or "none" (unassigned). */
export function assignedAs(assignee: unknown, filter: unknown, me: number): boolean {
  if (filter === 'none') return assignee === null || assignee === undefined;
  if (filter === 'me') return assignee === me;
  return typeof filter !== 'number' || assignee === filter;
}

function helpdeskName(id: number): string {
  return HELPDESKS.find((hd) => hd.hd_id === id)?.hd_name ?? '';
}

function statusName(id: number): string {
  return STATUSES.find((s) => s.status_id === id)?.status_name ?? '';
}

function personName(id: number | null): string | null {
  return id === null ? null : (PEOPLE[id] ?? `User ${id}`);
}

/** The per-caller fields as stored; access.ts's present() sets them for each caller. */
const VIEWER_DEFAULTS = { access: 'owner', shared_with_me: false, following: false } as const;
/** Tags are db.recordTags'; present() sets the record's own. */
const NO_TAGS = { tags: [] };

export function makeTicket(id: number, fields: Partial<Ticket> & { requester_id: number }): Ticket {
  const created = fields.created_at ?? at(id);
  const priorityId = fields.priority_id === undefined ? 2 : fields.priority_id;
  const companyId = fields.company_id === undefined ? null : fields.company_id;
  const hdId = fields.hd_id ?? 1;
  const statusId = fields.status_id ?? 1;
  const assigneeId = fields.assignee_id ?? null;
  return {
    id,
    object_type: 'T',
    subject: fields.subject ?? `Ticket ${id}`,
    description: fields.description ?? '<p>Details of the problem.</p>',
    priority_id: priorityId,
    priority_name: PRIORITIES.find((p) => p.priority_id === priorityId)?.priority_name ?? null,
    company_id: companyId,
    company_name: COMPANIES.find((c) => c.company_id === companyId)?.company_name ?? null,
    hd_id: hdId,
    hd_name: helpdeskName(hdId),
    status_id: statusId,
    status_name: statusName(statusId),
    requester_id: fields.requester_id,
    requester_name: personName(fields.requester_id) ?? '',
    assignee_id: assigneeId,
    assignee_name: personName(assigneeId),
    is_draft: fields.is_draft ?? false,
    channel: fields.channel ?? 'web',
    version: fields.version ?? 1,
    created_at: created,
    updated_at: fields.updated_at ?? created,
    fields: fields.fields ?? {},
    ...VIEWER_DEFAULTS,
    ...NO_TAGS,
    // A ticket keeps its service levels when it changes; new demo tickets get made-up ones.
    ...(fields.sla
      ? slaOf(fields as Ticket)
      : mockSla(id, statusId, fields.is_draft ?? false, created)),
  };
}

const SLA_KEYS = [
  'sla_policy_id',
  'first_response_due_at',
  'first_responded_at',
  'next_response_due_at',
  'resolution_due_at',
  'resolved_at',
  'sla',
] as const;

type SlaFields = Pick<Ticket, (typeof SLA_KEYS)[number]>;

/** A ticket's service-level fields. */
export const slaOf = (t: SlaFields): SlaFields =>
  Object.fromEntries(SLA_KEYS.map((k) => [k, t[k]])) as SlaFields;

/** No service levels: a draft, or no policy matches. */
export const NO_SLA: SlaFields = {
  sla_policy_id: null,
  first_response_due_at: null,
  first_responded_at: null,
  next_response_due_at: null,
  resolution_due_at: null,
  resolved_at: null,
  sla: { state: 'none', target: null, due_at: null },
};

/**
 * The SLA fields the server would give (docs/api-sla.md), varied by id: open tickets are
 * overdue (id divisible by 3), due within the hour (remainder 1) or later; Pending is paused,
 * Resolved/Closed met; drafts have none.
 */
function mockSla(id: number, statusId: number, isDraft: boolean, created: string): SlaFields {
  if (isDraft) return NO_SLA;
  const now = Date.now();
  const due =
    statusId > 2
      ? Date.parse(created) + 4 * HOUR
      : id % 3 === 0
        ? now - 2 * HOUR
        : id % 3 === 1
          ? now + 30 * 60_000
          : now + 5 * HOUR;
  const dueAt = new Date(due).toISOString();
  const state =
    statusId === 3
      ? 'paused'
      : statusId > 3
        ? 'met'
        : due < now
          ? 'overdue'
          : due - now < HOUR
            ? 'warning'
            : 'ok';
  return {
    sla_policy_id: 2,
    first_response_due_at: dueAt,
    first_responded_at: statusId > 3 ? created : null,
    next_response_due_at: null,
    resolution_due_at: new Date(due + 24 * HOUR).toISOString(),
    resolved_at: statusId > 3 ? created : null,
    sla: {
      state,
      target: state === 'met' ? null : 'first_response',
      due_at: state === 'met' ? null : dueAt,
    },
  };
}

export function makeContent(
  id: number,
  fields: Partial<ContentItem> & { author_id: number },
): ContentItem {
  const created = fields.created_at ?? at(id);
  const typeId = fields.content_type_id === undefined ? 1 : fields.content_type_id;
  const hdId = fields.hd_id ?? 5;
  const statusId = fields.status_id ?? 6;
  return {
    id,
    object_type: 'C',
    title: fields.title ?? `Article ${id}`,
    body: fields.body ?? '<p>The article text.</p>',
    content_type_id: typeId,
    content_type_name:
      CONTENT_TYPES.find((c) => c.content_type_id === typeId)?.content_type_name ?? null,
    hd_id: hdId,
    hd_name: helpdeskName(hdId),
    status_id: statusId,
    status_name: statusName(statusId),
    author_id: fields.author_id,
    author_name: personName(fields.author_id) ?? '',
    searchable: fields.searchable ?? false,
    is_public: fields.is_public ?? false,
    is_draft: fields.is_draft ?? false,
    channel: fields.channel ?? 'web',
    version: fields.version ?? 1,
    created_at: created,
    updated_at: fields.updated_at ?? created,
    fields: fields.fields ?? {},
    ...VIEWER_DEFAULTS,
    ...NO_TAGS,
  };
}

/**
 * ~30 tickets and ~15 content items over the demo users. Alice (2) has tickets 1–14 (12–14
 * drafts), Bob (3) 15–26 (26 a draft), the agent (1) 27–30. Content: Alice 31–38 (38 a draft),
 * Bob 39–42, the agent 43–45 (45 a draft). Ids are shared by both kinds, as in the server.
 */
export function seedRecords(): HdRecord[] {
  const records: HdRecord[] = [];
  const owners = (id: number) => (id <= 14 ? 2 : id <= 26 ? 3 : 1);
  for (let id = 1; id <= 30; id += 1) {
    records.push(
      makeTicket(id, {
        requester_id: owners(id),
        subject: SUBJECTS[(id - 1) % SUBJECTS.length] + (id > SUBJECTS.length ? ' again' : ''),
        description: `<p>Ticket ${id}: <strong>details</strong> of the problem.</p>`,
        priority_id: ((id - 1) % 4) + 1,
        company_id: id % 3 === 0 ? null : ((id - 1) % 5) + 1,
        hd_id: [1, 2, 3, 4, 6][id % 5],
        status_id: ((id - 1) % 5) + 1,
        assignee_id: id % 4 === 0 ? 1 : null,
        is_draft: [12, 13, 14, 26].includes(id),
      }),
    );
  }
  for (let id = 31; id <= 45; id += 1) {
    const author = id <= 38 ? 2 : id <= 42 ? 3 : 1;
    const title = TITLES[(id - 31) % TITLES.length] + (id - 31 >= TITLES.length ? ' (part 2)' : '');
    records.push(
      makeContent(id, {
        author_id: author,
        title,
        // The body says what it is about: search snippets come from the body, as the server's.
        body: `<p>Article ${id}: step by step.</p><ul><li>One</li><li>Two</li></ul><p>${title}.</p>`,
        content_type_id: ((id - 31) % 5) + 1,
        hd_id: [5, 7, 8, 9][id % 4],
        status_id: [6, 7, 8][id % 3],
        searchable: id % 2 === 0,
        is_draft: [38, 45].includes(id),
      }),
    );
  }
  return records;
}
