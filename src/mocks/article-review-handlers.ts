// Article review and versions, answering as server/routes/article-review/routes.ts does (texts
// included): versions of content items, submit, approve, send back, archive, restore, the "To
// review" queue and a desk's reviewers. The content save path (record-handlers.ts) calls
// articleSaveStart / finish so every save writes a version, as the server's does.
import type { HdRecord } from '../features/records/types';
import { accessOf, NOT_FOUND, readable } from './access';
import { db, logEvent } from './db';
import { adminState } from './desk-access';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { HELPDESKS } from './records-data';
import { htmlHasText } from '../lib/text';

const IN_REVIEW = 6;
const PUBLISHED = 7;
const ARCHIVED = 8;
const STATUS_NAMES: Record<number, string> = { 6: 'In review', 7: 'Published', 8: 'Archived' };

const M = {
  agentsOnly: 'Only helpdesk agents review articles.',
  notReviewer: 'This help desk names its reviewers, and you are not one of them.',
  authorOrAgent: 'Only the author and helpdesk agents can do this.',
  cannotSubmit: 'Only a draft, or a version that was sent back, can be submitted for review.',
  nothingInReview: 'There is no version in review.',
  staleVersion: 'A newer version is in review now. Reload to see it.',
  notPublished: 'Only a published article can be archived.',
  versionNotFound: 'This version does not exist.',
  comment: 'Write a comment for the author (1 to 2,000 characters).',
  note: 'A version note must be at most 500 characters.',
  successor: 'Choose another content item that is not archived.',
  deskNotFound: 'There is no such content help desk.',
  reviewers: 'Reviewers must be helpdesk agents.',
  body: 'Body is required.',
  contentType: 'Choose a content type.',
} as const;

type VersionState = 'draft' | 'in_review' | 'published' | 'sent_back' | 'superseded';
interface MockVersion {
  id: number;
  record_id: number;
  number: number;
  title: string;
  body: string;
  note: string | null;
  author_id: number | null;
  created_at: string;
  state: VersionState;
  submitted_at: string | null;
  review_comment: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  restored_from: number | null;
}
interface Store {
  versions: MockVersion[];
  nextId: number;
  successors: Map<number, number | null>;
  reviewers: Map<number, number[]>;
}

// One store per mock database: resetDb() starts a new one.
const stores = new WeakMap<object, Store>();
function store(): Store {
  let s = stores.get(db);
  if (!s) {
    s = { versions: [], nextId: 1, successors: new Map(), reviewers: new Map() };
    stores.set(db, s);
  }
  return s;
}

type Content = Extract<HdRecord, { object_type: 'C' }>;
const isContent = (r: HdRecord | undefined): r is Content => r?.object_type === 'C';
const now = () => new Date().toISOString();
const nameOf = (id: number | null) =>
  id === null ? null : (db.users.find((u) => u.id === id)?.fullname ?? null);

/** The article's versions, newest first; one made from the record when it has none (backfill). */
function versionsOf(r: Content): MockVersion[] {
  const s = store();
  let mine = s.versions.filter((v) => v.record_id === r.id);
  if (mine.length === 0) {
    const state: VersionState = r.is_draft
      ? 'draft'
      : r.status_id === IN_REVIEW
        ? 'in_review'
        : 'published';
    s.versions.push({
      id: s.nextId++,
      record_id: r.id,
      number: 1,
      title: r.title,
      body: r.body ?? '',
      note: null,
      author_id: r.author_id,
      created_at: r.updated_at,
      state,
      submitted_at: r.is_draft ? null : r.updated_at,
      review_comment: null,
      reviewed_by: null,
      reviewed_at: null,
      restored_from: null,
    });
    mine = s.versions.filter((v) => v.record_id === r.id);
  }
  return [...mine].sort((a, b) => b.number - a.number);
}

