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
import { accessOf, isSharedWith, ownerOf, present, readable, workable } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import {
  assignedAs,
  COMPANIES,
  CONTENT_TYPES,
  HELPDESKS,
  PRIORITIES,
  STATUSES,
  makeContent,
  makeTicket,
} from './records-data';
import type { MockHelpdesk } from './records-data';
import { workHandlers } from './work-handlers';

const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const CONFLICT = 'Someone else changed this record. The current version is shown.';

interface KindInfo {
  type: ObjectType;
  title: 'subject' | 'title';
  body: 'description' | 'body';
  owner: 'requester_id' | 'author_id';
  lookup: 'priority_id' | 'content_type_id';
  titleLabel: string;
  bodyLabel: string;
  lookupMessage: string;
  sorts: string[];
}

const KINDS: Record<'ticket' | 'content', KindInfo> = {
  ticket: {
    type: 'T',
    title: 'subject',
    body: 'description',
    owner: 'requester_id',
    lookup: 'priority_id',
    titleLabel: 'Subject',
    bodyLabel: 'Description',
    lookupMessage: 'Choose a priority.',
    sorts: ['created_at', 'updated_at', 'subject', 'status', 'priority', 'id', 'sla', 'assignee'],
  },
  content: {
    type: 'C',
    title: 'title',
    body: 'body',
    owner: 'author_id',
    lookup: 'content_type_id',
    titleLabel: 'Title',
    bodyLabel: 'Body',
    lookupMessage: 'Choose a content type.',
    sorts: ['created_at', 'updated_at', 'title', 'status', 'id'],
  },
};

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

const visible = workable;

