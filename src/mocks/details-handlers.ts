import type { Macro, TimelineEntry } from '../features/records/details-types';
import type { HdRecord } from '../features/records/types';
import type { ApiData } from '../lib/api-client';
import { accessOf, nameOf, NOT_FOUND, present, readable } from './access';
import type { MockUser } from './access';
import { compare, recordNodes } from './category-data';
import { adminsOnly } from './admin-handlers';
import { db } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { sanitizeHtml } from '../lib/sanitize';
import { PRIORITIES, STATUSES } from './records-data';
import { publicMessage } from './thread-handlers';
import { mergedTarget } from './merge-handlers';
import { relatedOf, sharedList } from './work-handlers';
import { eventDetailsFor } from './custom-field-values';

/** The details call and macros (docs/api-records.md "Details", "Macros"). */
const AGENTS_ONLY = 'Only helpdesk agents can use macros.';
const PAGE = 50;

/** An entry's place in the timeline, as the server's cursor: time (µs), kind rank, id. */
const cursorOf = (at: string, rank: 0 | 1, id: number) => `${at.slice(0, 23)}000Z~${rank}~${id}`;

/** Newer first: by time, messages before events, then id (server/routes/details/sql.ts). */
function newerFirst(a: TimelineEntry, b: TimelineEntry): number {
  const [at, ar, ai] = a.cursor.split('~');
  const [bt, br, bi] = b.cursor.split('~');
  return bt.localeCompare(at) || Number(br) - Number(ar) || Number(bi) - Number(ai);
}

function timeline(record: HdRecord, agent: boolean): TimelineEntry[] {
  const messages: TimelineEntry[] = db.work.messages
    .filter((m) => m.record_id === record.id && (agent || m.thread === 'communication'))
    .map((m) => ({
      type: 'message',
      cursor: cursorOf(m.created_at, 1, m.id),
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
      cursor: cursorOf(e.created_at, 0, e.id),
      created_at: e.created_at,
      message: null,
      event: {
        id: e.id,
        action: e.action,
        actor_id: e.actor_id,
        actor_name: nameOf(e.actor_id),
        details: eventDetailsFor(agent, record.object_type, e.action, e.details),
        created_at: e.created_at,
      },
    }));
  return [...messages, ...events].sort(newerFirst);
}

function details(user: MockUser, record: HdRecord, before: string | null) {
  const access = accessOf(user, record) ?? 'reader';
  const agent = user.user_is_hde;
  const owner = access === 'owner';
  const takePart = access !== 'reader';
  const all = takePart ? timeline(record, agent) : [];
  const older = before
    ? all.filter((e) => newerFirst({ cursor: before } as TimelineEntry, e) < 0)
    : all;
  const page = older.slice(0, PAGE);
  const change = owner || agent;
  // A merged ticket answers with where it went (merge-handlers.ts).
  const merged = db.mergedInto.has(record.id)
    ? { merged_into: { id: mergedTarget(record.id) } }
    : {};
  return {
    ...merged,
    record: present(user, record),
    timeline: {
      entries: page,
      next_cursor: older.length > PAGE ? page[page.length - 1].cursor : null,
    },
    attachments: db.work.attachments
      .filter((a) => a.record_id === record.id)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
      .map(({ content: _c, record_id: _r, object_type: _o, ...a }) => ({
        ...a,
        uploaded_by_name: nameOf(a.uploaded_by_id),
        message_id: null,
      })),
    classification: recordNodes(record.id),
    related: relatedOf(user, record.id),
    shared_with: takePart ? sharedList(record.id) : [],
    following: present(user, record).following,
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
    // Who a message can go out as (as GET communication-from/): by role, not by access.
    send_as: !takePart
      ? []
      : user.user_is_hde
        ? [
            { value: 'agent', label: user.fullname },
            { value: 'helpdesk', label: record.hd_name },
          ]
        : [{ value: 'self', label: user.fullname }],
  };
}

