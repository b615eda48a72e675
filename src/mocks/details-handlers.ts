import type { Macro, TimelineEntry } from '../features/records/details-types';
import type { HdRecord } from '../features/records/types';
import type { ApiData } from '../lib/api-client';
import { accessOf, present, readable } from './access';
import type { MockUser } from './access';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { personName, PRIORITIES, STATUSES } from './records-data';
import { isFollowing, publicMessage } from './thread-handlers';
import { classificationOf, relatedOf, sharedList } from './work-handlers';

/** The details call and macros (docs/api-records.md "Details", "Macros"). */
const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const AGENTS_ONLY = 'Only helpdesk agents can use macros.';
const PAGE = 50;

function timeline(record: HdRecord, agent: boolean): TimelineEntry[] {
  const messages: TimelineEntry[] = db.work.messages
    .filter((m) => m.record_id === record.id && (agent || m.thread === 'communication'))
    .map((m) => ({
      type: 'message',
      cursor: `${m.created_at}~1~${m.id}`,
      created_at: m.created_at,
      message: publicMessage(m),
      event: null,
    }));
  const events: TimelineEntry[] = db.events
    .filter(
      (e) =>
        e.record_id === record.id &&
        (agent || !e.internal) &&
        !['message_added', 'worklog_added'].includes(e.action),
    )
    .map((e) => ({
      type: 'event',
      cursor: `${e.created_at}~0~${e.id}`,
      created_at: e.created_at,
      message: null,
      event: {
        id: e.id,
        action: e.action,
        actor_id: e.actor_id,
        actor_name: personName(e.actor_id),
        details: e.details,
        created_at: e.created_at,
      },
    }));
  // Newest first: by time, then messages before events, then id (as the server orders them).
  const key = (e: TimelineEntry) => e.cursor.split('~');
  return [...messages, ...events].sort((a, b) => {
    const [at, ar, ai] = key(a);
    const [bt, br, bi] = key(b);
    return bt.localeCompare(at) || Number(br) - Number(ar) || Number(bi) - Number(ai);
  });
}

function details(user: MockUser, record: HdRecord, before: string | null) {
  const access = accessOf(user, record) ?? 'reader';
  const agent = access === 'agent';
  const owner = access === 'owner';
  const takePart = access !== 'reader';
  const all = takePart ? timeline(record, agent) : [];
  const start = before ? all.findIndex((e) => e.cursor === before) + 1 : 0;
  const page = all.slice(start, start + PAGE);
  const change = owner || agent;
  return {
    record: present(user, record),
    timeline: {
      entries: page,
      next_cursor: start + PAGE < all.length ? page[page.length - 1].cursor : null,
    },
    attachments: db.work.attachments
      .filter((a) => a.record_id === record.id)
      .map(({ content: _c, record_id: _r, object_type: _o, ...a }) => ({ ...a, message_id: null })),
    classification: classificationOf(record.id),
    related: relatedOf(user, record.id),
    shared_with: takePart ? sharedList(record.id) : [],
    following: isFollowing(user, record),
    permissions: {
      edit: change,
      change_status: user.user_is_hde || (owner && record.object_type === 'T'),
      reply: takePart,
      note: agent,
      forward: agent,
      worklog: agent,
      assign: agent,
      move: agent,
      duplicate: agent,
      delete: agent || (owner && record.is_draft),
      share: change,
      classify: change,
      relate: change,
      follow: true,
      attach: takePart,
    },
    send_as: !takePart
      ? []
      : agent
        ? [
            { value: 'agent', label: user.fullname },
            { value: 'helpdesk', label: record.hd_name },
          ]
        : [{ value: 'self', label: user.fullname }],
  };
}

const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;

function macroOf(b: Record<string, unknown>, id: number): Macro | Record<string, string> {
  const name = typeof b.name === 'string' ? b.name.trim() : '';
  if (!name || name.length > 100) return { name: 'Name must be 1 to 100 characters.' };
  const taken = db.macros.some((m) => m.id !== id && m.name.toLowerCase() === name.toLowerCase());
  if (taken) return { name: 'A macro with this name already exists.' };
  const statusId = int(b.status_id);
  const priorityId = int(b.priority_id);
  const assigneeId = int(b.assignee_id);
  return {
    id,
    name,
    body: typeof b.body === 'string' ? b.body : '',
    status_id: statusId,
    status_name: STATUSES.find((s) => s.status_id === statusId)?.status_name ?? null,
    priority_id: priorityId,
    priority_name: PRIORITIES.find((p) => p.priority_id === priorityId)?.priority_name ?? null,
    assignee_id: assigneeId,
    assignee_name: personName(assigneeId),
    category_ids: Array.isArray(b.category_ids)
      ? b.category_ids.filter((c) => int(c) !== null)
      : [],
    updated_at: new Date().toISOString(),
  };
}

export function detailsHandlers() {
  const agentsOnly = <Info extends { request: Request }, Answer>(
    handler: (user: MockUser, info: Info) => Answer,
  ) =>
    authed((user: MockUser, info: Info) =>
      user.user_is_hde ? handler(user, info) : fail(403, 'Forbidden', AGENTS_ONLY),
    );
  return [
    http.get(
      '/api/ticket/{id}/details/',
      authed((user, { params, request }) => {
        const record = readable(user, 'T', Number(params.id));
        if (!record) return fail(404, 'Not Found', NOT_FOUND);
        const before = new URL(request.url).searchParams.get('before');
        return ok(details(user, record, before) as ApiData<'/api/ticket/{id}/details/', 'get'>);
      }),
    ),
    http.get(
      '/api/content/{id}/details/',
      authed((user, { params, request }) => {
        const record = readable(user, 'C', Number(params.id));
        if (!record) return fail(404, 'Not Found', NOT_FOUND);
        const before = new URL(request.url).searchParams.get('before');
        return ok(details(user, record, before) as ApiData<'/api/content/{id}/details/', 'get'>);
      }),
    ),
    http.get(
      '/api/macros',
      agentsOnly(() => ok([...db.macros].sort((a, b) => a.name.localeCompare(b.name)))),
    ),
    http.get(
      '/api/macros/{id}',
      agentsOnly((_user, { params }) => {
        const macro = db.macros.find((m) => m.id === Number(params.id));
        return macro ? ok(macro) : fail(404, 'Not Found', 'This macro does not exist.');
      }),
    ),
    http.post(
      '/api/macros',
      agentsOnly(async (_user, { request }) => {
        const made = macroOf(await bodyOf(request), db.nextMacroId);
        if (!('id' in made)) return fail(400, 'Bad Request', 'Validation failed', made);
        db.nextMacroId += 1;
        db.macros.push(made as Macro);
        return ok(made as Macro);
      }),
    ),
    http.put(
      '/api/macros/{id}',
      agentsOnly(async (_user, { request, params }) => {
        const id = Number(params.id);
        const at = db.macros.findIndex((m) => m.id === id);
        if (at < 0) return fail(404, 'Not Found', 'This macro does not exist.');
        const made = macroOf(await bodyOf(request), id);
        if (!('id' in made)) return fail(400, 'Bad Request', 'Validation failed', made);
        db.macros[at] = made as Macro;
        return ok(made as Macro);
      }),
    ),
    http.delete(
      '/api/macros/{id}',
      agentsOnly((_user, { params }) => {
        const id = Number(params.id);
        if (!db.macros.some((m) => m.id === id)) {
          return fail(404, 'Not Found', 'This macro does not exist.');
        }
        db.macros = db.macros.filter((m) => m.id !== id);
        return ok({ id });
      }),
    ),
  ];
}
