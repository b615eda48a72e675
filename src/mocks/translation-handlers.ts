// An article's language and its translation, answering as server/routes/translations/routes.ts
// does (texts included): GET and PUT content/{id}/language, PUT and DELETE content/{id}/translation.
import type { HdRecord } from '../features/records/types';
import { NOT_FOUND, refused, requireAccess, titleOf } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';

type Language = 'en' | 'es';

const M = {
  itself: 'An article cannot be its own translation.',
  ticket: 'A translation must be a content item, not a ticket.',
  sameLanguage: 'A translation must be in the other language.',
  alreadyLinked: 'This article already has a translation. Unlink it first.',
  otherLinked: 'The chosen article already has a translation. Unlink it there first.',
  languageTaken: 'Its translation is in that language. Unlink the translation first.',
} as const;

interface Store {
  /** Content items not in English (the column's default). */
  language: Map<number, Language>;
  /** An article's translation group (the smaller id of the two, as the server names it). */
  group: Map<number, number>;
}

// One store per mock database: resetDb() starts a new one.
const stores = new WeakMap<object, Store>();
function store(): Store {
  let s = stores.get(db);
  if (!s) {
    s = { language: new Map(), group: new Map() };
    stores.set(db, s);
  }
  return s;
}

const languageOf = (id: number): Language => store().language.get(id) ?? 'en';

/** The other content item of `id`'s group. */
function partnerOf(id: number): HdRecord | undefined {
  const g = store().group.get(id);
  if (g === undefined) return undefined;
  return db.records.find(
    (r) => r.object_type === 'C' && r.id !== id && store().group.get(r.id) === g,
  );
}

function present(user: MockUser, id: number) {
  const other = partnerOf(id);
  const visible = other && requireAccess(user, 'read', other.id, 'C');
  return {
    id,
    language: languageOf(id),
    translation:
      other && visible && !refused(visible)
        ? { id: other.id, title: titleOf(other), language: languageOf(other.id) }
        : null,
  };
}

const invalid = (message: string) =>
  fail(400, 'Bad Request', 'Validation failed', { translation_id: message });

export function translationHandlers() {
  return [
    http.get(
      '/api/content/{id}/translation',
      authed((user, { params }) => {
        const r = requireAccess(user, 'agent', Number(params.id), 'C');
        return refused(r) ? r : ok(present(user, r.id));
      }),
    ),
    http.put(
      '/api/content/{id}/language',
      authed(async (user, { request, params }) => {
        const r = requireAccess(user, 'agent', Number(params.id), 'C');
        if (refused(r)) return r;
        const language = (await bodyOf(request)).language as Language;
        const was = languageOf(r.id);
        if (language !== was) {
          if (partnerOf(r.id) && languageOf(partnerOf(r.id)?.id ?? 0) === language) {
            return fail(409, 'Conflict', M.languageTaken);
          }
          store().language.set(r.id, language);
          logEvent(r.id, user.id, 'language_changed', { from: was, to: language });
        }
        return ok(present(user, r.id));
      }),
    ),
    http.put(
      '/api/content/{id}/translation',
      authed(async (user, { request, params }) => {
        const r = requireAccess(user, 'agent', Number(params.id), 'C');
        if (refused(r)) return r;
        const otherId = Number((await bodyOf(request)).translation_id);
        if (otherId === r.id) return invalid(M.itself);
        const other = requireAccess(user, 'read', otherId);
        if (refused(other)) return fail(404, 'Not Found', NOT_FOUND);
        if (other.object_type !== 'C') return invalid(M.ticket);
        const s = store();
        const g = s.group.get(r.id);
        if (g !== undefined && g === s.group.get(other.id)) return ok(present(user, r.id));
        if (languageOf(r.id) === languageOf(other.id)) return invalid(M.sameLanguage);
        if (partnerOf(r.id)) return fail(409, 'Conflict', M.alreadyLinked);
        if (partnerOf(other.id)) return fail(409, 'Conflict', M.otherLinked);
        const group = Math.min(r.id, other.id);
        s.group.set(r.id, group);
        s.group.set(other.id, group);
        for (const [at, to] of [
          [r, other],
          [other, r],
        ]) {
          logEvent(at.id, user.id, 'translation_linked', {
            id: to.id,
            title: titleOf(to),
            language: languageOf(to.id),
          });
        }
        return ok(present(user, r.id));
      }),
    ),
    http.delete(
      '/api/content/{id}/translation',
      authed((user, { params }) => {
        const r = requireAccess(user, 'agent', Number(params.id), 'C');
        if (refused(r)) return r;
        const other = partnerOf(r.id);
        if (other) {
          store().group.delete(r.id);
          store().group.delete(other.id);
          for (const [at, from] of [
            [r, other],
            [other, r],
          ]) {
            logEvent(at.id, user.id, 'translation_unlinked', { id: from.id, title: titleOf(from) });
          }
        }
        return ok(present(user, r.id));
      }),
    ),
  ];
}
