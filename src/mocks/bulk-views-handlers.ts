// Bulk actions and saved views (docs/api-bulk-views.md). As on the server (server/routes/bulk),
// each record of a bulk action goes through the very call an agent makes for that record alone
// (here: the mock's own handler, fetched with the caller's session), so its rules, history and
// refusals are that call's; a refusal is reported per record.
import type { components } from '../api/schema';
import { compare } from './category-data';
import { db, type MockView } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { listRows, sortedListRows } from './record-handlers';
import { listFieldProblems, sortedField } from './custom-field-lists';
import { VALUE_RULES } from './custom-field-values';
import { valueFits, VALUE_MESSAGES } from '../features/custom-fields/values';

type Refusal = components['schemas']['BulkRefusal'];
const CAP = 1000;
/** Records worked on at once. */
const PARALLEL = 4;
const AGENTS_ONLY = 'Only helpdesk agents can do this.';
/** Shared views are the administrators' to write (server/routes/views). */
const ADMINS_ONLY = 'Only administrators can do this.';
const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const SORT_MESSAGE = 'Sort must be one of the list sorts, optionally with a leading "-".';
const SORTS = {
  T: ['created_at', 'updated_at', 'subject', 'status', 'priority', 'id', 'sla', 'assignee'],
  C: ['created_at', 'updated_at', 'title', 'status', 'id'],
};
/** Marks a bulk action's own calls, which dev:mock's delay lets through at once. */
export const BULK_CALL = 'x-mock-bulk';

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const ONE_FIELD_MESSAGE = 'Send one custom field and its value: { "<key>": value }.';
const knownSort = (type: 'T' | 'C', sort: string) =>
  !!sortedField(sort) || SORTS[type].includes(sort.replace(/^-/, ''));

/** `field_set`'s one field and value, checked once (server/routes/bulk/field-value.ts). */
function bulkFieldProblem(type: 'T' | 'C', fields: unknown): Record<string, string> | null {
  const entries =
    fields && typeof fields === 'object' && !Array.isArray(fields) ? Object.entries(fields) : [];
  if (entries.length !== 1) return { fields: ONE_FIELD_MESSAGE };
  const [[key, value]] = entries;
  const f = db.customFields.find((d) => d.object_type === type && d.key === key && d.active);
  if (!f) return { [`fields.${key}`]: VALUE_RULES.unknown };
  if (!valueFits(f.type, f.choices, value)) return { [`fields.${key}`]: VALUE_MESSAGES[f.type] };
  if (
    f.type === 'agent' &&
    value !== null &&
    !db.users.some((u) => u.id === value && u.user_is_hde)
  ) {
    return { [`fields.${key}`]: VALUE_MESSAGES.agent };
  }
  return null;
}

type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: () => Promise<unknown> }>;

/** One record's action through its own call (server/routes/bulk/dispatch.ts). */
async function dispatch(
  call: Call,
  path: string,
  action: string,
  value: number | null,
  id: number,
  version: number,
  fields?: unknown,
): Promise<{ status: number; json: () => Promise<unknown> }> {
  const base = `/api/${path}/${id}/`;
  switch (action) {
    case 'assign':
      return call('PUT', `${base}assign/`, { assignee_id: value, version });
    case 'status':
      return call('PUT', base, { status_id: value, version });
    case 'priority':
      return call('PUT', base, { priority_id: value, version });
    case 'move':
      return call('POST', `${base}move/`, { hd_id: value, version });
    case 'classify': {
      // Adds one node to the record's classification (the call replaces the whole set).
      const now = await call('GET', `${base}classification/`);
      if (now.status !== 200) return now;
      const ids = ((await now.json()) as { data: { category_id: number }[] }).data.map(
        (n) => n.category_id,
      );
      if (value === null || ids.includes(value)) return now;
      return call('PUT', `${base}classification/`, { category_ids: [...ids, value] });
    }
    case 'tag_add':
      return call('POST', `${base}tags/`, { tag_id: value });
    case 'tag_remove':
      return call('DELETE', `${base}tags/${value}`);
    case 'field_set':
      return call('PUT', base, { fields, version });
    default:
      return call('DELETE', base);
  }
}

async function refusalOf(answer: { status: number; json: () => Promise<unknown> }, id: number) {
  if (answer.status === 200) return null;
  const stale = 'Someone else changed this record after you selected it.';
  if (answer.status === 404)
    return { id, code: 'not_found', reason: 'This record no longer exists.' } as const;
  if (answer.status === 409) return { id, code: 'stale', reason: stale } as const;
  const body = (await answer.json()) as { message?: string; fields?: Record<string, string> };
  const said = Object.values(body.fields ?? {})[0] ?? body.message ?? '';
  if (answer.status === 403) return { id, code: 'forbidden', reason: said } as const;
  if (answer.status === 400) return { id, code: 'invalid', reason: said } as const;
  return {
    id,
    code: 'failed',
    reason: 'This record could not be changed just now. Try again.',
  } as const;
}

const viewOf = (view: MockView, me: number) => ({
  ...view,
  owner_name: db.users.find((u) => u.id === view.owner_id)?.fullname ?? '',
  mine: view.owner_id === me,
});

const visibleViews = (me: number) =>
  db.savedViews
    .filter((v) => v.owner_id === me || v.shared)
    .sort((a, b) => compare(a.name, b.name) || a.id - b.id);

