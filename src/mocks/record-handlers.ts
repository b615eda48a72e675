import { latestRating, solveTicket } from './rating-handlers';
import { fieldSortValue, fieldsMatch, listFieldProblems, sortedField } from './custom-field-lists';
import type {
  ContentItem,
  ContentListItem,
  HdRecord,
  HelpdeskNode,
  ListData,
  ListItem,
  ObjectType,
  Ticket,
  TicketListItem,
} from '../features/records/types';
import { sanitizeHtml } from '../lib/sanitize';
import { htmlHasText } from '../lib/text';
import {
  accessOf,
  findRecord,
  isSharedWith,
  NOT_FOUND,
  ownerOf,
  present,
  READ_ONLY,
  readable,
  titleOf,
} from './access';
import { HttpResponse } from 'msw';
import { fieldSet } from './custom-field-handlers';
import { db, forgetRecord, logEvent } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import {
  assignedAs,
  COMPANIES,
  CONTENT_TYPES,
  HELPDESKS,
  PRIORITIES,
  STATUSES,
  makeContent,
  fold,
  makeTicket,
  NO_SLA,
  slaOf,
} from './records-data';
import type { MockHelpdesk } from './records-data';
import { slaOfNewTicket } from './sla-handlers';
import { solveChildren } from './merge-handlers';
import { mailFollowers } from './thread-handlers';
import { workHandlers } from './work-handlers';
import { assignByRule } from './assignment-handlers';
import {
  PUBLISH_THROUGH_REVIEW,
  articleCreated,
  articleSaveStart,
  publishRefused,
  versionNoteProblem,
} from './article-review-handlers';
import { primaryOrganizationId, sharingOrganizationIds } from './organization-handlers';
import { carriesTags } from './tag-data';
import {
  checkValues,
  newRecordValues,
  patchedValues,
  valuesShapeProblems,
  valueChanges,
  visibleValues,
  type FieldValues,
  type ValuesResult,
} from './custom-field-values';

const CONFLICT = 'Someone else changed this record. The current version is shown.';

/** What differs between the two kinds (server/routes/records/kinds.ts). */
interface KindInfo {
  type: ObjectType;
  title: 'subject' | 'title';
  body: 'description' | 'body';
  owner: 'requester_id' | 'author_id';
  lookup: 'priority_id' | 'content_type_id';
  bodyLabel: string;
  /** Sort name → the field it sorts by. */
  sorts: Record<string, string>;
}

const KINDS: Record<'ticket' | 'content', KindInfo> = {
  ticket: {
    type: 'T',
    title: 'subject',
    body: 'description',
    owner: 'requester_id',
    lookup: 'priority_id',
    bodyLabel: 'Description',
    sorts: {
      created_at: 'created_at',
      updated_at: 'updated_at',
      subject: 'subject',
      status: 'status_id',
      priority: 'priority_id',
      id: 'id',
      sla: 'sla',
      assignee: 'assignee_id',
    },
  },
  content: {
    type: 'C',
    title: 'title',
    body: 'body',
    owner: 'author_id',
    lookup: 'content_type_id',
    bodyLabel: 'Body',
    sorts: {
      created_at: 'created_at',
      updated_at: 'updated_at',
      title: 'title',
      status: 'status_id',
      id: 'id',
    },
  },
};

const LOOKUP_MESSAGES = {
  priority_id: 'Choose a priority.',
  company_id: 'Choose a company.',
  hd_id: 'Choose a help desk.',
  status_id: 'Choose a status.',
  content_type_id: 'Choose a content type.',
} as const;

type Row = HdRecord & Record<string, unknown>;

function tree(type: ObjectType | null) {
  const rows = HELPDESKS.filter((hd) => type === null || hd.object_type === type);
  const node = (hd: MockHelpdesk): HelpdeskNode => ({
    hd_id: hd.hd_id,
    hd_name: hd.hd_name,
    is_default: hd.is_default,
    children: rows.filter((child) => child.parent_id === hd.hd_id).map(node),
  });
  return rows.filter((hd) => hd.parent_id === null).map(node);
}

