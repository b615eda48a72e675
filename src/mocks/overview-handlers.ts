import type {
  ContentItem,
  ContentListItem,
  HdRecord,
  Ticket,
  TicketListItem,
} from '../features/records/types';
import { accessOf, ownerOf, present } from './access';
import {
  categories,
  categoryState,
  childrenOf,
  descendantsOf,
  taxonomyNode,
} from './category-data';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { HELPDESKS, STATUSES } from './records-data';

/** Search, home, dashboard, charts, collector, contact (docs/api-overview.md) over the mock db. */
type User = MockUser;

const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const DAY = 24 * 3600 * 1000;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const isClosed = (statusId: number) =>
  STATUSES.some((s) => s.status_id === statusId && s.is_closed);
const titleOf = (r: HdRecord) => (r.object_type === 'T' ? r.subject : r.title);
const bodyText = (r: HdRecord) =>
  stripTags((r.object_type === 'T' ? (r as Ticket).description : (r as ContentItem).body) ?? '');
const userName = (id: number | null) =>
  id === null ? null : (db.users.find((u) => u.id === id)?.fullname ?? null);

type ListItemOf<R> = R extends Ticket ? TicketListItem : ContentListItem;

/** A list item as the caller gets it: without its body, with `access`. */
function listItem<R extends HdRecord>(user: User, record: R): ListItemOf<R> {
  const copy = { ...present(user, record) } as Record<string, unknown>;
  delete copy.description;
  delete copy.body;
  return copy as ListItemOf<R>;
}

const readable = (user: User) => (r: HdRecord) => !r.is_draft && accessOf(user, r) !== null;
const newestFirst = (a: HdRecord, b: HdRecord) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;
const isPublicContent = (r: HdRecord): r is ContentItem =>
  r.object_type === 'C' && r.searchable && !r.is_draft && r.status_id === 7;
const isContent = (r: HdRecord): r is ContentItem => r.object_type === 'C';

function paged<T>(rows: T[], body: Record<string, unknown>, user: User) {
  const page = isId(body.page) ? body.page : 1;
  const pageSize =
    isId(body.page_size) && body.page_size <= 100 ? body.page_size : user.items_per_page;
  const start = (page - 1) * pageSize;
  return {
    items: rows.slice(start, start + pageSize),
    total: rows.length,
    total_is_capped: false,
    page,
    page_size: pageSize,
  };
}

/** `<mark>` around the query's words, everything else escaped (as ts_headline answers). */
function headline(text: string, words: string[]): string {
  const source = text.slice(0, 240);
  const folded = fold(source);
  const marks: [number, number][] = [];
  for (const word of words) {
    let from = 0;
    for (;;) {
      const at = folded.indexOf(word, from);
      if (at < 0) break;
      let end = at + word.length;
      while (end < folded.length && /[a-z0-9]/.test(folded[end])) end += 1;
      marks.push([at, end]);
      from = end;
    }
  }
  marks.sort((a, b) => a[0] - b[0]);
  let out = '';
  let pos = 0;
  for (const [start, end] of marks) {
    if (start < pos) continue;
    out +=
      escapeHtml(source.slice(pos, start)) + `<mark>${escapeHtml(source.slice(start, end))}</mark>`;
    pos = end;
  }
  return out + escapeHtml(source.slice(pos));
}

/** The records classified under these nodes (the demo links are added on first use). */
function linksOf(categoryIds: number[]) {
  categoryState();
  return new Set(
    db.recordCategories.filter((l) => categoryIds.includes(l.category_id)).map((l) => l.record_id),
  );
}