/** A valid body as stored: trimmed name, a known sort for its kind, shared defaulting to false. */
function viewInput(b: Record<string, unknown>) {
  const objectType: 'T' | 'C' = b.object_type === 'C' ? 'C' : 'T';
  if (!knownSort(objectType, String(b.sort))) {
    return { error: { sort: SORT_MESSAGE } };
  }
  const fieldProblems = listFieldProblems(
    objectType,
    (b.filters ?? {}) as Record<string, unknown>,
    String(b.sort),
    false,
  );
  if (fieldProblems) return { error: fieldProblems };
  return {
    input: {
      name: String(b.name).trim(),
      object_type: objectType,
      shared: b.shared === true,
      filters: b.filters as Record<string, unknown>,
      sort: String(b.sort),
      columns: b.columns as string[],
    },
  };
}

/** 404 when the caller cannot see the view, 403 when they see it (shared) but do not own it. */
function ownView(me: number, id: number) {
  const view = visibleViews(me).find((v) => v.id === id);
  if (!view) return fail(404, 'Not Found', NOT_FOUND);
  if (view.owner_id !== me) return fail(403, 'Forbidden', 'Only the owner can change this view.');
  return view;
}

export function bulkViewsHandlers() {
  return [
    http.post(
      '/api/records/bulk',
      authed(async (user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const b = await bodyOf(request);
        const type = b.object_type === 'C' ? 'C' : 'T';
        const action = String(b.action);
        const value = (b.value as number | null | undefined) ?? null;
        if ((b.records === undefined) === (b.filter === undefined)) {
          return invalid({ records: 'Send either records or a list filter.' });
        }
        if (action === 'field_set') {
          const problem = bulkFieldProblem(type, b.fields);
          if (problem) return invalid(problem);
        } else if (
          action !== 'delete' &&
          (b.value === undefined || (b.value === null && action !== 'assign'))
        ) {
          return invalid({ value: 'Choose a value for this action.' });
        }
        if (action === 'priority' && type === 'C') {
          return invalid({ action: 'Content items have no priority.' });
        }
        const filter = (b.filter ?? {}) as { filters?: Record<string, unknown>; sort?: string };
        const sort = filter.sort ?? '-created_at';
        if (!knownSort(type, sort)) return invalid({ sort: SORT_MESSAGE });
        const fieldProblems = listFieldProblems(type, filter.filters ?? {}, sort, false);
        if (fieldProblems) return invalid(fieldProblems);

        let chosen: { id: number; version?: number }[];
        let capped = false;
        if (b.records) {
          const seen = new Set<number>();
          chosen = (b.records as { id: number; version?: number }[]).filter(
            (r) => !seen.has(r.id) && seen.add(r.id),
          );
        } else {
          // The hd list with that filter, in the list's order.
          const all = sortedListRows(user, type, filter.filters ?? {}, sort);
          capped = all.length > CAP;
          chosen = all.slice(0, CAP).map((r) => ({ id: r.id }));
        }
        const current = new Map(
          db.records.filter((r) => r.object_type === type).map((r) => [r.id, r.version]),
        );
        const headers = {
          authorization: request.headers.get('authorization') ?? '',
          [BULK_CALL]: '1',
        };
        const call: Call = (method, path, body) =>
          fetch(new URL(path, request.url), {
            method,
            headers:
              body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        const path = type === 'T' ? 'ticket' : 'content';
        const outcomes: (Refusal | null)[] = new Array(chosen.length).fill(null);
        let next = 0;
        const worker = async () => {
          while (next < chosen.length) {
            const i = next++;
            const one = chosen[i];
            const now = current.get(one.id);
            if (now === undefined) {
              outcomes[i] = {
                id: one.id,
                code: 'not_found',
                reason: 'This record no longer exists.',
              };
            } else if (one.version !== undefined && one.version !== now) {
              outcomes[i] = {
                id: one.id,
                code: 'stale',
                reason: 'Someone else changed this record after you selected it.',
              };
            } else {
              const answer = await dispatch(
                call,
                path,
                action,
                value,
                one.id,
                one.version ?? now,
                b.fields,
              );
              outcomes[i] = await refusalOf(answer, one.id);
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL, chosen.length) }, worker));
        return ok({
          action,
          succeeded: chosen.filter((_, i) => outcomes[i] === null).map((r) => r.id),
          refused: outcomes.filter((o): o is Refusal => o !== null),
          capped,
          cap: CAP,
        });
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
            // A view whose field is no longer active counts nothing (the server's 400 caught).
            count: listFieldProblems(v.object_type, v.filters, v.sort, false)
              ? 0
              : listRows(user, v.object_type, 'hd', v.filters).length,
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
        if (!input) return invalid(error);
        if (input.shared && !user.user_is_admin) return fail(403, 'Forbidden', ADMINS_ONLY);
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
        const view = ownView(user.id, Number(params.id));
        if (view instanceof Response) return view;
        const { input, error } = viewInput(await bodyOf(request));
        if (!input) return invalid(error);
        if ((input.shared || view.shared) && !user.user_is_admin) {
          return fail(403, 'Forbidden', ADMINS_ONLY);
        }
        Object.assign(view, input, { updated_at: new Date().toISOString() });
        return ok(viewOf(view, user.id));
      }),
    ),
    http.delete(
      '/api/views/{id}/',
      authed((user, { params }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const view = ownView(user.id, Number(params.id));
        if (view instanceof Response) return view;
        if (view.shared && !user.user_is_admin) return fail(403, 'Forbidden', ADMINS_ONLY);
        db.savedViews = db.savedViews.filter((v) => v !== view);
        return ok({ id: view.id });
      }),
    ),
  ];
}