/** A macro from a valid body, or the fields the server refuses (server/routes/macros/sql.ts). */
function macroOf(b: Record<string, unknown>, id: number): Macro | Record<string, string> {
  const name = String(b.name).trim();
  const statusId = (b.status_id as number | null | undefined) ?? null;
  const priorityId = (b.priority_id as number | null | undefined) ?? null;
  const assigneeId = (b.assignee_id as number | null | undefined) ?? null;
  const categoryIds = (b.category_ids as number[] | undefined) ?? [];
  const fields: Record<string, string> = {};
  if (
    statusId !== null &&
    !STATUSES.some((s) => s.status_id === statusId && s.object_type === 'T')
  ) {
    fields.status_id = 'Choose a status.';
  }
  if (assigneeId !== null && !db.users.some((u) => u.id === assigneeId && u.user_is_hde)) {
    fields.assignee_id = 'Choose a helpdesk agent.';
  }
  if (!categoryIds.every((c) => db.categories.some((node) => node.id === c))) {
    fields.category_ids = 'Choose categories from the classification.';
  }
  if (Object.keys(fields).length) return fields;
  if (db.macros.some((m) => m.id !== id && m.name.toLowerCase() === name.toLowerCase())) {
    return { name: 'A macro with this name already exists.' };
  }
  if (priorityId !== null && !PRIORITIES.some((p) => p.priority_id === priorityId)) {
    return { priority_id: 'Choose a priority.' };
  }
  return {
    id,
    name,
    body: typeof b.body === 'string' ? sanitizeHtml(b.body) : '',
    status_id: statusId,
    status_name: STATUSES.find((s) => s.status_id === statusId)?.status_name ?? null,
    priority_id: priorityId,
    priority_name: PRIORITIES.find((p) => p.priority_id === priorityId)?.priority_name ?? null,
    assignee_id: assigneeId,
    assignee_name: nameOf(assigneeId),
    category_ids: categoryIds,
    updated_at: new Date().toISOString(),
  };
}

/** A stored macro with its assignee's name as it is now. */
const shown = (m: Macro): Macro => ({ ...m, assignee_name: nameOf(m.assignee_id) });

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
        const record = readable(user, Number(params.id), 'T');
        if (!record) return fail(404, 'Not Found', NOT_FOUND);
        const before = new URL(request.url).searchParams.get('before');
        return ok(details(user, record, before) as ApiData<'/api/ticket/{id}/details/', 'get'>);
      }),
    ),
    http.get(
      '/api/content/{id}/details/',
      authed((user, { params, request }) => {
        const record = readable(user, Number(params.id), 'C');
        if (!record) return fail(404, 'Not Found', NOT_FOUND);
        const before = new URL(request.url).searchParams.get('before');
        return ok(details(user, record, before) as ApiData<'/api/content/{id}/details/', 'get'>);
      }),
    ),
    http.get(
      '/api/macros',
      agentsOnly(() =>
        ok(
          [...db.macros]
            .sort((a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id)
            .map(shown),
        ),
      ),
    ),
    http.get(
      '/api/macros/{id}',
      agentsOnly((_user, { params }) => {
        const macro = db.macros.find((m) => m.id === Number(params.id));
        return macro ? ok(shown(macro)) : fail(404, 'Not Found', 'This macro does not exist.');
      }),
    ),
    http.post(
      '/api/macros',
      adminsOnly(async (_user, { request }) => {
        const made = macroOf(await bodyOf(request), db.nextMacroId);
        if (!('id' in made)) return fail(400, 'Bad Request', 'Validation failed', made);
        db.nextMacroId += 1;
        db.macros.push(made as Macro);
        return ok(made as Macro);
      }),
    ),
    http.put(
      '/api/macros/{id}',
      adminsOnly(async (_user, { request, params }) => {
        const id = Number(params.id);
        const made = macroOf(await bodyOf(request), id);
        if (!('id' in made)) return fail(400, 'Bad Request', 'Validation failed', made);
        const at = db.macros.findIndex((m) => m.id === id);
        if (at < 0) return fail(404, 'Not Found', 'This macro does not exist.');
        db.macros[at] = made as Macro;
        return ok(made as Macro);
      }),
    ),
    http.delete(
      '/api/macros/{id}',
      adminsOnly((_user, { params }) => {
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
