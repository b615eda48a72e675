// Working a record (docs/api-working.md): sharing, relations, the agents' actions and history,
// with the server's rules (server/routes/sharing, relations, agent-actions, history).
import type { ContentItem, HdRecord, ObjectType } from '../features/records/types';
import {
  accessOf,
  NOT_FOUND,
  ownerOf,
  present,
  readable,
  refused,
  requireAccess,
  requireChangeable,
  requireReadable,
  titleOf,
  nameOf,
} from './access';
import { compare } from './category-data';
import { eventDetailsFor } from './custom-field-values';
import { db, logEvent, type MockLink } from './db';
import { adminState, worksOnDesk } from './desk-access';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { fold, HELPDESKS, makeContent, makeTicket, STATUSES } from './records-data';
import { queueMail } from './thread-handlers';

const CONFLICT = 'Someone else changed this record. The current version is shown.';
const LOOP_MESSAGE =
  'This link would make a record its own parent: parent links cannot form a loop.';
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);

/** The people a record is shared with, by name. */
export function sharedList(recordId: number) {
  return db.shares
    .filter((s) => s.record_id === recordId)
    .map((s) => ({ id: s.user_id, fullname: nameOf(s.user_id) ?? '' }))
    .sort((a, b) => compare(a.fullname, b.fullname) || a.id - b.id);
}

/** The related records the caller may read, by id. */
export function relatedOf(user: MockUser, recordId: number) {
  return db.relations
    .filter((rel) => rel.a === recordId || rel.b === recordId)
    .map((rel) => {
      const link = rel.link ?? 'related';
      const seen = rel.a === recordId ? link : INVERSE[link];
      return { seen, r: db.records.find((r) => r.id === (rel.a === recordId ? rel.b : rel.a)) };
    })
    .filter(
      (x): x is { seen: MockLink; r: HdRecord } =>
        x.r !== undefined && accessOf(user, x.r) !== null,
    )
    .sort((a, b) => a.r.id - b.r.id)
    .map(({ seen, r }) => ({
      id: r.id,
      object_type: r.object_type,
      title: titleOf(r),
      status_name: r.status_name,
      status_closed: STATUSES.some((s) => s.status_id === r.status_id && s.is_closed),
      link: seen,
    }));
}

/** Each link as the other side sees it. */
export const INVERSE: Record<MockLink, MockLink> = {
  related: 'related',
  parent_of: 'child_of',
  child_of: 'parent_of',
  duplicate_of: 'has_duplicate',
  has_duplicate: 'duplicate_of',
};

/** The parents of a record (through parent/child links), but not through the pair a–b. */
function parentsOf(id: number, a: number, b: number): number[] {
  return db.relations
    .filter((rel) => !((rel.a === a && rel.b === b) || (rel.a === b && rel.b === a)))
    .flatMap((rel) => {
      if (rel.b === id && rel.link === 'parent_of') return [rel.a];
      if (rel.a === id && rel.link === 'child_of') return [rel.b];
      return [];
    });
}

/** Whether `child` is already an ancestor of `parent` (a loop if linked). */
export function wouldLoop(parent: number, child: number): boolean {
  const seen = new Set<number>();
  const todo = [parent];
  while (todo.length) {
    const id = todo.pop() as number;
    if (id === child) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...parentsOf(id, parent, child));
  }
  return false;
}

/** A new version of a record with some fields changed (an agent's action). */
function rebuild<R extends HdRecord>(record: R, changes: Record<string, unknown>): R {
  const base = {
    ...record,
    ...changes,
    version: record.version + 1,
    updated_at: new Date().toISOString(),
  };
  const next = (
    base.object_type === 'T'
      ? makeTicket(record.id, base as Parameters<typeof makeTicket>[1])
      : makeContent(record.id, base as Parameters<typeof makeContent>[1])
  ) as R;
  db.records = db.records.map((r) => (r.id === next.id ? next : r));
  return next;
}

