// Search, home, what's new, dashboard, charts, the content collector and contacts
// (docs/api-overview.md) over the mock db, as server/routes/{search,overview,charts,collector,
// contact} answer them.
import type { ContentItem, HdRecord, Ticket } from '../features/records/types';
import { accessOf, nameOf, titleOf } from './access';
import { childrenOf, descendantsOf, withDemoLinks } from './category-data';
import { HttpResponse } from 'msw';
import { fieldSet } from './custom-field-handlers';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { listItem, listRows } from './record-handlers';
import { CONTENT_TYPES, fold, HELPDESKS, PRIORITIES, STATUSES } from './records-data';
import { carriesTags, tagsOf } from './tag-data';

type User = MockUser;

const DAY = 24 * 3600 * 1000;
const HOME_ITEMS = 5;

const newestFirst = (a: HdRecord, b: HdRecord) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;
/** Published, searchable, submitted content: what every signed-in user may read. */
const isPublished = (r: HdRecord): r is ContentItem =>
  r.object_type === 'C' && r.searchable && !r.is_draft && r.status_id === 7;

function paged<T>(rows: T[], body: Record<string, unknown>, user: User) {
  const page = typeof body.page === 'number' ? body.page : 1;
  const pageSize = typeof body.page_size === 'number' ? body.page_size : user.items_per_page;
  const start = (page - 1) * pageSize;
  return {
    items: rows.slice(start, start + pageSize),
    total: rows.length,
    total_is_capped: false,
    page,
    page_size: pageSize,
  };
}

// ---- Full-text search ---------------------------------------------------------------------