/** A list item: the record without its body. */
export function listItem(user: MockUser, record: HdRecord): ListItem {
  const copy = { ...present(user, record) } as Row;
  delete copy.description;
  delete copy.body;
  return copy as ListItem;
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

const valuesFailure = (r: Exclude<ValuesResult, { patch: FieldValues }>) =>
  r.status === 409 ? fail(409, 'Conflict', r.message) : invalid(r.fields);

/** A submitted record needs a body with text and its lookup (priority or content type). */
function submittedFields(k: KindInfo, body: string, lookup: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!htmlHasText(body)) fields[k.body] = `${k.bodyLabel} is required.`;
  if (lookup === null || lookup === undefined) fields[k.lookup] = LOOKUP_MESSAGES[k.lookup];
  return fields;
}

/** The first lookup that does not exist for this kind (the database's foreign keys). */
function unknownLookup(k: KindInfo, v: Record<string, unknown>): Record<string, string> | null {
  const known: [keyof typeof LOOKUP_MESSAGES, boolean][] = [
    ['hd_id', HELPDESKS.some((hd) => hd.hd_id === v.hd_id && hd.object_type === k.type)],
    ['status_id', STATUSES.some((s) => s.status_id === v.status_id && s.object_type === k.type)],
    [
      'priority_id',
      v.priority_id == null || PRIORITIES.some((p) => p.priority_id === v.priority_id),
    ],
    ['company_id', v.company_id == null || COMPANIES.some((c) => c.company_id === v.company_id)],
    [
      'content_type_id',
      v.content_type_id == null ||
        CONTENT_TYPES.some((c) => c.content_type_id === v.content_type_id),
    ],
  ];
  const bad = known.find(([, ok]) => !ok);
  return bad ? { [bad[0]]: LOOKUP_MESSAGES[bad[0]] } : null;
}

function build(
  k: KindInfo,
  id: number,
  owner: number,
  values: Record<string, unknown>,
  base?: HdRecord,
): HdRecord {
  const now = new Date().toISOString();
  const common = {
    hd_id: values.hd_id as number,
    status_id: values.status_id as number,
    is_draft: values.is_draft as boolean,
    version: base ? base.version + 1 : 1,
    created_at: base?.created_at ?? now,
    updated_at: now,
    fields: (values.fields ?? {}) as HdRecord['fields'],
  };
  if (k.type === 'T') {
    const was = base as Ticket | undefined;
    const fields = {
      ...common,
      requester_id: owner,
      subject: values.subject as string,
      description: values.description as string,
      priority_id: (values.priority_id as number | null) ?? null,
      company_id: (values.company_id as number | null) ?? null,
      assignee_id: was?.assignee_id ?? null,
    };
    // A submitted ticket starts its service levels (kept as they were once it has them).
    const sla = common.is_draft ? NO_SLA : was && !was.is_draft ? was : slaOfNewTicket(fields);
    return makeTicket(id, { ...fields, ...slaOf(sla) });
  }
  return makeContent(id, {
    ...common,
    author_id: owner,
    title: values.title as string,
    body: values.body as string,
    content_type_id: (values.content_type_id as number | null) ?? null,
    searchable: (base as ContentItem | undefined)?.searchable ?? false,
    is_public: (base as ContentItem | undefined)?.is_public ?? false,
  });
}