function insertVersion(
  r: Content,
  v: Pick<MockVersion, 'title' | 'body' | 'note' | 'author_id' | 'state'> & {
    restored_from?: number | null;
  },
): MockVersion {
  const s = store();
  const existing = versionsOf(r);
  for (const old of existing) if (old.state === 'in_review') old.state = 'superseded';
  const row: MockVersion = {
    id: s.nextId++,
    record_id: r.id,
    number: (existing[0]?.number ?? 0) + 1,
    title: v.title,
    body: v.body,
    note: v.note,
    author_id: v.author_id,
    created_at: now(),
    state: v.state,
    submitted_at: v.state === 'in_review' ? now() : null,
    review_comment: null,
    reviewed_by: null,
    reviewed_at: null,
    restored_from: v.restored_from ?? null,
  };
  s.versions.push(row);
  return row;
}

function setState(v: MockVersion, state: VersionState, review?: { by: number; comment?: string }) {
  v.state = state;
  if (state === 'in_review') v.submitted_at = now();
  if (review) {
    v.reviewed_by = review.by;
    v.reviewed_at = now();
    if (review.comment !== undefined) v.review_comment = review.comment;
  }
}

/** Writes the record's article columns, as the server's updateArticle (a new version). */
function updateArticle(
  r: Content,
  set: { title?: string; body?: string; status_id?: number; is_draft?: boolean },
): Content {
  const next: Content = {
    ...r,
    ...set,
    status_name: STATUS_NAMES[set.status_id ?? r.status_id] ?? r.status_name,
    version: r.version + 1,
    updated_at: now(),
  };
  db.records = db.records.map((x) => (x.id === r.id ? next : x));
  return next;
}

const reviewsDesk = (userId: number, hdId: number) => {
  const named = store().reviewers.get(hdId) ?? [];
  return named.length === 0 || named.includes(userId);
};

/** The server's 409 for a save that would publish without review (article-review/save.ts). */
export const PUBLISH_THROUGH_REVIEW =
  'Publishing goes through review: submit the article, and a reviewer of its help desk approves it.';

/**
 * Whether a save of `current` into `merged` publishes it (Published after, not before) without
 * the caller being one who may review it: an agent reviewing the desk it ends up in.
 */
export function publishRefused(
  user: MockUser,
  current: HdRecord,
  merged: Record<string, unknown>,
): boolean {
  if (!isContent(current)) return false;
  const publishes =
    merged.is_draft !== true &&
    Number(merged.status_id) === PUBLISHED &&
    (current.is_draft || current.status_id !== PUBLISHED);
  if (!publishes) return false;
  const hdId = merged.hd_id === null ? null : Number(merged.hd_id);
  return !(user.user_is_hde && (hdId === null || reviewsDesk(user.id, hdId)));
}

/** A desk's named reviewers (the admin desk list shows them), by name. */
export function namedReviewers(hdId: number): { id: number; fullname: string }[] {
  const ids = store().reviewers.get(hdId) ?? [];
  return db.users
    .filter((u) => ids.includes(u.id))
    .map((u) => ({ id: u.id, fullname: u.fullname }))
    .sort((a, b) => a.fullname.localeCompare(b.fullname) || a.id - b.id);
}

const holds = (before: { status_id: number; is_draft: boolean }, after: typeof before) =>
  !before.is_draft &&
  !after.is_draft &&
  before.status_id === PUBLISHED &&
  after.status_id === PUBLISHED;

function stateAfter(after: { status_id: number; is_draft: boolean }, held: boolean): VersionState {
  if (held) return 'in_review';
  if (after.is_draft) return 'draft';
  if (after.status_id === IN_REVIEW) return 'in_review';
  if (after.status_id === PUBLISHED) return 'published';
  return 'draft';
}

