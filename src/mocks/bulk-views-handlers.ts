// Bulk actions and saved views (docs/api-bulk-views.md) over the in-memory db: each record is
// checked and changed as its single-record call would, refusals reported per record.
import type { components } from '../api/schema';
import type { HdRecord } from '../features/records/types';
import { db, logEvent, type MockView } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import {
  assignedAs,
  HELPDESKS,
  PRIORITIES,
  STATUSES,
  helpdeskName,
  makeContent,
  makeTicket,
  personName,
  statusName,
} from './records-data';

type Refusal = components['schemas']['BulkRefusal'];
const CAP = 1000;
const AGENTS_ONLY = 'Only helpdesk agents can do this.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether a record is in a list with these filters (the common ones). */
function matches(record: HdRecord, f: Record<string, unknown>, me: number): boolean {
  const row = record as unknown as Record<string, unknown>;
  if (record.is_draft !== (f.is_draft === true)) return false;
  for (const name of ['status_id', 'priority_id', 'hd_id', 'company_id', 'content_type_id']) {
    if (typeof f[name] === 'number' && row[name] !== f[name]) return false;
  }
  if (!assignedAs(row.assignee_id, f.assignee_id, me)) return false;
  const words = text(f.text).trim().toLowerCase();
  const title = String(row.subject ?? row.title ?? '').toLowerCase();
  return !words || title.includes(words);
}

function rebuild(record: HdRecord, changes: Record<string, unknown>): HdRecord {
  const base = {
    ...record,
    ...changes,
    version: record.version + 1,
    updated_at: new Date().toISOString(),
  };
  const next =
    base.object_type === 'T'
      ? makeTicket(record.id, base as Parameters<typeof makeTicket>[1])
      : makeContent(record.id, base as Parameters<typeof makeContent>[1]);
  db.records = db.records.map((r) => (r.id === record.id ? next : r));
  return next;
}

/** One record's action; a reason when refused. */
function apply(
  actor: number,
  record: HdRecord,
  action: string,
  value: number | null,
): string | null {
  const type = record.object_type;
  switch (action) {
    case 'assign':
      if (value !== null && !db.users.some((u) => u.id === value && u.user_is_hde)) {
        return 'Choose a helpdesk agent.';
      }
      rebuild(record, { assignee_id: value });
      logEvent(record.id, actor, 'assigned', { to: value === null ? null : personName(value) });
      return null;
    case 'status':
      if (!STATUSES.some((s) => s.status_id === value && s.object_type === type)) {
        return 'Choose a status.';
      }
      rebuild(record, { status_id: value });
      logEvent(record.id, actor, 'status_changed', {
        from: record.status_name,
        to: statusName(value ?? 0),
      });
      return null;
    case 'priority':
      if (!PRIORITIES.some((p) => p.priority_id === value)) return 'Choose a priority.';
      rebuild(record, { priority_id: value });
      logEvent(record.id, actor, 'updated', {
        fields: ['priority_id'],
        changes: {
          priority_id: {
            from: 'priority_name' in record ? record.priority_name : null,
            to: PRIORITIES.find((p) => p.priority_id === value)?.priority_name ?? null,
          },
        },
      });
      return null;
    case 'move':
      if (!HELPDESKS.some((hd) => hd.hd_id === value && hd.object_type === type)) {
        return 'Choose a help desk.';
      }
      rebuild(record, { hd_id: value });
      logEvent(record.id, actor, 'moved', { from: record.hd_name, to: helpdeskName(value ?? 0) });
      return null;
    case 'classify':
      if (!db.recordCategories.some((c) => c.record_id === record.id && c.category_id === value)) {
        db.recordCategories.push({ record_id: record.id, category_id: value ?? 0 });
        logEvent(record.id, actor, 'classified', {});
      }
      return null;
    default:
      db.records = db.records.filter((r) => r.id !== record.id);
      return null;
  }
}

const viewOf = (view: MockView, me: number) => ({
  ...view,
  owner_name: personName(view.owner_id) ?? '',
  mine: view.owner_id === me,
});

const visibleViews = (me: number) =>
  db.savedViews
    .filter((v) => v.owner_id === me || v.shared)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