function searchQuery(user: User, body: Record<string, unknown>) {
  const q = typeof body.q === 'string' ? body.q.trim() : '';
  if (!q)
    return fail(400, 'Bad Request', 'Validation failed', { q: 'Type something to search for.' });
  if (q.length > 200) {
    return fail(400, 'Bad Request', 'Validation failed', {
      q: 'Search text must be at most 200 characters.',
    });
  }
  const type = body.type === 'T' ? 'T' : 'C';
  const f = (body.filters ?? {}) as Record<string, unknown>;
  const words = fold(q).split(/\s+/).filter(Boolean);
  const inCategory = isId(f.category_id)
    ? linksOf([f.category_id, ...descendantsOf(f.category_id)])
    : null;
  const hits = db.records
    .filter((r) => r.object_type === type && readable(user)(r))
    .filter((r) => !isId(f.status_id) || r.status_id === f.status_id)
    .filter((r) => !isId(f.hd_id) || r.hd_id === f.hd_id)
    .filter((r) => !inCategory || inCategory.has(r.id))
    .filter((r) => !isDate(f.created_from) || r.created_at.slice(0, 10) >= f.created_from)
    .filter((r) => !isDate(f.created_to) || r.created_at.slice(0, 10) <= f.created_to)
    .map((r) => {
      const title = fold(titleOf(r));
      const text = fold(bodyText(r));
      const all = words.every((w) => title.includes(w) || text.includes(w));
      const rank =
        words.filter((w) => title.includes(w)).length * 2 +
        words.filter((w) => text.includes(w)).length;
      return { r, all, rank };
    })
    .filter((h) => h.all)
    .sort((a, b) => b.rank - a.rank || newestFirst(a.r, b.r));
  const page = paged(hits, body, user);
  return ok({
    ...page,
    items: page.items.map(({ r }) => {
      const title = titleOf(r);
      const titleHit = words.some((w) => fold(title).includes(w));
      return {
        id: r.id,
        object_type: r.object_type,
        title,
        snippet: headline(
          titleHit && !words.some((w) => fold(bodyText(r)).includes(w)) ? title : bodyText(r),
          words,
        ),
        status_name: r.status_name,
        hd_name: r.hd_name,
        created_at: r.created_at,
        // Only readable records are hits.
        access: accessOf(user, r) ?? 'reader',
      };
    }),
  });
}

function lastPublicMessage(recordId: number) {
  const messages = db.work.messages.filter(
    (m) => m.record_id === recordId && m.thread === 'communication',
  );
  return messages.at(-1);
}

function dashboard(user: User) {
  const tickets = db.records.filter((r): r is Ticket => r.object_type === 'T' && !r.is_draft);
  const open = tickets.filter((t) => !isClosed(t.status_id));
  const isAgent = (id: number | null) => db.users.some((u) => u.id === id && u.user_is_hde);
  const activity = [...db.events]
    .filter((e) => user.user_is_hde || !e.internal)
    .map((e) => ({ e, r: db.records.find((r) => r.id === e.record_id) }))
    .filter(
      (x): x is { e: (typeof db.events)[number]; r: HdRecord } =>
        !!x.r && accessOf(user, x.r) !== null,
    )
    .reverse()
    .slice(0, 10)
    .map(({ e, r }) => ({
      record_id: r.id,
      object_type: r.object_type,
      title: titleOf(r),
      action: e.action,
      actor_name: userName(e.actor_id),
      created_at: e.created_at,
    }));
  if (user.user_is_hde) {
    return ok({
      role: 'agent' as const,
      figures: [
        {
          key: 'unassigned',
          label: 'Unassigned',
          value: open.filter((t) => t.assignee_id === null).length,
          link: '/hd_ticket?assignee=none',
        },
        {
          key: 'assigned_to_me',
          label: 'Assigned to me',
          value: open.filter((t) => t.assignee_id === user.id).length,
          link: '/hd_ticket?assignee=me',
        },
        {
          key: 'overdue',
          label: 'Overdue (past an SLA target)',
          value: open.filter((t) => t.sla?.state === 'overdue').length,
          link: '/hd_ticket?sla=overdue&sort=sla',
        },
        {
          key: 'due_soon',
          label: 'Due in the next hour',
          value: open.filter((t) => t.sla?.state === 'warning').length,
          link: '/hd_ticket?sla=due_soon&sort=sla',
        },
      ],
      per_helpdesk: HELPDESKS.filter((hd) => hd.object_type === 'T').map((hd) => ({
        hd_id: hd.hd_id,
        hd_name: hd.hd_name,
        open: open.filter((t) => t.hd_id === hd.hd_id).length,
      })),
      activity,
    });
  }
  const mine = open.filter((t) => t.requester_id === user.id);
  const waiting = mine.filter((t) => {
    const last = lastPublicMessage(t.id);
    return !!last && isAgent(last.author_id);
  });
  const weekAgo = Date.now() - 7 * DAY;
  const answered = tickets.filter(
    (t) =>
      t.requester_id === user.id &&
      db.work.messages.some(
        (m) =>
          m.record_id === t.id &&
          m.thread === 'communication' &&
          isAgent(m.author_id) &&
          Date.parse(m.created_at) >= weekAgo,
      ),
  );
  return ok({
    role: 'user' as const,
    figures: [
      {
        key: 'my_open',
        label: 'My open tickets',
        value: mine.length,
        link: '/ticket/my_ticket?status_group=open',
      },
      {
        key: 'waiting_for_me',
        label: 'Waiting for me',
        value: waiting.length,
        link: '/ticket/my_ticket?waiting_for_me=1',
      },
      {
        key: 'recently_answered',
        label: 'Recently answered',
        value: answered.length,
        link: '/ticket/my_ticket?sort=-updated_at',
      },
    ],
    activity,
  });
}