/** A list item: the record without its body. */
function listItem(record: HdRecord): ListItem {
  const { ...copy } = record as Row;
  delete copy.description;
  delete copy.body;
  return copy as ListItem;
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

/** Field checks shared by create and edit (the server's schema + lookups). */
function checkFields(k: KindInfo, b: Record<string, unknown>, fields: Record<string, string>) {
  if (k.title in b) {
    const title = typeof b[k.title] === 'string' ? (b[k.title] as string).trim() : '';
    if (!title) fields[k.title] = `${k.titleLabel} is required.`;
    else if (title.length > 200)
      fields[k.title] = `${k.titleLabel} must be at most 200 characters.`;
  }
  if (k.body in b && typeof b[k.body] === 'string' && (b[k.body] as string).length > 100_000) {
    fields[k.body] = `${k.bodyLabel} must be at most 100,000 characters.`;
  }
  if ('hd_id' in b && !HELPDESKS.some((hd) => hd.hd_id === b.hd_id && hd.object_type === k.type)) {
    fields.hd_id = 'Choose a help desk.';
  }
  if (
    'status_id' in b &&
    !STATUSES.some((s) => s.status_id === b.status_id && s.object_type === k.type)
  ) {
    fields.status_id = 'Choose a status.';
  }
  if (k.type === 'T') {
    if (b.priority_id != null && !PRIORITIES.some((p) => p.priority_id === b.priority_id)) {
      fields.priority_id = 'Choose a priority.';
    }
    if (b.company_id != null && !COMPANIES.some((c) => c.company_id === b.company_id)) {
      fields.company_id = 'Choose a company.';
    }
  } else if (
    b.content_type_id != null &&
    !CONTENT_TYPES.some((c) => c.content_type_id === b.content_type_id)
  ) {
    fields.content_type_id = 'Choose a content type.';
  }
}

function checkSubmitted(
  k: KindInfo,
  body: string,
  lookup: unknown,
  fields: Record<string, string>,
) {
  if (!htmlHasText(body)) fields[k.body] = `${k.bodyLabel} is required.`;
  if (!isId(lookup)) fields[k.lookup] = k.lookupMessage;
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

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
  };
  if (k.type === 'T') {
    const was = base as Ticket | undefined;
    return makeTicket(id, {
      ...common,
      requester_id: owner,
      subject: values.subject as string,
      description: values.description as string,
      priority_id: (values.priority_id as number | null) ?? null,
      company_id: (values.company_id as number | null) ?? null,
      assignee_id: was?.assignee_id ?? null,
    });
  }
  const was = base as ContentItem | undefined;
  return makeContent(id, {
    ...common,
    author_id: owner,
    title: values.title as string,
    body: values.body as string,
    content_type_id: (values.content_type_id as number | null) ?? null,
    searchable: was?.searchable ?? false,
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
      authed((_user, { request }) => ok(tree(typeParam(request, 'object_type')))),
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
          const fields: Record<string, string> = {};
          if (!(k.title in b)) fields[k.title] = `${k.titleLabel} is required.`;
          checkFields(k, b, fields);
          const isDraft = b.is_draft === true;
          const body = sanitizeHtml(typeof b[k.body] === 'string' ? (b[k.body] as string) : '');
          if (!isDraft) checkSubmitted(k, body, b[k.lookup], fields);
          if (Object.keys(fields).length) return invalid(fields);
          const hdDefault = HELPDESKS.find((hd) => hd.object_type === k.type && hd.is_default);
          const record = build(k, db.nextRecordId++, user.id, {
            ...b,
            [k.title]: String(b[k.title]).trim(),
            [k.body]: body,
            hd_id: isId(b.hd_id) ? b.hd_id : hdDefault?.hd_id,
            status_id: k.type === 'T' ? 1 : 6,
            is_draft: isDraft,
          });
          db.records.push(record);
          logEvent(record.id, user.id, 'created');
          return ok(present(user, record));
        }),
      ),
      http.get(
        `/api/${path}/{id}/` as const,

        authed((user, { params }) => {
          const record = readable(user, k.type, recordId(params));
          return record ? ok(present(user, record)) : fail(404, 'Not Found', NOT_FOUND);
        }),
      ),
      http.put(
        `/api/${path}/{id}/` as const,

        authed(async (user, { request, params }) => {
          const b = await bodyOf(request);
          const current = visible(user, k.type, recordId(params));
          if (!current) return fail(404, 'Not Found', NOT_FOUND);
          if (accessOf(user, current) === 'shared') {
            return fail(403, 'Forbidden', 'Only the owner or an agent can edit this record.');
          }
          if (!isId(b.version)) return invalid({ version: 'Version is required.' });
          const fields: Record<string, string> = {};
          checkFields(k, b, fields);
          if (Object.keys(fields).length) return invalid(fields);
          if (b.version !== current.version) {
            return fail(409, 'Conflict', CONFLICT, undefined, { current });
          }
          if (isId(b.status_id) && b.status_id !== current.status_id && !user.user_is_hde) {
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
            [k.body]: b[k.body] === undefined ? was[k.body] : sanitizeHtml(String(b[k.body])),
            [k.lookup]: pick(k.lookup),
            company_id: pick('company_id'),
            hd_id: pick('hd_id'),
            status_id: pick('status_id'),
            is_draft: pick('is_draft'),
          };
          if (!merged.is_draft) {
            checkSubmitted(k, String(merged[k.body] ?? ''), merged[k.lookup], fields);
            if (Object.keys(fields).length) return invalid(fields);
          }
          const next = build(k, current.id, ownerOf(current), merged, current);
          db.records = db.records.map((r) => (r === current ? next : r));
          // As the server records an edit: the API names, and the names before and after.
          const shown: Record<string, string> = {
            [k.title]: k.title,
            hd_id: 'hd_name',
            [k.lookup]: k.lookup === 'priority_id' ? 'priority_name' : 'content_type_name',
            company_id: 'company_name',
          };
          const changed = [k.title, k.body, 'hd_id', k.lookup, 'company_id', 'is_draft'].filter(
            (name) => (next as Row)[name] !== was[name],
          );
          const changes = Object.fromEntries(
            changed
              .filter((name) => shown[name])
              .map((name) => [
                name,
                { from: was[shown[name]] ?? null, to: (next as Row)[shown[name]] ?? null },
              ]),
          );
          if (changed.length) logEvent(next.id, user.id, 'updated', { fields: changed, changes });
          if (next.status_id !== current.status_id) {
            logEvent(next.id, user.id, 'status_changed', {
              from: current.status_name,
              to: next.status_name,
            });
          }
          return ok(present(user, next));
        }),
      ),
      http.delete(
        `/api/${path}/{id}/` as const,

        authed((user, { params }) => {
          const id = recordId(params);
          const record = visible(user, k.type, id);
          if (!record) return fail(404, 'Not Found', NOT_FOUND);
          if (!user.user_is_hde && (!record.is_draft || ownerOf(record) !== user.id)) {
            return fail(403, 'Forbidden', 'Only the owner can discard a draft.');
          }
          db.records = db.records.filter((r) => r !== record);
          db.relations = db.relations.filter((rel) => rel.a !== id && rel.b !== id);
          return ok({ id });
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
            const f = (b.filters ?? {}) as Record<string, unknown>;
            const page = isId(b.page) ? b.page : 1;
            const pageSize =
              isId(b.page_size) && b.page_size <= 100 ? b.page_size : user.items_per_page;
            const sort = typeof b.sort === 'string' ? b.sort : '-created_at';
            const sortName = sort.replace(/^-/, '');
            if (!k.sorts.includes(sortName)) {
              return invalid({ sort: `Sort must be one of ${k.sorts.join(', ')}.` });
            }
            const isDraft = f.is_draft === true;
            const text = typeof f.text === 'string' ? fold(f.text.trim()) : '';
            const rows = db.records.filter((r) => {
              const row = r as Row;
              if (r.object_type !== k.type) return false;
              if (scope === 'my') {
                if (f.shared_with_me === true) {
                  if (!isSharedWith(r, user.id)) return false;
                } else if (ownerOf(r) !== user.id) return false;
              }
              if (r.is_draft !== isDraft) return false;
              for (const name of [
                'status_id',
                'priority_id',
                'company_id',
                'hd_id',
                'content_type_id',
                k.owner,
              ]) {
                if (isId(f[name]) && row[name] !== f[name]) return false;
              }
              if (!assignedAs(row.assignee_id, f.assignee_id, user.id)) return false;
              const day = r.created_at.slice(0, 10);
              if (typeof f.created_from === 'string' && day < f.created_from) return false;
              if (typeof f.created_to === 'string' && day > f.created_to) return false;
              if (text && !fold(String(row[k.title])).includes(text)) return false;
              // Service levels (docs/api-sla.md): the server's state says which list.
              const sla = r.object_type === 'T' ? r.sla.state : undefined;
              if (f.sla === 'overdue' && sla !== 'overdue') return false;
              if (f.sla === 'due_soon' && sla !== 'warning') return false;
              return true;
            });
            const column = (r: Row): string | number => {
              if (sortName === 'status') return r.status_id;
              if (sortName === 'priority') return (r.priority_id as number | null) ?? 0;
              if (sortName === 'id') return r.id;
              // By the assignee's id, unassigned last (first reversed), as the index keeps them.
              if (sortName === 'assignee') {
                return (r.assignee_id as number | null) ?? Number.MAX_SAFE_INTEGER;
              }
              if (sortName === 'sla') {
                const s = r.object_type === 'T' ? r.sla : undefined;
                const running = s && ['ok', 'warning', 'overdue'].includes(s.state);
                return running && s.due_at ? s.due_at : '9999';
              }
              if (sortName === k.title) return fold(String(r[k.title]));
              return String(r[sortName]);
            };
            const dir = sort.startsWith('-') ? -1 : 1;
            rows.sort((a, c) => {
              const x = column(a as Row);
              const y = column(c as Row);
              if (x < y) return -dir;
              if (x > y) return dir;
              return (a.id - c.id) * dir;
            });
            const start = (page - 1) * pageSize;
            // One handler serves both kinds: its items are the kind's list items.
            const data = {
              items: rows.slice(start, start + pageSize).map((r) => listItem(present(user, r))),
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