/** server/routes/article-review/save.ts recordArticleSave. */
function recordSave(
  r: Content,
  s: {
    authorId: number;
    title: string;
    body: string;
    note: string | null;
    before: { status_id: number; is_draft: boolean } | null;
    held: boolean;
    restoredFrom?: number;
  },
): MockVersion | undefined {
  const latest = versionsOf(r)[0] as MockVersion | undefined;
  const state = stateAfter(r, s.held);
  const changed =
    !latest ||
    latest.title !== s.title ||
    latest.body !== s.body ||
    s.note !== null ||
    s.restoredFrom !== undefined;
  let version: MockVersion | undefined;
  if (changed) {
    version = insertVersion(r, {
      title: s.title,
      body: s.body,
      note: s.note,
      author_id: s.authorId,
      state,
      restored_from: s.restoredFrom ?? null,
    });
  } else if (
    latest &&
    latest.state !== state &&
    (state === 'in_review' || state === 'published') &&
    !(s.held && latest.state === 'in_review')
  ) {
    setState(latest, state);
  }
  const submitted =
    (s.before?.is_draft === true && !r.is_draft && r.status_id === IN_REVIEW) ||
    (s.held && changed);
  if (submitted) {
    logEvent(r.id, s.authorId, 'submitted_for_review', {
      number: version?.number ?? latest?.number ?? 1,
    });
  }
  if (s.restoredFrom !== undefined && version) {
    logEvent(r.id, s.authorId, 'version_restored', {
      number: version.number,
      from: s.restoredFrom,
    });
  }
  return version;
}

const noteOf = (b: Record<string, unknown>): string | null =>
  typeof b.version_note === 'string' && b.version_note.trim() ? b.version_note.trim() : null;

/** A `version_note` the content save refuses (400 on the field), else undefined. */
export function versionNoteProblem(b: Record<string, unknown>): Record<string, string> | undefined {
  if (b.version_note === undefined) return undefined;
  return typeof b.version_note !== 'string' || b.version_note.length > 500
    ? { version_note: M.note }
    : undefined;
}

/**
 * Called by the content PUT before it builds the new record: for a published article the
 * sent text is taken out of `merged` (the record keeps the published text) and kept for the
 * version. `finish(next)` after the write records the version.
 */
export function articleSaveStart(
  current: HdRecord,
  merged: Record<string, unknown>,
  userId: number,
  body: Record<string, unknown>,
) {
  if (!isContent(current)) return { finish: () => undefined };
  versionsOf(current);
  const after = { status_id: Number(merged.status_id), is_draft: merged.is_draft === true };
  const held = holds(current, after);
  const text = { title: String(merged.title), body: String(merged.body ?? '') };
  if (held) {
    merged.title = current.title;
    merged.body = current.body ?? '';
  }
  return {
    finish: (next: HdRecord) => {
      if (!isContent(next)) return;
      recordSave(next, {
        authorId: userId,
        ...text,
        note: noteOf(body),
        before: current,
        held,
      });
    },
  };
}

/** Called by the content POST after the record is stored: its first version. */
export function articleCreated(r: HdRecord, userId: number, body: Record<string, unknown>): void {
  if (!isContent(r)) return;
  const s = store();
  s.versions.push({
    id: s.nextId++,
    record_id: r.id,
    number: 1,
    title: r.title,
    body: r.body ?? '',
    note: noteOf(body),
    author_id: userId,
    created_at: now(),
    state: r.is_draft ? 'draft' : 'in_review',
    submitted_at: r.is_draft ? null : now(),
    review_comment: null,
    reviewed_by: null,
    reviewed_at: null,
    restored_from: null,
  });
}

const summaryOf = (v: MockVersion) => ({
  id: v.id,
  number: v.number,
  title: v.title,
  note: v.note,
  author_id: v.author_id,
  author_name: nameOf(v.author_id),
  created_at: v.created_at,
  state: v.state,
  submitted_at: v.submitted_at,
  review_comment: v.review_comment,
  reviewed_by_name: nameOf(v.reviewed_by),
  reviewed_at: v.reviewed_at,
  restored_from: v.restored_from,
});
const fullOf = (v: MockVersion) => ({ ...summaryOf(v), body: v.body });

function articleState(r: Content) {
  if (r.is_draft) return 'draft' as const;
  if (r.status_id === PUBLISHED) return 'published' as const;
  if (r.status_id === ARCHIVED) return 'archived' as const;
  return 'in_review' as const;
}

