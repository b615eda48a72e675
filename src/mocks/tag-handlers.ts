// Tags (docs/api-working.md "Tags"), as server/routes/tags answers: the type-ahead, a record's
// tags and the administrators' operations, over db.tags and db.recordTags.
import type { ObjectType } from '../features/records/types';
import { refused, requireChangeable } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { byName, tagNamed, tagsOf, type MockTag } from './tag-data';

const NAME_MESSAGE = 'A tag must be 1 to 50 characters.';
const TAKEN = 'A tag with this name already exists.';
const CHOOSE = 'Choose a tag.';
const NAME_OR_ID = 'Type a tag or choose one.';
const MERGE_SELF = 'Choose another tag to merge into.';
const ADMINS_ONLY = 'Only administrators can do this.';
const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const notFound = () => fail(404, 'Not Found', 'This tag does not exist.');
const taken = () => fail(409, 'Conflict', TAKEN);

/** The trimmed name, or undefined when it is not 1 to 50 characters. */
function cleanName(raw: unknown): string | undefined {
  const name = String(raw ?? '').trim();
  const length = [...name].length;
  return length >= 1 && length <= 50 ? name : undefined;
}

const usedBy = (id: number) => db.recordTags.filter((l) => l.tag_id === id).length;
const tagById = (id: number) => db.tags.find((t) => t.id === id);

function adminsOnly<Info extends { request: Request }, Answer>(
  handler: (user: MockUser, info: Info) => Answer,
) {
  return authed((user: MockUser, info: Info) =>
    user.user_is_admin ? handler(user, info) : fail(403, 'Forbidden', ADMINS_ONLY),
  );
}

/** Every record carrying tag `id`: each loses it (and gets `into`, once), with its event. */
function takeOff(actor: number, tag: MockTag, into?: MockTag): number {
  const carrying = db.recordTags.filter((l) => l.tag_id === tag.id).map((l) => l.record_id);
  db.recordTags = db.recordTags.filter((l) => l.tag_id !== tag.id);
  for (const recordId of carrying) {
    if (into) {
      if (!db.recordTags.some((l) => l.record_id === recordId && l.tag_id === into.id)) {
        db.recordTags.push({ record_id: recordId, tag_id: into.id });
      }
      logEvent(recordId, actor, 'tag_merged', { from: tag.name, to: into.name });
    } else {
      logEvent(recordId, actor, 'untagged', { name: tag.name });
    }
  }
  db.tags = db.tags.filter((t) => t.id !== tag.id);
  return carrying.length;
}

export function tagHandlers() {
  const perKind = (['ticket', 'content'] as const).flatMap((path) => {
    const type: ObjectType = path === 'ticket' ? 'T' : 'C';
    return [
      http.post(
        `/api/${path}/{id}/tags/` as const,
        authed(async (user, { request, params }) => {
          const b = await bodyOf(request);
          if ((b.name === undefined) === (b.tag_id === undefined)) {
            return invalid({ name: NAME_OR_ID });
          }
          const name = b.name === undefined ? undefined : cleanName(b.name);
          if (b.name !== undefined && name === undefined) return invalid({ name: NAME_MESSAGE });
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          let tag = name === undefined ? tagById(Number(b.tag_id)) : tagNamed(name);
          if (!tag && name !== undefined) {
            tag = { id: db.nextTagId++, name };
            db.tags.push(tag);
          }
          if (!tag) return invalid({ tag_id: CHOOSE });
          const id = tag.id;
          if (!db.recordTags.some((l) => l.record_id === record.id && l.tag_id === id)) {
            db.recordTags.push({ record_id: record.id, tag_id: id });
            logEvent(record.id, user.id, 'tagged', { name: tag.name });
          }
          return ok(tagsOf(record.id));
        }),
      ),
      http.delete(
        `/api/${path}/{id}/tags/{tag_id}` as const,
        authed((user, { params }) => {
          const record = requireChangeable(user, type, Number(params.id));
          if (refused(record)) return record;
          const tag = tagById(Number(params.tag_id));
          const carried = db.recordTags.some(
            (l) => l.record_id === record.id && l.tag_id === tag?.id,
          );
          if (tag && carried) {
            db.recordTags = db.recordTags.filter(
              (l) => !(l.record_id === record.id && l.tag_id === tag.id),
            );
            logEvent(record.id, user.id, 'untagged', { name: tag.name });
          }
          return ok(tagsOf(record.id));
        }),
      ),
    ];
  });

  return [
    ...perKind,
    http.get(
      '/api/tags/',
      authed((_user, { request }) => {
        const search = new URL(request.url).searchParams;
        const ids = search.getAll('ids').map(Number);
        if (ids.length) {
          return ok(
            db.tags
              .filter((t) => ids.includes(t.id))
              .sort(byName)
              .map((t) => ({ id: t.id, name: t.name })),
          );
        }
        const q = (search.get('q') ?? '').trim().toLowerCase();
        const limit = Number(search.get('limit') ?? 20);
        const found = db.tags
          .filter((t) => t.name.toLowerCase().includes(q))
          .sort((a, b) => {
            const starts = (t: MockTag) => (t.name.toLowerCase().startsWith(q) ? 0 : 1);
            return starts(a) - starts(b) || byName(a, b);
          })
          .slice(0, limit)
          .map((t) => ({ id: t.id, name: t.name }));
        return ok(found);
      }),
    ),
    http.get(
      '/api/tags/usage',
      adminsOnly(() =>
        ok(
          [...db.tags].sort(byName).map((t) => ({ id: t.id, name: t.name, used_by: usedBy(t.id) })),
        ),
      ),
    ),
    http.post(
      '/api/tags/',
      adminsOnly(async (_user, { request }) => {
        const name = cleanName((await bodyOf(request)).name);
        if (name === undefined) return invalid({ name: NAME_MESSAGE });
        if (tagNamed(name)) return taken();
        const tag = { id: db.nextTagId++, name };
        db.tags.push(tag);
        return ok({ ...tag });
      }),
    ),
    http.put(
      '/api/tags/{id}',
      adminsOnly(async (_user, { request, params }) => {
        const name = cleanName((await bodyOf(request)).name);
        if (name === undefined) return invalid({ name: NAME_MESSAGE });
        const tag = tagById(Number(params.id));
        if (!tag) return notFound();
        const other = tagNamed(name);
        if (other && other.id !== tag.id) return taken();
        tag.name = name;
        return ok({ id: tag.id, name: tag.name });
      }),
    ),
    http.post(
      '/api/tags/{id}/merge',
      adminsOnly(async (user, { request, params }) => {
        const id = Number(params.id);
        const intoId = Number((await bodyOf(request)).into_id);
        if (id === intoId) return invalid({ into_id: MERGE_SELF });
        const from = tagById(id);
        const into = tagById(intoId);
        if (!from || !into) return notFound();
        const records = takeOff(user.id, from, into);
        return ok({ into: { id: into.id, name: into.name }, records });
      }),
    ),
    http.delete(
      '/api/tags/{id}',
      adminsOnly((user, { params }) => {
        const tag = tagById(Number(params.id));
        if (!tag) return notFound();
        return ok({ id: tag.id, records: takeOff(user.id, tag) });
      }),
    ),
  ];
}