function charts(user: User, url: URL) {
  const today = new Date().toISOString().slice(0, 10);
  const to = url.searchParams.get('to') ?? today;
  const from =
    url.searchParams.get('from') ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
  const fields: Record<string, string> = {};
  if (!isDate(from)) fields.from = 'From must be a date (YYYY-MM-DD).';
  if (!isDate(to)) fields.to = 'To must be a date (YYYY-MM-DD).';
  if (!fields.from && !fields.to) {
    const days = (Date.parse(to) - Date.parse(from)) / DAY;
    if (days < 0) fields.to = 'To must not be before From.';
    else if (days > 365) fields.to = 'The period can be at most 366 days.';
  }
  if (Object.keys(fields).length) return fail(400, 'Bad Request', 'Validation failed', fields);
  const mine = (r: HdRecord) => !r.is_draft && (user.user_is_hde || ownerOf(r) === user.id);
  const inPeriod = db.records.filter(
    (r) => mine(r) && r.created_at.slice(0, 10) >= from && r.created_at.slice(0, 10) <= to,
  );
  const count = (rows: HdRecord[], label: (r: HdRecord) => string | null) => {
    const out = new Map<string, number>();
    for (const r of rows) {
      const key = label(r);
      if (key) out.set(key, (out.get(key) ?? 0) + 1);
    }
    return [...out].map(([name, value]) => ({ label: name, value }));
  };
  const tickets = inPeriod.filter((r) => r.object_type === 'T') as Ticket[];
  const content = inPeriod.filter((r) => r.object_type === 'C') as ContentItem[];
  const perDay: { day: string; opened: number; closed: number }[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY) {
    const day = new Date(t).toISOString().slice(0, 10);
    perDay.push({
      day,
      opened: db.records.filter(
        (r) => mine(r) && r.object_type === 'T' && r.created_at.slice(0, 10) === day,
      ).length,
      closed: db.records.filter(
        (r) =>
          mine(r) &&
          r.object_type === 'T' &&
          isClosed(r.status_id) &&
          r.updated_at.slice(0, 10) === day,
      ).length,
    });
  }
  return ok({
    from,
    to,
    tickets_per_day: perDay,
    tickets_by_status: count(tickets, (r) => r.status_name),
    tickets_by_priority: count(tickets, (r) => (r as Ticket).priority_name),
    tickets_by_helpdesk: count(tickets, (r) => r.hd_name),
    content_by_type: count(content, (r) => (r as ContentItem).content_type_name),
    content_by_status: count(content, (r) => r.status_name),
    sla_met_per_week: slaWeeks(tickets),
  });
}

