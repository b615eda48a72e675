import type { HdRecord, ObjectType } from '../features/records/types';
import { accessOf, ownerOf, present, readable, workable } from './access';
import type { MockUser } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok, type RecordInfo } from './http';
import { HELPDESKS, helpdeskName, makeContent, makeTicket, personName } from './records-data';
import { CATEGORIES, categoryNode, categoryRoot } from './taxonomy-data';

/** Sharing, classification, relations, agent actions and history (docs/api-working.md). */
const NOT_FOUND = 'Sorry! the data you are looking for could not be found';
const CONFLICT = 'Someone else changed this record. The current version is shown.';
const AGENTS_ONLY = 'Only helpdesk agents can do this.';

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const titleOf = (r: HdRecord) => (r.object_type === 'T' ? r.subject : r.title);
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const forbidden = (message: string) => fail(403, 'Forbidden', message);
const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

export function sharedList(recordId: number) {
  return db.shares
    .filter((s) => s.record_id === recordId)
    .map((s) => ({ id: s.user_id, fullname: personName(s.user_id) ?? '' }));
}

export function classificationOf(recordId: number) {
  return db.recordCategories
    .filter((rc) => rc.record_id === recordId)
    .map((rc) => CATEGORIES.find((c) => c.id === rc.category_id))
    .filter((c) => c !== undefined)
    .map((c) => categoryNode(c));
}

export function relatedOf(user: MockUser, recordId: number) {
  const ids = db.relations
    .filter((rel) => rel.a === recordId || rel.b === recordId)
    .map((rel) => (rel.a === recordId ? rel.b : rel.a));
  return ids
    .map((id) => db.records.find((r) => r.id === id))
    .filter((r): r is HdRecord => r !== undefined && accessOf(user, r) !== null)
    .map((r) => ({
      id: r.id,
      object_type: r.object_type,
      title: titleOf(r),
      status_name: r.status_name,
    }));
}

function replace<R extends HdRecord>(next: R): R {
  db.records = db.records.map((r) => (r.id === next.id ? next : r));
  return next;
}

/** A copy of a record as its kind's builder makes it, with some fields changed. */
function rebuild<R extends HdRecord>(record: R, changes: Record<string, unknown>): R {
  const now = new Date().toISOString();
  const base = { ...record, ...changes, version: record.version + 1, updated_at: now };
  // The builder of the record's own kind, so R (Ticket or ContentItem) is what comes back. The
  // API shows no assignee on a content item, so none is kept.
  if (base.object_type === 'T') {
    return makeTicket(record.id, { ...base, object_type: 'T' } as Parameters<
      typeof makeTicket
    >[1]) as R;
  }
  return makeContent(record.id, {
    ...base,
    object_type: 'C',
  } as Parameters<typeof makeContent>[1]) as R;
}