function reviewOf(user: MockUser, r: Content) {
  const versions = versionsOf(r);
  const state = articleState(r);
  const inReview = versions.find((v) => v.state === 'in_review');
  const newest = versions[0];
  const live =
    state === 'published' || state === 'archived'
      ? versions.find((v) => v.state === 'published')
      : undefined;
  const pending =
    inReview ?? (state === 'published' && newest?.state === 'sent_back' ? newest : undefined);
  const access = accessOf(user, r);
  const successorId = store().successors.get(r.id) ?? null;
  const successor = successorId === null ? undefined : db.records.find((x) => x.id === successorId);
  return {
    id: r.id,
    state,
    status_id: r.status_id,
    status_name: r.status_name,
    is_draft: r.is_draft,
    version: r.version,
    successor_id: successorId,
    successor_title: successor && isContent(successor) ? successor.title : null,
    live_version_id: live?.id ?? null,
    pending_version_id: pending?.id ?? null,
    may_review:
      user.user_is_hde &&
      reviewsDesk(user.id, r.hd_id) &&
      inReview !== undefined &&
      (state === 'in_review' || state === 'published'),
    may_submit:
      (access === 'owner' || access === 'agent') &&
      (state === 'draft' ||
        (state === 'published' && ['draft', 'sent_back'].includes(newest?.state ?? ''))),
    items: versions.map(summaryOf),
  };
}

type Found = { ok: true; r: Content } | { ok: false; answer: ReturnType<typeof fail> };

function authorOrAgent(user: MockUser, id: number): Found {
  const r = readable(user, id, 'C');
  if (!isContent(r)) return { ok: false, answer: fail(404, 'Not Found', NOT_FOUND) };
  const access = accessOf(user, r);
  if (access !== 'owner' && access !== 'agent') {
    return { ok: false, answer: fail(403, 'Forbidden', M.authorOrAgent) };
  }
  return { ok: true, r };
}