export function workHandlers() {
  const people = http.get(
    '/api/search/user/by-id/{text}',
    authed((user, { params }) => {
      const text = String(params.text).trim();
      const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
      const wanted = fold(text);
      const found = db.users
        .filter(
          (u) =>
            u.confirmed &&
            u.id !== user.id &&
            (u.id === id || fold(u.fullname).includes(wanted) || fold(u.email).includes(wanted)),
        )
        .sort(
          (a, b) =>
            Number(b.id === id) - Number(a.id === id) ||
            compare(a.fullname, b.fullname) ||
            a.id - b.id,
        )
        .slice(0, 10)
        .map((u) => ({
          id: u.id,
          fullname: u.fullname,
          ...(user.user_is_hde ? { email: u.email } : {}),
        }));
      return ok(found);
    }),
  );

  /** Up to ten readable, submitted records of a kind whose title holds the text, newest first. */
  const candidates = (user: MockUser, type: ObjectType, b: Record<string, unknown>) => {
    const text = fold(String(b.text).trim());
    if (!text) return [];
    return db.records
      .filter(
        (r) =>
          r.object_type === type &&
          !r.is_draft &&
          r.id !== b.exclude_id &&
          fold(titleOf(r)).includes(text) &&
          accessOf(user, r) !== null,
      )
      .sort((a, b2) => b2.id - a.id)
      .slice(0, 10);
  };
  /** A readable, submitted record by id. */
  const titled = (user: MockUser, type: ObjectType, id: number) => {
    const r = readable(user, id, type);
    return r && !r.is_draft ? r : undefined;
  };

  const relationSearch = [
    http.post(
      '/api/search/ticket/by-subject',
      authed(async (user, { request }) => {
        const hits = candidates(user, 'T', await bodyOf(request));
        return ok(hits.map((r) => ({ id: r.id, subject: titleOf(r) })));
      }),
    ),
    http.post(
      '/api/search/content/by-title',
      authed(async (user, { request }) => {
        const hits = candidates(user, 'C', await bodyOf(request));
        return ok(hits.map((r) => ({ id: r.id, title: titleOf(r) })));
      }),
    ),
    http.get(
      '/api/search/ticket/subject-by-id/{id}',
      authed((user, { params }) => {
        const r = titled(user, 'T', Number(params.id));
        return r ? ok({ id: r.id, subject: titleOf(r) }) : notFound();
      }),
    ),
    http.get(
      '/api/search/content/title-by-id/{id}',
      authed((user, { params }) => {
        const r = titled(user, 'C', Number(params.id));
        return r ? ok({ id: r.id, title: titleOf(r) }) : notFound();
      }),
    ),
    http.get(
      '/api/agents/',
      authed((user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', 'Only helpdesk agents can do this.');
        // With the record's desk: only the agents who may work on it (the assign rule).
        const hd = new URL(request.url).searchParams.get('hd_id');
        const { inactive } = adminState();
        return ok(
          db.users
            .filter((u) => u.user_is_hde && u.confirmed && !inactive.has(u.id))
            .filter((u) => hd === null || worksOnDesk(u.id, Number(hd)))
            .sort((a, b) => compare(a.fullname, b.fullname) || a.id - b.id)
            .map((u) => ({ id: u.id, fullname: u.fullname })),
        );
      }),
    ),
  ];

  const perKind = (['ticket', 'content'] as const).flatMap((path) => {
    const type: ObjectType = path === 'ticket' ? 'T' : 'C';
    /** An agents' change at the record's version: 404, 403, then 409 with the current record. */
    const atVersion = async (user: MockUser, id: number, request: Request) => {
      const record = requireAccess(user, 'agent', id, type);
      const b = await bodyOf(request);
      if (refused(record)) return { b, record, error: record };
      if (b.version !== record.version) {
        const current = present(user, record);
        return { b, record, error: fail(409, 'Conflict', CONFLICT, undefined, { current }) };
      }
      return { b, record, error: null };
    };
    /** Relate or unrelate: both records' history says so. */
    const logBoth = (
      user: MockUser,
      record: HdRecord,
      other: HdRecord,
      action: 'related' | 'unrelated',
    ) => {
      logEvent(record.id, user.id, action, { title: titleOf(other) });
      logEvent(other.id, user.id, action, { title: titleOf(record) });
    };
    const isPair = (record: number, other: number) => (rel: { a: number; b: number }) =>
      (rel.a === record && rel.b === other) || (rel.a === other && rel.b === record);

    return [
      http.get(
        `/api/${path}/{id}/shared-with/` as const,
        authed((user, { params }) => {
          const record = requireReadable(user, type, Number(params.id));
          return refused(record) ? record : ok(sharedList(record.id));
        }),
      ),
      http.put(
        `/api/${path}/{id}/shared-with/` as const,
        authed(async (user, { request, params }) => {
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          const ids = [...new Set((await bodyOf(request)).user_ids as number[])];
          if (!ids.every((id) => db.users.some((u) => u.id === id && u.confirmed))) {
            return invalid({ user_ids: 'Choose people from the list.' });
          }
          const wanted = ids.filter((id) => id !== ownerOf(record));
          const before = db.shares.filter((s) => s.record_id === record.id).map((s) => s.user_id);
          const changed =
            before.length !== wanted.length || before.some((id) => !wanted.includes(id));
          db.shares = [
            ...db.shares.filter((s) => s.record_id !== record.id),
            ...wanted.map((user_id) => ({ record_id: record.id, user_id })),
          ];
          const list = sharedList(record.id);
          if (changed)
            logEvent(record.id, user.id, 'shared', { names: list.map((p) => p.fullname) });
          return ok(list);
        }),
      ),
      http.get(
        `/api/${path}/{id}/related/` as const,
        authed((user, { params }) => {
          // Part of reading a searchable article.
          const record = requireReadable(user, type, Number(params.id), { readers: true });
          return refused(record) ? record : ok(relatedOf(user, record.id));
        }),
      ),
      http.post(
        `/api/${path}/{id}/related/` as const,
        authed(async (user, { request, params }) => {
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          const body = await bodyOf(request);
          const otherId = body.related_id as number;
          const link = body.link as MockLink | undefined;
          if (otherId === record.id) {
            return invalid({ related_id: 'A record cannot be related to itself.' });
          }
          const other = readable(user, otherId);
          if (!other) return notFound();
          if (link === 'parent_of' || link === 'child_of') {
            const [parent, child] =
              link === 'parent_of' ? [record.id, other.id] : [other.id, record.id];
            if (wouldLoop(parent, child)) return fail(409, 'Conflict', LOOP_MESSAGE);
          }
          // Stored as seen from the smaller id.
          const stored =
            link === undefined ? 'related' : record.id < other.id ? link : INVERSE[link];
          const existing = db.relations.find(isPair(record.id, other.id));
          const typed = link !== undefined && link !== 'related';
          const log = () => {
            if (!typed) return logBoth(user, record, other, 'related');
            logEvent(record.id, user.id, 'related', { title: titleOf(other), link });
            logEvent(other.id, user.id, 'related', { title: titleOf(record), link: INVERSE[link] });
          };
          if (!existing) {
            db.relations.push({
              a: Math.min(record.id, other.id),
              b: Math.max(record.id, other.id),
              ...(stored === 'related' ? {} : { link: stored }),
            });
            log();
          } else if (link !== undefined && (existing.link ?? 'related') !== stored) {
            existing.link = stored;
            log();
          }
          return ok(relatedOf(user, record.id));
        }),
      ),
      http.delete(
        `/api/${path}/{id}/related/{related_id}` as const,
        authed((user, { params }) => {
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          const other = readable(user, Number(params.related_id));
          if (!other) return notFound();
          if (db.relations.some(isPair(record.id, other.id))) {
            db.relations = db.relations.filter((rel) => !isPair(record.id, other.id)(rel));
            logBoth(user, record, other, 'unrelated');
          }
          return ok(relatedOf(user, record.id));
        }),
      ),
      http.post(
        `/api/${path}/{id}/move/` as const,
        authed(async (user, { request, params }) => {
          const { b, record, error } = await atVersion(user, Number(params.id), request);
          if (error) return error;
          const desk = HELPDESKS.find((hd) => hd.hd_id === b.hd_id && hd.object_type === type);
          if (!desk) return invalid({ hd_id: 'Choose a help desk.' });
          const next = rebuild(record, { hd_id: desk.hd_id });
          logEvent(record.id, user.id, 'moved', { from: record.hd_name, to: desk.hd_name });
          return ok(present(user, next));
        }),
      ),
      http.post(
        `/api/${path}/{id}/duplicate/` as const,
        authed((user, { params }) => {
          const record = requireAccess(user, 'agent', Number(params.id), type);
          if (refused(record)) return record;
          // Same fields, owner, classification and shares; no assignee, the first status.
          const id = db.nextRecordId++;
          const now = new Date().toISOString();
          const fields = {
            ...record,
            status_id: type === 'T' ? 1 : 6,
            assignee_id: null,
            searchable: false,
            is_public: false,
            is_draft: false,
            version: 1,
            created_at: now,
            updated_at: now,
          };
          const copy =
            fields.object_type === 'T'
              ? makeTicket(id, fields)
              : makeContent(id, fields as Parameters<typeof makeContent>[1]);
          db.records.push(copy);
          const copied = <T extends { record_id: number }>(rows: T[]) =>
            rows
              .filter((row) => row.record_id === record.id)
              .map((row) => ({ ...row, record_id: id }));
          db.shares.push(...copied(db.shares));
          db.recordCategories.push(...copied(db.recordCategories));
          logEvent(record.id, user.id, 'duplicated', { copy_id: id });
          logEvent(id, user.id, 'duplicated', { source_id: record.id });
          return ok(present(user, copy));
        }),
      ),
      http.put(
        `/api/${path}/{id}/assign/` as const,
        authed(async (user, { request, params }) => {
          const { b, record, error } = await atVersion(user, Number(params.id), request);
          if (error) return error;
          const to = b.assignee_id as number | null;
          const agent = db.users.find((u) => u.id === to && u.user_is_hde && u.confirmed);
          if (to !== null && !agent) return invalid({ assignee_id: 'Choose a helpdesk agent.' });
          const next = rebuild(record, { assignee_id: to });
          logEvent(record.id, user.id, 'assigned', { to: agent?.fullname ?? null });
          // The new assignee hears that the record is theirs (not when they took it themselves).
          if (agent && agent.id !== user.id) queueMail(record, agent.email, 'assigned');
          return ok(present(user, next));
        }),
      ),
      http.get(
        `/api/${path}/{id}/history/` as const,
        authed((user, { params }) => {
          const record = requireReadable(user, type, Number(params.id));
          if (refused(record)) return record;
          return ok(
            db.events
              .filter((e) => e.record_id === record.id && (!e.internal || user.user_is_hde))
              .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
              .map((e) => ({
                id: e.id,
                action: e.action,
                actor_id: e.actor_id,
                actor_name: nameOf(e.actor_id),
                details: eventDetailsFor(user.user_is_hde, type, e.action, e.details),
                created_at: e.created_at,
              })),
          );
        }),
      ),
    ];
  });

  const searchable = http.put(
    '/api/content/{id}/searchable/',
    authed(async (user, { params, request }) => {
      const found = requireAccess(user, 'agent', Number(params.id), 'C');
      if (refused(found)) return found;
      const record = found as ContentItem;
      const b = await bodyOf(request);
      if (b.version !== record.version) {
        return fail(409, 'Conflict', CONFLICT, undefined, { current: present(user, record) });
      }
      const next = rebuild(record, { searchable: b.searchable });
      logEvent(record.id, user.id, 'searchable_changed', { searchable: b.searchable });
      return ok(present(user, next));
    }),
  );

  // The help centre's visibility (server/help-centre): as searchable, its own flag and event.
  const publicToggle = http.put(
    '/api/content/{id}/public/',
    authed(async (user, { params, request }) => {
      const found = requireAccess(user, 'agent', Number(params.id), 'C');
      if (refused(found)) return found;
      const record = found as ContentItem;
      const b = await bodyOf(request);
      if (b.version !== record.version) {
        return fail(409, 'Conflict', CONFLICT, undefined, { current: present(user, record) });
      }
      const next = rebuild(record, { is_public: b.is_public });
      logEvent(record.id, user.id, 'public_changed', { is_public: b.is_public });
      return ok(present(user, next));
    }),
  );

  return [people, ...relationSearch, ...perKind, searchable, publicToggle];
}