/** 'updated' with the changed fields and their names before and after, and 'status_changed'. */
function logEdit(k: KindInfo, actor: number, was: Row, next: Row) {
  // [field, the field whose value the history shows (a name, not an id)]
  const columns: [string, string?][] = [
    [k.title, k.title],
    [k.body],
    ['hd_id', 'hd_name'],
    ['priority_id', 'priority_name'],
    ['company_id', 'company_name'],
    ['content_type_id', 'content_type_name'],
    ['is_draft'],
  ];
  const changed = columns.filter(([field]) => (was[field] ?? null) !== (next[field] ?? null));
  // Custom field values: named `fields.<key>` (as the viewer saw them before and after).
  const values = valueChanges(
    (was.fields ?? {}) as FieldValues,
    (next.fields ?? {}) as FieldValues,
  );
  if (changed.length || values.names.length) {
    const changes = Object.fromEntries(
      changed
        .filter(([, shown]) => shown)
        .map(([field, shown = field]) => [
          field,
          {
            from: (was[shown] as string | null) ?? null,
            to: (next[shown] as string | null) ?? null,
          },
        ]),
    );
    Object.assign(changes, values.changes);
    logEvent(next.id, actor, 'updated', {
      fields: [...changed.map(([f]) => f), ...values.names],
      changes,
    });
  }
  if (next.status_id !== was.status_id) {
    logEvent(next.id, actor, 'status_changed', { from: was.status_name, to: next.status_name });
    // A solve (an open status into a closed one) starts a satisfaction survey.
    const closed = [4, 5];
    if (
      next.object_type === 'T' &&
      closed.includes(next.status_id) &&
      !closed.includes(was.status_id)
    ) {
      solveTicket(next);
    }
  }
}

/** A list's rows for the caller (server/routes/records/sql.ts buildListQueries). */
export function listRows(
  user: MockUser,
  type: ObjectType,
  scope: 'my' | 'hd',
  f: Record<string, unknown>,
) {
  const k = type === 'T' ? KINDS.ticket : KINDS.content;
  const text = typeof f.text === 'string' ? fold(f.text.trim()) : '';
  const closed = (statusId: number) =>
    STATUSES.some((s) => s.status_id === statusId && s.is_closed);
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  const fromAgent = (recordId: number, owner: number) =>
    db.work.messages.filter(
      (m) =>
        m.record_id === recordId &&
        m.thread === 'communication' &&
        m.author_id !== owner &&
        db.users.some((u) => u.id === m.author_id && u.user_is_hde),
    );
  return db.records.filter((r) => {
    const row = r as Row;
    if (r.object_type !== k.type || r.is_draft !== (f.is_draft === true)) return false;
    if (scope === 'hd' && !accessOf(user, r)) return false;
    // "My organization's tickets" (migration 030): the tickets of their sharing organizations.
    const orgList = scope === 'my' && f.shared_with_me !== true && f.organization_tickets === true;
    if (orgList) {
      if (r.object_type !== 'T' || r.company_id === null) return false;
      if (!sharingOrganizationIds(user.id).includes(r.company_id)) return false;
    } else {
      if (scope === 'my' && f.shared_with_me === true && !isSharedWith(r, user.id)) return false;
      if (scope === 'my' && f.shared_with_me !== true && ownerOf(r) !== user.id) return false;
    }
    const filters: [string, string][] = [
      ['status_id', 'status_id'],
      ['hd_id', 'hd_id'],
      ['priority_id', 'priority_id'],
      ['company_id', 'company_id'],
      ['content_type_id', 'content_type_id'],
      [k.owner, k.owner],
    ];
    for (const [filter, field] of filters) {
      if (typeof f[filter] === 'number' && row[field] !== f[filter]) return false;
    }
    if (f.status_group && closed(r.status_id) !== (f.status_group === 'closed')) return false;
    if (!assignedAs(row.assignee_id, f.assignee_id, user.id)) return false;
    const created = Date.parse(r.created_at);
    if (typeof f.created_from === 'string' && created < Date.parse(`${f.created_from}T00:00:00Z`)) {
      return false;
    }
    if (
      typeof f.created_to === 'string' &&
      created >= Date.parse(`${f.created_to}T00:00:00Z`) + 24 * 3600 * 1000
    ) {
      return false;
    }
    if (text && !fold(titleOf(r)).includes(text)) return false;
    if (!carriesTags(r.id, f.tag_ids, f.tag_mode)) return false;
    if (!fieldsMatch(r.object_type, r.fields as Record<string, unknown>, f.fields)) return false;
    if (r.object_type === 'T') {
      const owner = r.requester_id;
      const latest = db.work.messages
        .filter((m) => m.record_id === r.id && m.thread === 'communication')
        .at(-1);
      const agentWroteLast =
        !!latest && latest.author_id !== owner && fromAgent(r.id, owner).includes(latest);
      if (f.waiting_for_me === true && (closed(r.status_id) || !agentWroteLast)) return false;
      if (
        f.recently_answered === true &&
        !fromAgent(r.id, owner).some((m) => Date.parse(m.created_at) > weekAgo)
      ) {
        return false;
      }
      // Service levels (docs/api-sla.md): the server's state says which list.
      if (f.sla === 'overdue' && r.sla.state !== 'overdue') return false;
      if (f.sla === 'due_soon' && r.sla.state !== 'warning') return false;
      if (f.satisfaction && latestRating(r.id) !== f.satisfaction) return false;
    }
    return true;
  });
}