/** Per ISO week (Monday, UTC) and help desk: the tickets whose target was met or missed. */
function slaWeeks(tickets: Ticket[]) {
  const weeks = new Map<
    string,
    { week: string; hd_id: number; hd_name: string; met: number; missed: number }
  >();
  for (const t of tickets) {
    const outcome = t.sla.state === 'met' ? 'met' : t.sla.state === 'overdue' ? 'missed' : null;
    if (!outcome) continue;
    const created = new Date(t.created_at.slice(0, 10));
    const monday = new Date(created.getTime() - ((created.getUTCDay() + 6) % 7) * DAY);
    const week = monday.toISOString().slice(0, 10);
    const key = `${week}:${t.hd_id}`;
    const row = weeks.get(key) ?? { week, hd_id: t.hd_id, hd_name: t.hd_name, met: 0, missed: 0 };
    row[outcome] += 1;
    weeks.set(key, row);
  }
  return [...weeks.values()]
    .sort((a, b) => a.week.localeCompare(b.week) || a.hd_id - b.hd_id)
    .map((row) => ({ ...row, percent: Math.round((100 * row.met) / (row.met + row.missed)) }));
}

const CONTACT: Record<
  number,
  { email: string; phone: string; hours: string; description: string }
> = {
  1: {
    email: 'it@example.com',
    phone: '+1 555 0100',
    hours: 'Mon–Fri 8:00–18:00',
    description: 'Computers, accounts and software.',
  },
  2: {
    email: 'hardware@example.com',
    phone: '+1 555 0101',
    hours: 'Mon–Fri 9:00–17:00',
    description: 'Laptops, printers and screens.',
  },
  3: {
    email: 'network@example.com',
    phone: '+1 555 0102',
    hours: 'Mon–Fri 8:00–18:00',
    description: 'VPN, Wi-Fi and internet access.',
  },
  4: {
    email: 'hr@example.com',
    phone: '+1 555 0200',
    hours: 'Mon–Thu 9:00–16:00',
    description: 'Leave, payroll and benefits.',
  },
  6: {
    email: 'facilities@example.com',
    phone: '+1 555 0300',
    hours: 'Mon–Fri 7:00–19:00',
    description: 'Offices, parking and cleaning.',
  },
};

const validName = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const siblingClash = (parent: number | null, name: string, except?: number) =>
  categories().some(
    (c) => c.parent_id === parent && c.id !== except && c.name.toLowerCase() === name.toLowerCase(),
  );
const CLASH = 'A category with this name already exists here.';

