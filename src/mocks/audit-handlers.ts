// The audit log (docs/audit.md), answered as server/routes/audit/routes.ts does: the list by
// user, kind and dates, newest first, 50 a page; the CSV export (formula cells prefixed, the
// export written to the log); the retention setting (its change written to the log as the
// app_settings trigger writes it). The mocks write a few entries of their own to start with.
import { HttpResponse } from 'msw';
import type { components } from '../api/schema';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';

type Entry = components['schemas']['AuditEntry'];

const PAGE_SIZE = 50;
const COUNT_CAP = 10_000;
const RANGE_MESSAGE = 'The start date must not be after the end date.';
const RETENTION_KEY = 'audit_retention_days';

interface AuditState {
  entries: Entry[];
  nextId: number;
  /** The stored setting, absent until an admin sets it (365 days then). */
  retention: number | undefined;
}

/** Per mock database (a test's resetDb() starts afresh). */
const states = new WeakMap<object, AuditState>();

export function auditState(): AuditState {
  let s = states.get(db);
  if (!s) {
    s = { entries: [], nextId: 1, retention: undefined };
    states.set(db, s);
    seed(s);
  }
  return s;
}

function seed(s: AuditState): void {
  const admin = db.users.find((u) => u.user_is_admin);
  if (!admin) return;
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
  write(s, {
    at: at(2),
    actor_id: null,
    actor_label: 'mallory@example.com',
    address: '198.51.100.7',
    kind: 'sign_in.password',
    outcome: 'failure',
    reason: 'unknown_account',
  });
  write(s, {
    at: at(1),
    actor_id: admin.id,
    actor_label: admin.email,
    address: '127.0.0.1',
    kind: 'sign_in.password',
    details: { second_step: false },
  });
  write(s, {
    at: at(1),
    actor_id: admin.id,
    actor_label: admin.email,
    address: '127.0.0.1',
    kind: 'sla_policy.changed',
    target_kind: 'sla_policy',
    target_id: '1',
    details: {
      before: { id: 1, name: 'Standard', first_response_minutes: 240 },
      after: { id: 1, name: 'Standard', first_response_minutes: 120 },
    },
  });
}

function write(s: AuditState, e: Partial<Entry> & Pick<Entry, 'kind'>): Entry {
  const entry: Entry = {
    id: s.nextId++,
    at: new Date().toISOString(),
    actor_id: null,
    actor_label: '',
    address: null,
    target_kind: null,
    target_id: null,
    outcome: 'success',
    reason: null,
    details: {},
    ...e,
  };
  s.entries.push(entry);
  return entry;
}

const by = (user: MockUser) => ({
  actor_id: user.id,
  actor_label: user.email,
  address: '127.0.0.1',
});

interface Filter {
  user_id?: number;
  kind?: string;
  from?: string;
  to?: string;
}

function filterOf(url: string): Filter | Response {
  const q = new URL(url).searchParams;
  const f: Filter = {};
  const user = q.get('user_id');
  if (user !== null) f.user_id = Number(user);
  for (const key of ['kind', 'from', 'to'] as const) {
    const v = q.get(key);
    if (v !== null) f[key] = v;
  }
  if (f.from && f.to && f.from > f.to) {
    return fail(400, 'Bad Request', 'Validation failed', { from: RANGE_MESSAGE });
  }
  return f;
}

function matching(s: AuditState, f: Filter): Entry[] {
  const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString();
  return s.entries
    .filter(
      (e) =>
        (f.user_id === undefined || e.actor_id === f.user_id) &&
        (f.kind === undefined || e.kind === f.kind) &&
        (f.from === undefined || e.at >= `${f.from}T00:00:00.000Z`) &&
        (f.to === undefined || e.at < dayAfter(f.to)),
    )
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
}

const FORMULA_START = /^[=+\-@\t\r]/;
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}
const line = (cells: unknown[]) => `${cells.map(cell).join(',')}\r\n`;

export function auditHandlers() {
  return [
    http.get(
      '/api/audit',
      authed((_user, { request }) => {
        const f = filterOf(request.url);
        if (f instanceof Response) return f;
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const all = matching(auditState(), f);
        const total = Math.min(all.length, COUNT_CAP);
        return ok({
          items: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          total,
          total_capped: total >= COUNT_CAP,
          page,
          page_size: PAGE_SIZE,
        });
      }),
    ),
    http.get(
      '/api/audit/export.csv',
      authed((user, { request, response }) => {
        const f = filterOf(request.url);
        if (f instanceof Response) return f;
        const s = auditState();
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const filter = { ...query, ...(f.user_id !== undefined ? { user_id: f.user_id } : {}) };
        // Written before the rows are read, as the server does: the export lists itself.
        write(s, { ...by(user), kind: 'audit.exported', details: { filter } });
        const header = [
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
        ];
        const rows = matching(s, f).map((e) =>
          line([
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
          ]),
        );
        const stamp = new Date().toISOString().slice(0, 10);
        // CSV, not JSON: outside what the contract's types describe.
        return response.untyped(
          new HttpResponse(new TextEncoder().encode([line(header), ...rows].join('')).buffer, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="audit-log-${stamp}.csv"`,
            },
          }),
        );
      }),
    ),
    http.get(
      '/api/audit/settings',
      authed(() => ok({ retention_days: auditState().retention ?? 365 })),
    ),
    http.put(
      '/api/audit/settings',
      authed(async (user, { request }) => {
        const b = await bodyOf(request);
        const days = Number(b.retention_days);
        const s = auditState();
        const before = s.retention;
        s.retention = days;
        if (before !== days) {
          const row = (v: number) => ({ key: RETENTION_KEY, value: String(v) });
          write(s, {
            ...by(user),
            kind: before === undefined ? 'setting.created' : 'setting.changed',
            target_kind: 'setting',
            target_id: RETENTION_KEY,
            details: {
              before: before === undefined ? null : row(before),
              after: row(days),
            },
          });
        }
        return ok({ retention_days: days });
      }),
    ),
  ];
}

/** For other mocks that write entries the server writes (none yet), and for tests. */
export function writeAuditEntry(e: Partial<Entry> & Pick<Entry, 'kind'>): Entry {
  return write(auditState(), e);
}