/** Sorted as the server's ORDER BY: the column (NULLs last ascending), then the id. */
/** The hd list's rows for a list selection, in the list's order (bulk actions' filters). */
export function sortedListRows(
  user: MockUser,
  type: ObjectType,
  filters: Record<string, unknown>,
  sort: string,
) {
  return sortRows(
    listRows(user, type, 'hd', filters),
    type === 'T' ? KINDS.ticket : KINDS.content,
    sort,
  );
}

function sortRows(rows: HdRecord[], k: KindInfo, sort: string) {
  const field = k.sorts[sort.replace(/^-/, '')];
  const dir = sort.startsWith('-') ? -1 : 1;
  const fieldKey = sortedField(sort);
  const valueOf = (r: HdRecord): string | number | null => {
    // A custom field: its value, nulls last either way (the server's NULLS LAST).
    if (fieldKey) return fieldSortValue(k.type, fieldKey, r.fields as Record<string, unknown>);
    if (field === 'sla') {
      const s = r.object_type === 'T' ? r.sla : undefined;
      return s && ['ok', 'warning', 'overdue'].includes(s.state) ? s.due_at : null;
    }
    return ((r as Row)[field] as string | number | null | undefined) ?? null;
  };
  return rows.sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x !== y) {
      const last = fieldKey ? 1 : dir;
      if (x === null) return last;
      if (y === null) return -last;
      return (x < y ? -1 : 1) * dir;
    }
    return (a.id - b.id) * dir;
  });
}