export function overviewHandlers() {
  const agentOnly = <Info extends { request: Request }, Answer>(
    handler: (user: User, info: Info) => Answer,
  ) =>
    authed((user, info: Info) =>
      user.user_is_hde
        ? handler(user, info)
        : fail(403, 'Forbidden', 'Only helpdesk agents can manage categories.'),
    );

  return [
    http.post(
      '/api/search/query',
      authed(async (user, { request }) => searchQuery(user, await bodyOf(request))),
    ),

    http.get(
      '/api/home/',

      authed((user) => {
        const open = db.records
          .filter(
            (r): r is Ticket =>
              r.object_type === 'T' &&
              !r.is_draft &&
              ownerOf(r) === user.id &&
              !isClosed(r.status_id),
          )
          .sort(newestFirst);
        const latest = db.records.filter(isPublicContent).sort(newestFirst).slice(0, 5);
        return ok({
          open_tickets: open.slice(0, 5).map((r) => listItem(user, r)),
          open_ticket_count: open.length,
          latest_content: latest.map((r) => listItem(user, r)),
        });
      }),
    ),
    http.post(
      '/api/whats-new/',

      authed(async (user, { request }) => {
        const rows = db.records
          .filter(isPublicContent)
          .sort(newestFirst)
          .map((r) => listItem(user, r));
        return ok(paged(rows, await bodyOf(request), user));
      }),
    ),
    http.get(
      '/api/dashboard/',
      authed((user) => dashboard(user)),
    ),
    http.get(
      '/api/charts/',
      authed((user, { request }) => charts(user, new URL(request.url))),
    ),

    http.get(
      '/api/collector/nodes/',

      authed((user, { request }) => {
        const raw = new URL(request.url).searchParams.get('parent_id');
        const parent = raw ? Number(raw) : null;
        // An unknown parent has no children (the server answers an empty list too).
        return ok(
          childrenOf(parent).map((c) => {
            const ids = linksOf([c.id, ...descendantsOf(c.id)]);
            const count = db.records.filter(
              (r) => r.object_type === 'C' && ids.has(r.id) && readable(user)(r),
            ).length;
            const { category_id, category_name, has_children } = taxonomyNode(c);
            return { category_id, category_name, has_children, content_count: count };
          }),
        );
      }),
    ),
    http.post(
      '/api/collector/content/',

      authed(async (user, { request }) => {
        const body = await bodyOf(request);
        if (!isId(body.category_id)) {
          return fail(400, 'Bad Request', 'Validation failed', {
            category_id: 'Choose a category.',
          });
        }
        // An unknown category has no content (the server answers an empty page too).
        const ids = linksOf([body.category_id]);
        const rows = db.records
          .filter((r) => isContent(r) && ids.has(r.id) && readable(user)(r))
          .filter(isContent)
          .sort(newestFirst)
          .map((r) => listItem(user, r));
        return ok(paged(rows, body, user));
      }),
    ),

    http.post(
      '/api/classification/',

      agentOnly(async (_user, { request }) => {
        const body = await bodyOf(request);
        const name = validName(body.category_name);
        if (!name || name.length > 100) {
          return fail(400, 'Bad Request', 'Validation failed', {
            category_name: name
              ? 'Category name must be at most 100 characters.'
              : 'Category name is required.',
          });
        }
        const parent = body.parent_id ?? null;
        if (parent !== null && !(isId(parent) && categories().some((c) => c.id === parent))) {
          return fail(400, 'Bad Request', 'Validation failed', {
            parent_id: 'Choose a parent category.',
          });
        }
        if (siblingClash(parent, name))
          return fail(409, 'Conflict', CLASH, { category_name: CLASH });
        const state = categoryState();
        const node = {
          id: state.nextId++,
          parent_id: parent,
          name,
          sort_order: 1000 + state.nextId,
        };
        state.categories.push(node);
        return ok(taxonomyNode(node));
      }),
    ),
    http.put(
      '/api/classification/{id}',

      agentOnly(async (_user, { request, params }) => {
        const node = categories().find((c) => c.id === Number(params.id));
        if (!node) return fail(404, 'Not Found', NOT_FOUND);
        const body = await bodyOf(request);
        let name = node.name;
        if ('category_name' in body) {
          name = validName(body.category_name);
          if (!name || name.length > 100) {
            return fail(400, 'Bad Request', 'Validation failed', {
              category_name: name
                ? 'Category name must be at most 100 characters.'
                : 'Category name is required.',
            });
          }
        }
        let parent = node.parent_id;
        if ('parent_id' in body) {
          const wanted = body.parent_id ?? null;
          if (wanted !== null && !(isId(wanted) && categories().some((c) => c.id === wanted))) {
            return fail(400, 'Bad Request', 'Validation failed', {
              parent_id: 'Choose a parent category.',
            });
          }
          if (wanted !== null && (wanted === node.id || descendantsOf(node.id).includes(wanted))) {
            return fail(400, 'Bad Request', 'Validation failed', {
              parent_id: 'A category cannot move under itself or its sub-categories.',
            });
          }
          parent = wanted;
        }
        if (siblingClash(parent, name, node.id))
          return fail(409, 'Conflict', CLASH, { category_name: CLASH });
        node.name = name;
        node.parent_id = parent;
        return ok(taxonomyNode(node));
      }),
    ),
    http.delete(
      '/api/classification/{id}',

      agentOnly((_user, { params }) => {
        const id = Number(params.id);
        const node = categories().find((c) => c.id === id);
        if (!node) return fail(404, 'Not Found', NOT_FOUND);
        const used = new Set(
          db.recordCategories.filter((l) => l.category_id === id).map((l) => l.record_id),
        ).size;
        if (used > 0) {
          const n = used === 1 ? '1 record' : `${used} records`;
          return fail(409, 'Conflict', `This category is used by ${n} and cannot be deleted.`);
        }
        if (categories().some((c) => c.parent_id === id)) {
          return fail(409, 'Conflict', 'This category has sub-categories and cannot be deleted.');
        }
        const state = categoryState();
        state.categories = state.categories.filter((c) => c.id !== id);
        db.favorites = db.favorites.filter((f) => f.category_id !== id);
        return ok({ category_id: id });
      }),
    ),

    http.get(
      '/api/contact/',

      authed(() =>
        ok(
          HELPDESKS.filter((hd) => hd.object_type === 'T').map((hd) => ({
            hd_id: hd.hd_id,
            hd_name: hd.hd_name,
            email: CONTACT[hd.hd_id]?.email ?? null,
            phone: CONTACT[hd.hd_id]?.phone ?? null,
            hours: CONTACT[hd.hd_id]?.hours ?? null,
            description: CONTACT[hd.hd_id]?.description ?? null,
          })),
        ),
      ),
    ),
  ];
}