/** The database's html_to_text(): tags become spaces, a few entities their characters. */
const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The query's words (letters and digits); when it does not end in a separator, the last one
 * is still being typed and matches as a prefix (server/routes/search/sql.ts queryTerms). A full
 * word matches a word it begins (the server's stemming, roughly).
 */
function matcher(q: string) {
  const words = wordsOf(q);
  const typing = /[\p{L}\p{N}]$/u.test(q);
  return (text: string) => {
    const found = wordsOf(text);
    return words.map((w, i) =>
      found.some((f) => (typing && i === words.length - 1 ? f.startsWith(w) : f.startsWith(w))),
    );
  };
}

/** A snippet of the body's text with the query's words marked (as ts_headline answers). */
function snippet(html: string, q: string): string {
  const text = htmlToText(html);
  const words = wordsOf(q);
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return parts
    .map((part) =>
      words.some((w) => fold(part).startsWith(w)) && /[\p{L}\p{N}]/u.test(part)
        ? `<mark>${escapeHtml(part)}</mark>`
        : escapeHtml(part),
    )
    .join('');
}

const bodyOfRecord = (r: HdRecord) =>
  (r.object_type === 'T' ? (r as Ticket).description : (r as ContentItem).body) ?? '';
/** A ticket's public messages are part of what it is found by. */
const threadText = (r: HdRecord) =>
  r.object_type === 'T'
    ? db.work.messages
        .filter((m) => m.record_id === r.id && m.thread === 'communication')
        .map((m) => htmlToText(m.body))
        .join(' ')
    : '';

/**
 * The values of a record's active text and long-text fields, those shown to requesters
 * (`shown`) or those only agents see (server: migration 036).
 */
function fieldText(r: HdRecord, shown: boolean): string {
  const values = (r.fields ?? {}) as Record<string, unknown>;
  return db.customFields
    .filter(
      (f) =>
        f.object_type === r.object_type &&
        f.active &&
        f.shown_to_requesters === shown &&
        (f.type === 'text' || f.type === 'long_text') &&
        typeof values[f.key] === 'string',
    )
    .map((f) => values[f.key] as string)
    .join(' ');
}

function searchQuery(user: User, body: Record<string, unknown>) {
  const q = String(body.q).trim();
  if (!q)
    return fail(400, 'Bad Request', 'Validation failed', { q: 'Type something to search for.' });
  if ([...q].length > 200) {
    return fail(400, 'Bad Request', 'Validation failed', {
      q: 'Search text must be at most 200 characters.',
    });
  }
  const type = body.type === 'T' ? 'T' : 'C';
  const f = (body.filters ?? {}) as Record<string, unknown>;
  const match = matcher(String(body.q).trimStart());
  withDemoLinks();
  const inCategory =
    typeof f.category_id === 'number' ? [f.category_id, ...descendantsOf(f.category_id)] : null;
  // Title weighs most, then the body, then the thread (ts_rank_cd's A, B and C weights).
  const hits = db.records
    .filter((r) => r.object_type === type && !r.is_draft && accessOf(user, r) !== null)
    .filter((r) => typeof f.status_id !== 'number' || r.status_id === f.status_id)
    .filter((r) => typeof f.hd_id !== 'number' || r.hd_id === f.hd_id)
    .filter(
      (r) =>
        !inCategory ||
        db.recordCategories.some((l) => l.record_id === r.id && inCategory.includes(l.category_id)),
    )
    .filter((r) => carriesTags(r.id, f.tag_ids, 'any'))
    .filter(
      (r) => typeof f.created_from !== 'string' || r.created_at.slice(0, 10) >= f.created_from,
    )
    .filter((r) => typeof f.created_to !== 'string' || r.created_at.slice(0, 10) <= f.created_to)
    .map((r) => {
      const inTitle = match(titleOf(r));
      const inBody = match(
        `${htmlToText(bodyOfRecord(r))} ${tagsOf(r.id)
          .map((t) => t.name)
          .join(' ')}`,
      );
      const inThread = match(`${threadText(r)} ${fieldText(r, true)}`);
      // Fields only agents see: agents alone match them (the server's weight D).
      const inHidden = match(user.user_is_hde ? fieldText(r, false) : '');
      const all = inTitle.every((hit, i) => hit || inBody[i] || inThread[i] || inHidden[i]);
      const weights = inTitle.map((hit, i): number =>
        hit ? 1 : inBody[i] ? 0.4 : inThread[i] ? 0.2 : inHidden[i] ? 0.1 : 0,
      );
      return { r, all, rank: weights.reduce((a, b) => a + b, 0) };
    })
    .filter((h) => h.all)
    .sort((a, b) => b.rank - a.rank || newestFirst(a.r, b.r));
  const page = paged(hits, body, user);
  return ok({
    ...page,
    items: page.items.map(({ r }) => ({
      id: r.id,
      object_type: r.object_type,
      title: titleOf(r),
      snippet: snippet(bodyOfRecord(r), q),
      status_name: r.status_name,
      hd_name: r.hd_name,
      created_at: r.created_at,
      access: accessOf(user, r) ?? 'reader',
    })),
  });
}

// ---- Dashboard and charts -----------------------------------------------------------------

/** The figures and the lists their links open (server/routes/overview/routes.ts figureSpecs). */
function figures(user: User) {
  const count = (scope: 'my' | 'hd', filters: Record<string, unknown>) =>
    listRows(user, 'T', scope, filters).length;
  if (!user.user_is_hde) {
    return [
      {
        key: 'my_open',
        label: 'My open tickets',
        value: count('my', { status_group: 'open' }),
        link: '/ticket/my_ticket?status_group=open',
      },
      {
        key: 'waiting_for_me',
        label: 'Waiting for my reply',
        value: count('my', { waiting_for_me: true }),
        link: '/ticket/my_ticket?waiting_for_me=1',
      },
      {
        key: 'recently_answered',
        label: 'Answered in the last 7 days',
        value: count('my', { recently_answered: true }),
        link: '/ticket/my_ticket?recently_answered=1',
      },
    ];
  }
  return [
    {
      key: 'unassigned',
      label: 'Unassigned open tickets',
      value: count('hd', { status_group: 'open', assignee_id: 'none' }),
      link: '/hd_ticket?status_group=open&assignee=none',
    },
    {
      key: 'assigned_to_me',
      label: 'Open tickets assigned to me',
      value: count('hd', { status_group: 'open', assignee_id: user.id }),
      link: '/hd_ticket?status_group=open&assignee=me',
    },
    {
      key: 'overdue',
      label: 'Overdue (past an SLA target)',
      value: count('hd', { sla: 'overdue' }),
      link: '/hd_ticket?sla=overdue&sort=sla',
    },
    {
      key: 'due_soon',
      label: 'Due in the next hour',
      value: count('hd', { sla: 'due_soon' }),
      link: '/hd_ticket?sla=due_soon&sort=sla',
    },
  ];
}

function dashboard(user: User) {
  const closed = (id: number) => STATUSES.some((s) => s.status_id === id && s.is_closed);
  // The newest events on records the caller sees (not as a reader); internal ones for agents.
  const activity = db.events
    .map((e) => ({ e, r: db.records.find((r) => r.id === e.record_id) }))
    .filter(
      (x): x is { e: (typeof db.events)[number]; r: HdRecord } =>
        !!x.r &&
        (user.user_is_hde || !x.e.internal) &&
        ![null, 'reader'].includes(accessOf(user, x.r)),
    )
    .sort((a, b) => b.e.created_at.localeCompare(a.e.created_at) || b.e.id - a.e.id)
    .slice(0, 10)
    .map(({ e, r }) => ({
      record_id: r.id,
      object_type: r.object_type,
      title: titleOf(r),
      action: e.action,
      actor_name: nameOf(e.actor_id),
      created_at: e.created_at,
    }));
  const common = { figures: figures(user), activity };
  if (!user.user_is_hde) return ok({ role: 'user' as const, ...common });
  const open = db.records.filter(
    (r) => r.object_type === 'T' && !r.is_draft && !closed(r.status_id),
  );
  return ok({
    role: 'agent' as const,
    ...common,
    per_helpdesk: HELPDESKS.filter((hd) => hd.object_type === 'T').map((hd) => ({
      hd_id: hd.hd_id,
      hd_name: hd.hd_name,
      open: open.filter((t) => t.hd_id === hd.hd_id).length,
    })),
  });
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function charts(user: User, url: URL) {
  const q = Object.fromEntries(url.searchParams);
  const to = q.to ?? (q.from ? isoDay(Date.parse(q.from) + 29 * DAY) : isoDay(Date.now()));
  const from = q.from ?? isoDay(Date.parse(to) - 29 * DAY);
  if (Date.parse(from) > Date.parse(to)) {
    return fail(400, 'Bad Request', 'Validation failed', { from: 'From must be on or before to.' });
  }
  if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > 366) {
    return fail(400, 'Bad Request', 'Validation failed', {
      to: 'The period can be at most 366 days.',
    });
  }
  // Agents count every record, anyone else their own (no shares: figures are about one's work).
  const mine = (r: HdRecord) => !r.is_draft && (user.user_is_hde || accessOf(user, r) === 'owner');
  const inPeriod = (at: string) => at.slice(0, 10) >= from && at.slice(0, 10) <= to;
  const counted = db.records.filter((r) => mine(r) && inPeriod(r.created_at));
  const tickets = counted.filter((r): r is Ticket => r.object_type === 'T');
  const content = counted.filter((r): r is ContentItem => r.object_type === 'C');
  /** Every row of the lookup, zeros included, in its order. */
  const bars = <L, R>(
    lookup: L[],
    label: (l: L) => string,
    of: (l: L, r: R) => boolean,
    rows: R[],
  ) => lookup.map((l) => ({ label: label(l), value: rows.filter((r) => of(l, r)).length }));
  const closedNames = STATUSES.filter((s) => s.object_type === 'T' && s.is_closed).map(
    (s) => s.status_name,
  );
  const perDay: { day: string; opened: number; closed: number }[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY) {
    const day = isoDay(t);
    perDay.push({
      day,
      opened: tickets.filter((r) => r.created_at.slice(0, 10) === day).length,
      // A status change into a closed status, from one that was not.
      closed: db.events.filter((e) => {
        const r = db.records.find((x) => x.id === e.record_id);
        const to = String(e.details.to ?? '');
        const was = String(e.details.from ?? '');
        return (
          !!r &&
          r.object_type === 'T' &&
          (user.user_is_hde || accessOf(user, r) === 'owner') &&
          e.action === 'status_changed' &&
          e.created_at.slice(0, 10) === day &&
          closedNames.includes(to) &&
          !closedNames.includes(was)
        );
      }).length,
    });
  }
  const statuses = (type: 'T' | 'C') => STATUSES.filter((s) => s.object_type === type);
  return ok({
    from,
    to,
    tickets_per_day: perDay,
    tickets_by_status: bars(
      statuses('T'),
      (s) => s.status_name,
      (s, r: Ticket) => r.status_id === s.status_id,
      tickets,
    ),
    tickets_by_priority: bars(
      PRIORITIES,
      (p) => p.priority_name,
      (p, r: Ticket) => r.priority_id === p.priority_id,
      tickets,
    ),
    tickets_by_helpdesk: bars(
      HELPDESKS.filter((hd) => hd.object_type === 'T'),
      (hd) => hd.hd_name,
      (hd, r: Ticket) => r.hd_id === hd.hd_id,
      tickets,
    ),
    content_by_type: bars(
      CONTENT_TYPES,
      (c) => c.content_type_name,
      (c, r: ContentItem) => r.content_type_id === c.content_type_id,
      content,
    ),
    content_by_status: bars(
      statuses('C'),
      (s) => s.status_name,
      (s, r: ContentItem) => r.status_id === s.status_id,
      content,
    ),
    sla_met_per_week: slaWeeks(user, from, to),
  });
}

/** Per ISO week (Monday, UTC) and help desk: the targets due in the period, met or missed. */
function slaWeeks(user: User, from: string, to: string) {
  const weeks = new Map<
    string,
    { week: string; hd_id: number; hd_name: string; met: number; missed: number }
  >();
  const now = new Date().toISOString();
  for (const t of db.records) {
    if (t.object_type !== 'T' || t.is_draft || t.sla_policy_id === null) continue;
    if (!user.user_is_hde && accessOf(user, t) !== 'owner') continue;
    const targets: [string | null, string | null][] = [
      [t.first_response_due_at, t.first_responded_at],
      [t.resolution_due_at, t.resolved_at],
    ];
    for (const [due, done] of targets) {
      if (!due || due.slice(0, 10) < from || due.slice(0, 10) > to) continue;
      const outcome = done
        ? done <= due
          ? 'met'
          : 'missed'
        : due < now && t.sla.state !== 'paused'
          ? 'missed'
          : null;
      if (!outcome) continue;
      const day = new Date(`${due.slice(0, 10)}T00:00:00Z`);
      const week = isoDay(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
      const key = `${week}:${t.hd_id}`;
      const row = weeks.get(key) ?? { week, hd_id: t.hd_id, hd_name: t.hd_name, met: 0, missed: 0 };
      row[outcome] += 1;
      weeks.set(key, row);
    }
  }
  const order = (hdId: number) => HELPDESKS.findIndex((hd) => hd.hd_id === hdId);
  return [...weeks.values()]
    .sort((a, b) => a.week.localeCompare(b.week) || order(a.hd_id) - order(b.hd_id))
    .map((row) => ({ ...row, percent: Math.round((100 * row.met) / (row.met + row.missed)) }));
}

// ---- Contacts -----------------------------------------------------------------------------

/** As the server's migration seeds them (server/db/migrations/005_search.sql). */
const CONTACT: Record<
  number,
  { email: string; phone: string; hours: string; description: string }
> = {
  1: {
    email: 'it-support@example.com',
    phone: '+1 555 0100',
    hours: 'Mon–Fri 8:00–18:00',
    description: 'Accounts, software, email and anything else IT.',
  },
  2: {
    email: 'hardware@example.com',
    phone: '+1 555 0101',
    hours: 'Mon–Fri 8:00–17:00',
    description: 'Laptops, monitors, printers, phones and accessories.',
  },
  3: {
    email: 'network@example.com',
    phone: '+1 555 0102',
    hours: 'Mon–Fri 7:00–19:00',
    description: 'VPN, Wi-Fi, internet access and shared drives.',
  },
  4: {
    email: 'hr@example.com',
    phone: '+1 555 0110',
    hours: 'Mon–Thu 9:00–17:00',
    description: 'Leave, payroll, benefits and employment letters.',
  },
  6: {
    email: 'facilities@example.com',
    phone: '+1 555 0120',
    hours: 'Mon–Fri 7:30–16:30',
    description: 'Office access, parking, cleaning, heating and repairs.',
  },
};

export function overviewHandlers() {
  return [
    http.post(
      '/api/search/query',
      authed(async (user, { request }) => searchQuery(user, await bodyOf(request))),
    ),
    http.get(
      '/api/home/',
      authed((user) => {
        const open = listRows(user, 'T', 'my', { status_group: 'open' }).sort(newestFirst);
        const latest = db.records.filter(isPublished).sort(newestFirst).slice(0, HOME_ITEMS);
        return ok({
          open_tickets: open.slice(0, HOME_ITEMS).map((r) => listItem(user, r) as Ticket),
          open_ticket_count: open.length,
          latest_content: latest.map((r) => listItem(user, r) as ContentItem),
        });
      }),
    ),
    http.post(
      '/api/whats-new/',
      authed(async (user, { request }) => {
        const rows = db.records
          .filter(isPublished)
          .sort(newestFirst)
          .map((r) => listItem(user, r) as ContentItem);
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
        withDemoLinks();
        // Distinct readable, submitted content classified anywhere under each node.
        return ok(
          childrenOf(raw ? Number(raw) : null).map((c) => {
            const under = [c.id, ...descendantsOf(c.id)];
            const ids = new Set(
              db.recordCategories
                .filter((l) => under.includes(l.category_id))
                .map((l) => l.record_id),
            );
            const count = db.records.filter(
              (r) => r.object_type === 'C' && !r.is_draft && ids.has(r.id) && accessOf(user, r),
            ).length;
            return {
              category_id: c.id,
              category_name: c.name,
              has_children: db.categories.some((k) => k.parent_id === c.id),
              content_count: count,
            };
          }),
        );
      }),
    ),
    http.post(
      '/api/collector/content/',
      authed(async (user, { request }) => {
        const body = await bodyOf(request);
        withDemoLinks();
        // Content classified directly under the node, newest first.
        const rows = db.records
          .filter(
            (r) =>
              r.object_type === 'C' &&
              !r.is_draft &&
              accessOf(user, r) &&
              db.recordCategories.some(
                (l) => l.record_id === r.id && l.category_id === body.category_id,
              ),
          )
          .sort(newestFirst)
          .map((r) => listItem(user, r) as ContentItem);
        return ok(paged(rows, body, user));
      }),
    ),
    http.get(
      '/api/contact/',
      authed((user) =>
        HttpResponse.json({
          statusCode: 200 as const,
          data: HELPDESKS.filter((hd) => hd.object_type === 'T').map((hd) => ({
            hd_id: hd.hd_id,
            hd_name: hd.hd_name,
            email: CONTACT[hd.hd_id]?.email ?? '',
            phone: CONTACT[hd.hd_id]?.phone ?? '',
            hours: CONTACT[hd.hd_id]?.hours ?? '',
            description: CONTACT[hd.hd_id]?.description ?? '',
          })),
          custom_fields: fieldSet('T', !user.user_is_hde),
        }),
      ),
    ),
  ];
}