/** Tickets, content items and their lookups (docs/api-records.md), over db.records. */
export function recordHandlers() {
  const typeParam = (request: Request, name: string): ObjectType | null => {
    const value = new URL(request.url).searchParams.get(name);
    return value === 'T' || value === 'C' ? value : null;
  };

  const lookups = [
    http.get(
      '/api/helpdesk/',
      // With a kind, the raise form's needs come along: that kind's custom fields and, for
      // tickets, the caller's primary organization.
      authed((user, { request }) => {
        const type = typeParam(request, 'object_type');
        const desks = tree(type);
        if (type === null) return ok(desks);
        const primary = db.memberships.find((m) => m.user_id === user.id && m.is_primary);
        return HttpResponse.json({
          statusCode: 200 as const,
          data: desks,
          custom_fields: fieldSet(type, !user.user_is_hde),
          ...(type === 'T' ? { company_id: primary?.company_id ?? null } : {}),
        });
      }),
    ),
    http.get(
      '/api/status/',
      authed((_user, { request }) => {
        const type = typeParam(request, 'status_for');
        return ok(
          STATUSES.filter((s) => type === null || s.object_type === type).map((s) => ({
            status_id: s.status_id,
            status_name: s.status_name,
            is_closed: s.is_closed,
          })),
        );
      }),
    ),
    http.get(
      '/api/priority/',
      authed(() => ok(PRIORITIES)),
    ),
    http.get(
      '/api/company/',
      authed(() => ok(COMPANIES)),
    ),
    http.get(
      '/api/content-type/',
      authed(() => ok(CONTENT_TYPES)),
    ),
  ];

  const perKind = (Object.keys(KINDS) as ('ticket' | 'content')[]).flatMap((path) => {
    const k = KINDS[path];
    const recordId = (params: Record<string, unknown>) => Number(params.id);
    return [
      http.post(
        `/api/${path}/` as const,
        authed(async (user, { request }) => {
          const b = await bodyOf(request);
          const shape = {
            ...valuesShapeProblems(b),
            ...(k.type === 'C' ? versionNoteProblem(b) : {}),
          };
          if (Object.keys(shape).length) return invalid(shape);
          const isDraft = b.is_draft === true;
          const body = sanitizeHtml(typeof b[k.body] === 'string' ? (b[k.body] as string) : '');
          if (!isDraft) {
            const fields = submittedFields(k, body, b[k.lookup]);
            if (Object.keys(fields).length) return invalid(fields);
          }
          const desk = HELPDESKS.find((hd) => hd.object_type === k.type && hd.is_default);
          const hdId = (b.hd_id as number | undefined) ?? desk?.hd_id ?? null;
          const checked = checkValues(user, k.type, {
            sent: b.fields,
            version: b.fields_version,
            hdId,
            draft: isDraft,
            raising: true,
            current: {},
            isNew: true,
          });
          if ('status' in checked) return valuesFailure(checked);
          const values = {
            ...b,
            [k.title]: String(b[k.title]).trim(),
            [k.body]: body,
            hd_id: b.hd_id ?? desk?.hd_id,
            status_id: k.type === 'T' ? 1 : 6,
            is_draft: isDraft,
            // A submitted ticket's company defaults to the requester's primary organization.
            ...(k.type === 'T' && !isDraft && b.company_id == null
              ? { company_id: primaryOrganizationId(user.id) }
              : {}),
            fields: newRecordValues(k.type, hdId ?? 0, checked.patch),
          };
          const unknown = unknownLookup(k, values);
          if (unknown) return invalid(unknown);
          const record = build(k, db.nextRecordId++, user.id, values);
          db.records.push(record);
          logEvent(record.id, user.id, 'created');
          articleCreated(record, user.id, b);
          if (record.object_type === 'T') assignByRule(record);
          return ok(present(user, record));
        }),
      ),
      http.get(
        `/api/${path}/{id}/` as const,
        authed((user, { params }) => {
          const record = readable(user, recordId(params), k.type);
          return record ? ok(present(user, record)) : fail(404, 'Not Found', NOT_FOUND);
        }),
      ),
      http.put(
        `/api/${path}/{id}/` as const,
        authed(async (user, { request, params }) => {
          const b = await bodyOf(request);
          const shape = {
            ...valuesShapeProblems(b),
            ...(k.type === 'C' ? versionNoteProblem(b) : {}),
          };
          if (Object.keys(shape).length) return invalid(shape);
          const current = readable(user, recordId(params), k.type);
          if (!current) return fail(404, 'Not Found', NOT_FOUND);
          const access = accessOf(user, current);
          if (access !== 'owner' && access !== 'agent') return fail(403, 'Forbidden', READ_ONLY);
          if (b.version !== current.version) {
            return fail(409, 'Conflict', CONFLICT, undefined, { current: present(user, current) });
          }
          if (b.status_id !== undefined && b.status_id !== current.status_id && !user.user_is_hde) {
            // The owner may close or reopen their own ticket; every other change is the agents'.
            const code = STATUSES.find((s) => s.status_id === b.status_id)?.code;
            const ownTicket = k.type === 'T' && ownerOf(current) === user.id;
            if (!(ownTicket && (code === 'closed' || code === 'open'))) {
              return fail(403, 'Forbidden', 'Only helpdesk agents can change the status.');
            }
          }
          if (b.is_draft === true && !current.is_draft) {
            return invalid({ is_draft: 'A submitted record cannot become a draft again.' });
          }
          const was = current as Row;
          const pick = (name: string) => (b[name] === undefined ? was[name] : b[name]);
          const merged: Record<string, unknown> = {
            [k.title]: String(pick(k.title)).trim(),
            [k.body]:
              b[k.body] === undefined ? (was[k.body] ?? '') : sanitizeHtml(String(b[k.body])),
            [k.lookup]: pick(k.lookup),
            company_id: k.type === 'T' ? pick('company_id') : null,
            hd_id: pick('hd_id'),
            status_id: pick('status_id'),
            is_draft: pick('is_draft'),
          };
          if (!merged.is_draft) {
            const fields = submittedFields(k, String(merged[k.body]), merged[k.lookup]);
            if (Object.keys(fields).length) return invalid(fields);
          }
          // Publishing goes through review, unless the caller may review the article.
          if (publishRefused(user, current, merged)) {
            return fail(409, 'Conflict', PUBLISH_THROUGH_REVIEW);
          }
          const stored = (current.fields ?? {}) as FieldValues;
          const checked = checkValues(user, k.type, {
            sent: b.fields,
            version: b.fields_version,
            hdId: merged.hd_id as number,
            draft: merged.is_draft as boolean,
            raising: current.is_draft && !merged.is_draft,
            current: visibleValues(user, k.type, stored),
            isNew: false,
          });
          if ('status' in checked) return valuesFailure(checked);
          merged.fields = patchedValues(stored, checked.patch);
          const unknown = unknownLookup(k, merged);
          if (unknown) return invalid(unknown);
          // A content save is a version; a published article's text waits in review.
          const article = articleSaveStart(current, merged, user.id, b);
          const next = build(k, current.id, ownerOf(current), merged, current);
          db.records = db.records.map((r) => (r === current ? next : r));
          logEdit(k, user.id, present(user, current) as Row, present(user, next) as Row);
          article.finish(next);
          if (next.status_id !== current.status_id) {
            mailFollowers(next, user.id, 'status_changed', next.status_name);
            if (k.type === 'T' && b.solve_children === true) solveChildren(user.id, next);
          }
          return ok(present(user, next));
        }),
      ),
      http.delete(
        `/api/${path}/{id}/` as const,
        authed((user, { params }) => {
          const id = recordId(params);
          const record = findRecord(id, k.type);
          if (record && (user.user_is_hde || (ownerOf(record) === user.id && record.is_draft))) {
            forgetRecord(id);
            return ok({ id });
          }
          return readable(user, id, k.type)
            ? fail(403, 'Forbidden', 'Only the owner can discard a draft.')
            : fail(404, 'Not Found', NOT_FOUND);
        }),
      ),
      ...(['my', 'hd'] as const).map((scope) =>
        http.post(
          `/api/search/${path}/${scope}` as const,
          authed(async (user, { request }) => {
            if (scope === 'hd' && !user.user_is_hde) {
              return fail(403, 'Forbidden', 'Only helpdesk agents can see all records.');
            }
            const b = await bodyOf(request);
            const page = typeof b.page === 'number' ? b.page : 1;
            const pageSize = typeof b.page_size === 'number' ? b.page_size : user.items_per_page;
            const sort = typeof b.sort === 'string' ? b.sort : '-created_at';
            const filters = (b.filters ?? {}) as Record<string, unknown>;
            const problems = listFieldProblems(k.type, filters, sort, !user.user_is_hde);
            if (problems) return invalid(problems);
            const rows = sortRows(listRows(user, k.type, scope, filters), k, sort);
            const start = (page - 1) * pageSize;
            // One handler serves both kinds: its items are the kind's list items.
            const data = {
              items: rows.slice(start, start + pageSize).map((r) => listItem(user, r)),
              total: rows.length,
              total_is_capped: false,
              page,
              page_size: pageSize,
            } as ListData<TicketListItem> | ListData<ContentListItem>;
            return ok(data);
          }),
        ),
      ),
    ];
  });

  // Working a record first: its paths are more specific than `{kind}/:id/`.
  return [...workHandlers(), ...lookups, ...perKind];
}