/**
 * The taxonomy reads of docs/api-working.md over the same categories. Registered after the
 * working-a-record handlers, so theirs answer when they have them.
 */
export function taxonomyReadHandlers() {
  const node = (id: number) => categories().find((c) => c.id === id);
  return [
    http.get(
      '/api/classification/',
      authed(() => ok(childrenOf(null).map((c) => ({ ...taxonomyNode(c), children: [] })))),
    ),
    http.get(
      '/api/classification/sub-nodes/{id}',

      authed((_user, { params }) => {
        const parent = node(Number(params.id));
        return parent
          ? ok(childrenOf(parent.id).map(taxonomyNode))
          : fail(404, 'Not Found', NOT_FOUND);
      }),
    ),
    http.get(
      '/api/classification/by-name/{name}',

      authed((_user, { params }) => {
        const wanted = fold(String(params.name ?? '').trim());
        return ok(
          categories()
            .filter((c) => wanted && fold(c.name).includes(wanted))
            .slice(0, 50)
            .map(taxonomyNode),
        );
      }),
    ),
    http.get(
      '/api/classification/favorite',

      authed((user) =>
        ok(
          db.favorites
            .filter((f) => f.user_id === user.id)
            .map((f) => node(f.category_id))
            .filter((c) => c !== undefined)
            .map(taxonomyNode),
        ),
      ),
    ),
    http.post(
      '/api/classification/favorite',

      authed(async (user, { request }) => {
        const body = await bodyOf(request);
        const found = isId(body.category_id) ? node(body.category_id) : undefined;
        if (!found) return fail(404, 'Not Found', NOT_FOUND);
        if (db.favorites.some((f) => f.user_id === user.id && f.category_id === found.id)) {
          return fail(409, 'Conflict', 'This category is already a favourite.');
        }
        db.favorites.push({ user_id: user.id, category_id: found.id });
        return ok(taxonomyNode(found));
      }),
    ),
    http.delete(
      '/api/classification/favorite/{category_id}',
      authed((user, { params }) => {
        const id = Number(params.category_id);
        db.favorites = db.favorites.filter((f) => !(f.user_id === user.id && f.category_id === id));
        return ok({ category_id: id });
      }),
    ),
  ];
}