export function workHandlers() {
  const people = http.get(
    '/api/search/user/by-id/{text}',

    authed((user, { params }) => {
      const text = fold(String(params.text ?? '').trim());
      const found = db.users
        .filter(
          (u) =>
            text &&
            (fold(u.fullname).includes(text) ||
              fold(u.email).includes(text) ||
              String(u.id) === text),
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

  const taxonomy = [
    http.get(
      '/api/classification/',

      authed(() => ok(CATEGORIES.filter((c) => c.parent_id === null).map(categoryRoot))),
    ),
    http.get(
      '/api/classification/sub-nodes/{id}',

      authed((_user, { params }) =>
        ok(CATEGORIES.filter((c) => c.parent_id === Number(params.id)).map((c) => categoryNode(c))),
      ),
    ),
    http.get(
      '/api/classification/by-name/{name}',

      authed((_user, { params }) => {
        const name = fold(String(params.name ?? '').trim());
        return ok(
          CATEGORIES.filter((c) => name && fold(c.name).includes(name))
            .slice(0, 50)
            .map((c) => categoryNode(c)),
        );
      }),
    ),
    http.get(
      '/api/classification/favorite',

      authed((user) =>
        ok(
          db.favorites
            .filter((f) => f.user_id === user.id)
            .map((f) => CATEGORIES.find((c) => c.id === f.category_id))
            .filter((c) => c !== undefined)
            .map((c) => categoryNode(c)),
        ),
      ),
    ),
    http.post(
      '/api/classification/favorite',

      authed(async (user, { request }) => {
        const b = await bodyOf(request);
        const category = CATEGORIES.find((c) => c.id === b.category_id);
        if (!category) return invalid({ category_id: 'Choose a category.' });
        if (db.favorites.some((f) => f.user_id === user.id && f.category_id === category.id)) {
          return fail(409, 'Conflict', 'This category is already a favourite.');
        }
        db.favorites.push({ user_id: user.id, category_id: category.id });
        return ok(categoryNode(category));
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

  /** The first ten readable records of a kind whose title holds the typed text. */
  const relatedCandidates = (
    user: Parameters<typeof accessOf>[0],
    type: 'T' | 'C',
    b: Awaited<ReturnType<typeof bodyOf>>,
  ) => {
    const text = fold(typeof b.text === 'string' ? b.text.trim() : '');
    if (!text) return [];
    return db.records
      .filter(
        (r) =>
          r.object_type === type &&
          r.id !== b.exclude_id &&
          fold(titleOf(r)).includes(text) &&
          accessOf(user, r) !== null,
      )
      .slice(0, 10);
  };

  const relationSearch = [
    http.post(
      '/api/search/ticket/by-subject',

      authed(async (user, { request }) => {
        const hits = relatedCandidates(user, 'T', await bodyOf(request));
        return ok(hits.map((r) => ({ id: r.id, subject: titleOf(r) })));
      }),
    ),
    http.post(
      '/api/search/content/by-title',

      authed(async (user, { request }) => {
        const hits = relatedCandidates(user, 'C', await bodyOf(request));
        return ok(hits.map((r) => ({ id: r.id, title: titleOf(r) })));
      }),
    ),
    http.get(
      '/api/search/ticket/subject-by-id/{id}',

      authed((user, { params }) => {
        const r = readable(user, 'T', Number(params.id));
        return r ? ok({ id: r.id, subject: titleOf(r) }) : notFound();
      }),
    ),
    http.get(
      '/api/search/content/title-by-id/{id}',

      authed((user, { params }) => {
        const r = readable(user, 'C', Number(params.id));
        return r ? ok({ id: r.id, title: titleOf(r) }) : notFound();
      }),
    ),
    http.get(
      '/api/agents/',

      authed((user) =>
        user.user_is_hde
          ? ok(
              db.users
                .filter((u) => u.user_is_hde)
                .map((u) => ({ id: u.id, fullname: u.fullname })),
            )
          : forbidden(AGENTS_ONLY),
      ),
    ),
  ];

  const perKind = (['ticket', 'content'] as const).flatMap((path) => {
    const type: ObjectType = path === 'ticket' ? 'T' : 'C';
    /** Owner or agent (edit rights); shared users get 403; others 404. */
    const editable =
      <Info extends RecordInfo, Answer>(
        handler: (user: MockUser, record: HdRecord, info: Info) => Answer,
      ) =>
      (user: MockUser, info: Info) => {
        const record = workable(user, type, Number(info.params.id));
        if (!record) return notFound();
        if (accessOf(user, record) === 'shared') {
          return forbidden('Only the owner or an agent can change this record.');
        }
        return handler(user, record, info);
      };
    const agentOnly =
      <Info extends RecordInfo, Answer>(
        handler: (user: MockUser, record: HdRecord, info: Info) => Answer,
      ) =>
      (user: MockUser, info: Info) => {
        const record = workable(user, type, Number(info.params.id));
        if (!record) return notFound();
        if (!user.user_is_hde) return forbidden(AGENTS_ONLY);
        return handler(user, record, info);
      };
    const versioned = async (request: Request, record: HdRecord) => {
      const b = await bodyOf(request);
      if (!isId(b.version)) return { b, error: invalid({ version: 'Version is required.' }) };
      if (b.version !== record.version) {
        return { b, error: fail(409, 'Conflict', CONFLICT, undefined, { current: record }) };
      }
      return { b, error: null };
    };
    return [
      http.get(
        `/api/${path}/{id}/shared-with/` as const,

        authed((user, { params }) => {
          const record = workable(user, type, Number(params.id));
          return record ? ok(sharedList(record.id)) : notFound();
        }),
      ),
      http.put(
        `/api/${path}/{id}/shared-with/` as const,

        authed(
          editable(async (user, record, { request }) => {
            const b = await bodyOf(request);
            const ids = Array.isArray(b.user_ids) ? b.user_ids.filter(isId) : null;
            if (!ids) return invalid({ user_ids: 'user_ids must be a list of user ids.' });
            const wanted = [...new Set(ids)].filter(
              (id) => id !== ownerOf(record) && db.users.some((u) => u.id === id),
            );
            db.shares = db.shares.filter((s) => s.record_id !== record.id);
            db.shares.push(...wanted.map((id) => ({ record_id: record.id, user_id: id })));
            const list = sharedList(record.id);
            logEvent(record.id, user.id, 'shared', { names: list.map((p) => p.fullname) });
            return ok(list);
          }),
        ),
      ),
      http.get(
        `/api/${path}/{id}/classification/` as const,

        authed((user, { params }) => {
          const record = readable(user, type, Number(params.id));
          return record ? ok(classificationOf(record.id)) : notFound();
        }),
      ),
      http.put(
        `/api/${path}/{id}/classification/` as const,

        authed(
          editable(async (user, record, { request }) => {
            const b = await bodyOf(request);
            const ids = Array.isArray(b.category_ids) ? b.category_ids.filter(isId) : null;
            if (!ids || ids.some((id) => !CATEGORIES.some((c) => c.id === id))) {
              return invalid({ category_ids: 'Choose existing categories.' });
            }
            db.recordCategories = db.recordCategories.filter((rc) => rc.record_id !== record.id);
            db.recordCategories.push(
              ...[...new Set(ids)].map((id) => ({ record_id: record.id, category_id: id })),
            );
            const nodes = classificationOf(record.id);
            logEvent(record.id, user.id, 'classified', {
              names: nodes.map((n) => n.category_name),
            });
            return ok(nodes);
          }),
        ),
      ),
      http.get(
        `/api/${path}/{id}/related/` as const,

        authed((user, { params }) => {
          const record = readable(user, type, Number(params.id));
          return record ? ok(relatedOf(user, record.id)) : notFound();
        }),
      ),
      http.post(
        `/api/${path}/{id}/related/` as const,

        authed(
          editable(async (user, record, { request }) => {
            const b = await bodyOf(request);
            if (!isId(b.related_id)) return invalid({ related_id: 'Choose a record.' });
            if (b.related_id === record.id) {
              return invalid({ related_id: 'A record cannot be related to itself.' });
            }
            const other = db.records.find((r) => r.id === b.related_id);
            if (!other || accessOf(user, other) === null) return notFound();
            const exists = db.relations.some(
              (rel) =>
                (rel.a === record.id && rel.b === other.id) ||
                (rel.b === record.id && rel.a === other.id),
            );
            if (!exists) {
              db.relations.push({ a: record.id, b: other.id });
              logEvent(record.id, user.id, 'related', { title: titleOf(other) });
              logEvent(other.id, user.id, 'related', { title: titleOf(record) });
            }
            return ok(relatedOf(user, record.id));
          }),
        ),
      ),
      http.delete(
        `/api/${path}/{id}/related/{related_id}` as const,

        authed(
          editable((user, record, { params }) => {
            const otherId = Number(params.related_id);
            const other = db.records.find((r) => r.id === otherId);
            const before = db.relations.length;
            db.relations = db.relations.filter(
              (rel) =>
                !(
                  (rel.a === record.id && rel.b === otherId) ||
                  (rel.b === record.id && rel.a === otherId)
                ),
            );
            if (other && db.relations.length < before) {
              logEvent(record.id, user.id, 'unrelated', { title: titleOf(other) });
              logEvent(other.id, user.id, 'unrelated', { title: titleOf(record) });
            }
            return ok(relatedOf(user, record.id));
          }),
        ),
      ),
      http.post(
        `/api/${path}/{id}/move/` as const,

        authed(
          agentOnly(async (user, record, { request }) => {
            const { b, error } = await versioned(request, record);
            if (error) return error;
            if (!HELPDESKS.some((hd) => hd.hd_id === b.hd_id && hd.object_type === type)) {
              return invalid({ hd_id: 'Choose a help desk.' });
            }
            const next = replace(rebuild(record, { hd_id: b.hd_id }));
            logEvent(record.id, user.id, 'moved', {
              from: record.hd_name,
              to: helpdeskName(next.hd_id),
            });
            return ok(present(user, next));
          }),
        ),
      ),
      http.post(
        `/api/${path}/{id}/duplicate/` as const,

        authed(
          agentOnly((user, record) => {
            const id = db.nextRecordId++;
            const now = new Date().toISOString();
            const fields = {
              ...record,
              id,
              status_id: type === 'T' ? 1 : 6,
              version: 1,
              created_at: now,
              updated_at: now,
            };
            const copy =
              fields.object_type === 'T'
                ? makeTicket(id, fields)
                : makeContent(id, fields as Parameters<typeof makeContent>[1]);
            db.records.push(copy);
            db.shares.push(
              ...db.shares
                .filter((s) => s.record_id === record.id)
                .map((s) => ({ ...s, record_id: id })),
            );
            db.recordCategories.push(
              ...db.recordCategories
                .filter((rc) => rc.record_id === record.id)
                .map((rc) => ({ ...rc, record_id: id })),
            );
            logEvent(record.id, user.id, 'duplicated', { copy_id: id });
            logEvent(id, user.id, 'duplicated', { source_id: record.id });
            return ok(present(user, copy));
          }),
        ),
      ),
      http.put(
        `/api/${path}/{id}/assign/` as const,

        authed(
          agentOnly(async (user, record, { request }) => {
            const { b, error } = await versioned(request, record);
            if (error) return error;
            const assignee = b.assignee_id === null ? null : b.assignee_id;
            if (assignee !== null && !db.users.some((u) => u.id === assignee && u.user_is_hde)) {
              return invalid({ assignee_id: 'Choose an agent.' });
            }
            const next = replace(rebuild(record, { assignee_id: assignee }));
            logEvent(record.id, user.id, 'assigned', {
              to: assignee === null ? null : personName(assignee as number),
            });
            return ok(present(user, next));
          }),
        ),
      ),
      http.get(
        `/api/${path}/{id}/history/` as const,

        authed((user, { params }) => {
          const record = workable(user, type, Number(params.id));
          if (!record) return notFound();
          const events = db.events
            .filter((e) => e.record_id === record.id && (!e.internal || user.user_is_hde))
            .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
            .map((e) => ({
              id: e.id,
              action: e.action,
              actor_id: e.actor_id,
              actor_name: personName(e.actor_id),
              details: e.details,
              created_at: e.created_at,
            }));
          return ok(events);
        }),
      ),
    ];
  });

  const searchable = http.put(
    '/api/content/{id}/searchable/',

    authed(async (user, { params, request }) => {
      const record = workable(user, 'C', Number(params.id));
      if (!record || record.object_type !== 'C') return notFound();
      if (!user.user_is_hde) return forbidden(AGENTS_ONLY);
      const b = await bodyOf(request);
      if (typeof b.searchable !== 'boolean') {
        return invalid({ searchable: 'Searchable must be true or false.' });
      }
      if (!isId(b.version)) return invalid({ version: 'Version is required.' });
      if (b.version !== record.version) {
        return fail(409, 'Conflict', CONFLICT, undefined, { current: record });
      }
      const next = replace(rebuild(record, { searchable: b.searchable }));
      logEvent(record.id, user.id, 'searchable_changed', { searchable: b.searchable });
      return ok(present(user, next));
    }),
  );

  return [people, ...taxonomy, ...relationSearch, ...perKind, searchable];
}