function forReviewer(user: MockUser, id: number): Found {
  const r = readable(user, id, 'C');
  if (!isContent(r)) return { ok: false, answer: fail(404, 'Not Found', NOT_FOUND) };
  if (!user.user_is_hde) return { ok: false, answer: fail(403, 'Forbidden', M.agentsOnly) };
  if (!reviewsDesk(user.id, r.hd_id)) {
    return { ok: false, answer: fail(403, 'Forbidden', M.notReviewer) };
  }
  return { ok: true, r };
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const conflict = (message: string) => fail(409, 'Conflict', message);
const fresh = (id: number) => db.records.find((x) => x.id === id) as Content;
const versionId = (params: Record<string, unknown>) => Number(params.version_id);

export function articleReviewHandlers() {
  return [
    http.get(
      '/api/content/{id}/versions',
      authed((user, { params }) => {
        const found = authorOrAgent(user, Number(params.id));
        return found.ok ? ok(reviewOf(user, found.r)) : found.answer;
      }),
    ),

    http.get(
      '/api/content/{id}/versions/{version_id}',
      authed((user, { params }) => {
        const found = authorOrAgent(user, Number(params.id));
        if (!found.ok) return found.answer;
        const v = versionsOf(found.r).find((x) => x.id === versionId(params));
        return v ? ok(fullOf(v)) : fail(404, 'Not Found', M.versionNotFound);
      }),
    ),

    http.get(
      '/api/content/{id}/compare',
      authed((user, { params, request }) => {
        const found = authorOrAgent(user, Number(params.id));
        if (!found.ok) return found.answer;
        const q = new URL(request.url).searchParams;
        const all = versionsOf(found.r);
        const from = all.find((x) => x.id === Number(q.get('from')));
        const to = all.find((x) => x.id === Number(q.get('to')));
        if (!from || !to) return fail(404, 'Not Found', M.versionNotFound);
        return ok({ from: fullOf(from), to: fullOf(to) });
      }),
    ),

    http.post(
      '/api/content/{id}/versions/{version_id}/restore',
      authed(async (user, { params, request }) => {
        const b = await bodyOf(request);
        if (b.note !== undefined && (typeof b.note !== 'string' || b.note.length > 500)) {
          return invalid({ note: M.note });
        }
        const found = authorOrAgent(user, Number(params.id));
        if (!found.ok) return found.answer;
        let r = found.r;
        const old = versionsOf(r).find((x) => x.id === versionId(params));
        if (!old) return fail(404, 'Not Found', M.versionNotFound);
        const held = r.status_id === PUBLISHED && !r.is_draft;
        if (!held) r = updateArticle(r, { title: old.title, body: old.body });
        const note = typeof b.note === 'string' && b.note.trim() ? b.note.trim() : null;
        recordSave(r, {
          authorId: user.id,
          title: old.title,
          body: old.body,
          note,
          before: r,
          held,
          restoredFrom: old.number,
        });
        return ok(reviewOf(user, fresh(r.id)));
      }),
    ),

    http.post(
      '/api/content/{id}/submit',
      authed((user, { params }) => {
        const found = authorOrAgent(user, Number(params.id));
        if (!found.ok) return found.answer;
        let r = found.r;
        const latest = versionsOf(r)[0];
        const wasDraft = r.is_draft;
        if (r.is_draft) {
          const fields: Record<string, string> = {};
          if (!htmlHasText(r.body ?? '')) fields.body = M.body;
          if (r.content_type_id === null) fields.content_type_id = M.contentType;
          if (Object.keys(fields).length) return invalid(fields);
          r = updateArticle(r, { is_draft: false, status_id: IN_REVIEW });
        } else if (!(
          r.status_id === PUBLISHED && ['draft', 'sent_back'].includes(latest?.state ?? '')
        )) {
          return conflict(M.cannotSubmit);
        }
        let number = latest?.number ?? 1;
        if (wasDraft && !(latest && latest.title === r.title && latest.body === r.body)) {
          number = insertVersion(r, {
            title: r.title,
            body: r.body ?? '',
            note: null,
            author_id: user.id,
            state: 'in_review',
          }).number;
        } else if (latest) {
          setState(latest, 'in_review');
        }
        logEvent(r.id, user.id, 'submitted_for_review', { number });
        return ok(reviewOf(user, fresh(r.id)));
      }),
    ),

    http.post(
      '/api/content/{id}/approve',
      authed(async (user, { params, request }) => {
        const b = await bodyOf(request);
        const found = forReviewer(user, Number(params.id));
        if (!found.ok) return found.answer;
        const r = found.r;
        const v = versionsOf(r).find((x) => x.state === 'in_review');
        if (!v || r.is_draft || r.status_id === ARCHIVED) return conflict(M.nothingInReview);
        if (b.version_id !== undefined && b.version_id !== v.id) return conflict(M.staleVersion);
        setState(v, 'published', { by: user.id });
        updateArticle(r, { title: v.title, body: v.body, status_id: PUBLISHED });
        logEvent(r.id, user.id, 'approved', { number: v.number });
        if (r.status_id !== PUBLISHED) {
          logEvent(r.id, user.id, 'status_changed', { from: r.status_name, to: 'Published' });
        }
        return ok(reviewOf(user, fresh(r.id)));
      }),
    ),

    http.post(
      '/api/content/{id}/send-back',
      authed(async (user, { params, request }) => {
        const b = await bodyOf(request);
        const comment = typeof b.comment === 'string' ? b.comment : '';
        if (!comment.trim() || comment.length > 2000) return invalid({ comment: M.comment });
        const found = forReviewer(user, Number(params.id));
        if (!found.ok) return found.answer;
        const r = found.r;
        const v = versionsOf(r).find((x) => x.state === 'in_review');
        if (!v || r.is_draft || r.status_id === ARCHIVED) return conflict(M.nothingInReview);
        setState(v, 'sent_back', { by: user.id, comment: comment.trim() });
        if (r.status_id !== PUBLISHED) updateArticle(r, { is_draft: true });
        logEvent(r.id, user.id, 'sent_back', { number: v.number, comment: comment.trim() });
        return ok(reviewOf(user, fresh(r.id)));
      }),
    ),

    http.post(
      '/api/content/{id}/archive',
      authed(async (user, { params, request }) => {
        const b = await bodyOf(request);
        const id = Number(params.id);
        const r = readable(user, id, 'C');
        if (!isContent(r)) return fail(404, 'Not Found', NOT_FOUND);
        if (!user.user_is_hde) return fail(403, 'Forbidden', M.agentsOnly);
        if (r.is_draft || r.status_id !== PUBLISHED) return conflict(M.notPublished);
        const successorId = typeof b.successor_id === 'number' ? b.successor_id : null;
        if (successorId !== null) {
          const s = readable(user, successorId, 'C');
          if (successorId === id || !s || s.is_draft || s.status_id === ARCHIVED) {
            return invalid({ successor_id: M.successor });
          }
        }
        store().successors.set(id, successorId);
        updateArticle(r, { status_id: ARCHIVED });
        const successor = successorId === null ? undefined : fresh(successorId);
        logEvent(id, user.id, 'archived', {
          successor_id: successorId,
          successor_title: successor?.title ?? null,
        });
        logEvent(id, user.id, 'status_changed', { from: r.status_name, to: 'Archived' });
        return ok(reviewOf(user, fresh(id)));
      }),
    ),

    http.get(
      '/api/review-queue',
      authed((user) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', M.agentsOnly);
        const items = db.records
          .filter(isContent)
          .filter(
            (r) =>
              !r.is_draft &&
              (r.status_id === IN_REVIEW || r.status_id === PUBLISHED) &&
              accessOf(user, r) !== null &&
              reviewsDesk(user.id, r.hd_id),
          )
          .flatMap((r) => {
            const v = versionsOf(r).find((x) => x.state === 'in_review');
            return v ? [{ r, v }] : [];
          })
          .sort(
            (a, b) =>
              (a.v.submitted_at ?? '').localeCompare(b.v.submitted_at ?? '') || a.v.id - b.v.id,
          )
          .map(({ r, v }) => ({
            id: r.id,
            title: r.title,
            hd_id: r.hd_id,
            hd_name: r.hd_name,
            author_id: r.author_id,
            author_name: r.author_name,
            status_id: r.status_id,
            status_name: r.status_name,
            is_update: r.status_id === PUBLISHED,
            version_id: v.id,
            version_number: v.number,
            version_title: v.title,
            submitted_at: v.submitted_at,
            submitted_by_name: nameOf(v.author_id),
          }));
        return ok({ items });
      }),
    ),

    http.get(
      '/api/admin/helpdesks/{id}/reviewers',
      authed((user, { params }) => {
        if (!user.user_is_admin) return fail(403, 'Forbidden', ADMIN_ONLY);
        const desk = contentDesk(Number(params.id));
        return desk ? ok(reviewersOf(desk)) : fail(404, 'Not Found', M.deskNotFound);
      }),
    ),

    http.put(
      '/api/admin/helpdesks/{id}/reviewers',
      authed(async (user, { params, request }) => {
        if (!user.user_is_admin) return fail(403, 'Forbidden', ADMIN_ONLY);
        const b = await bodyOf(request);
        const ids = Array.isArray(b.user_ids) ? (b.user_ids as unknown[]) : null;
        if (!ids || ids.some((i) => typeof i !== 'number' || !Number.isInteger(i) || i < 1)) {
          return invalid({ user_ids: M.reviewers });
        }
        const desk = contentDesk(Number(params.id));
        if (!desk) return fail(404, 'Not Found', M.deskNotFound);
        const inactive = adminState().inactive;
        const agents = db.users.filter(
          (u) => ids.includes(u.id) && u.user_is_hde && !inactive.has(u.id),
        );
        if (agents.length !== ids.length) return invalid({ user_ids: M.reviewers });
        store().reviewers.set(desk.hd_id, ids as number[]);
        return ok(reviewersOf(desk));
      }),
    ),
  ];
}

const ADMIN_ONLY = 'Only administrators can do this.';

const contentDesk = (id: number) => HELPDESKS.find((h) => h.hd_id === id && h.object_type === 'C');

function reviewersOf(desk: { hd_id: number; hd_name: string }) {
  return { hd_id: desk.hd_id, hd_name: desk.hd_name, reviewers: namedReviewers(desk.hd_id) };
}