function viewInput(b: Record<string, unknown>) {
  const name = text(b.name).trim();
  if (!name || name.length > 80) return { error: { name: 'Name must be 1 to 80 characters.' } };
  return {
    input: {
      name,
      object_type: b.object_type === 'C' ? ('C' as const) : ('T' as const),
      shared: b.shared === true,
      filters: (b.filters ?? {}) as Record<string, unknown>,
      sort: text(b.sort) || '-created_at',
      columns: Array.isArray(b.columns) ? (b.columns as string[]) : [],
    },
  };
}

export function bulkViewsHandlers() {
  return [
    http.post(
      '/api/records/bulk',
      authed(async (user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const b = await bodyOf(request);
        const type = b.object_type === 'C' ? 'C' : 'T';
        const action = text(b.action);
        const value = typeof b.value === 'number' ? b.value : null;
        let chosen: { id: number; version?: number }[];
        let capped = false;
        if (Array.isArray(b.records)) {
          chosen = b.records as { id: number; version?: number }[];
        } else {
          const filter = (b.filter ?? {}) as { filters?: Record<string, unknown> };
          const all = db.records
            .filter((r) => r.object_type === type && matches(r, filter.filters ?? {}, user.id))
            .sort((x, y) => y.created_at.localeCompare(x.created_at) || y.id - x.id);
          capped = all.length > CAP;
          chosen = all.slice(0, CAP).map((r) => ({ id: r.id }));
        }
        const succeeded: number[] = [];
        const refused: Refusal[] = [];
        for (const one of chosen) {
          const record = db.records.find((r) => r.id === one.id && r.object_type === type);
          if (!record) {
            refused.push({
              id: one.id,
              code: 'not_found',
              reason: 'This record no longer exists.',
            });
          } else if (one.version !== undefined && one.version !== record.version) {
            refused.push({
              id: one.id,
              code: 'stale',
              reason: 'Someone else changed this record after you selected it.',
            });
          } else {
            const reason = apply(user.id, record, action, value);
            if (reason) refused.push({ id: one.id, code: 'invalid', reason });
            else succeeded.push(one.id);
          }
        }
        return ok({ action, succeeded, refused, capped, cap: CAP });
      }),
    ),
    http.get(
      '/api/views/',
      authed((user) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        return ok(visibleViews(user.id).map((v) => viewOf(v, user.id)));
      }),
    ),
    http.get(
      '/api/views/counts/',
      authed((user) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        return ok(
          visibleViews(user.id).map((v) => ({
            id: v.id,
            count: db.records.filter(
              (r) => r.object_type === v.object_type && matches(r, v.filters, user.id),
            ).length,
            capped: false,
          })),
        );
      }),
    ),
    http.post(
      '/api/views/',
      authed(async (user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const { input, error } = viewInput(await bodyOf(request));
        if (!input) return fail(400, 'Bad Request', 'Validation failed', error);
        const now = new Date().toISOString();
        const view: MockView = {
          id: db.nextViewId++,
          owner_id: user.id,
          ...input,
          created_at: now,
          updated_at: now,
        };
        db.savedViews.push(view);
        return ok(viewOf(view, user.id));
      }),
    ),
    http.put(
      '/api/views/{id}/',
      authed(async (user, { request, params }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const view = visibleViews(user.id).find((v) => v.id === Number(params.id));
        if (!view)
          return fail(404, 'Not Found', 'Sorry! the data you are looking for could not be found');
        if (view.owner_id !== user.id) {
          return fail(403, 'Forbidden', 'Only the owner can change this view.');
        }
        const { input, error } = viewInput(await bodyOf(request));
        if (!input) return fail(400, 'Bad Request', 'Validation failed', error);
        Object.assign(view, input, { updated_at: new Date().toISOString() });
        return ok(viewOf(view, user.id));
      }),
    ),
    http.delete(
      '/api/views/{id}/',
      authed((user, { params }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const view = visibleViews(user.id).find((v) => v.id === Number(params.id));
        if (!view)
          return fail(404, 'Not Found', 'Sorry! the data you are looking for could not be found');
        if (view.owner_id !== user.id) {
          return fail(403, 'Forbidden', 'Only the owner can change this view.');
        }
        db.savedViews = db.savedViews.filter((v) => v !== view);
        return ok({ id: view.id });
      }),
    ),
  ];
}
