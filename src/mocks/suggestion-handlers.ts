// Suggestions while a ticket is typed and answering with articles (docs/suggestions.md), as
// server/routes/suggestions answers: the public suggestions, the side panel's article, views and
// deflections per session, the articles viewed before raising and the articles sent.
import type { HdRecord } from '../features/records/types';
import { AGENTS_ONLY, NOT_FOUND, accessOf, findRecord, titleOf } from './access';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, sessionOf, type MockUser } from './http';

const Q_TOO_LONG = 'Search text must be at most 200 characters.';
const SESSION_INVALID = 'Suggestion session must be a UUID.';
const INVALID_ID = 'Invalid id.';
const DAYS = 'Days must be 1 to 366.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SuggestionState {
  views: { session: string; recordId: number; ticketId: number | null; deflected: boolean }[];
  /** message id -> article id */
  sent: Map<number, number>;
}

/** Per mock database (a test's resetDb() starts afresh). */
const states = new WeakMap<object, SuggestionState>();

export function suggestionState(): SuggestionState {
  let s = states.get(db);
  if (!s) {
    s = { views: [], sent: new Map() };
    states.set(db, s);
  }
  return s;
}

const invalid = (fields: Record<string, string>) =>
  fail(400, 'Bad Request', 'Validation failed', fields);
const notFound = () => fail(404, 'Not Found', NOT_FOUND);
const agentsOnly = () => fail(403, 'Forbidden', AGENTS_ONLY);

/** The help centre's rule (server/help-centre/public-articles.ts) on the mock records. */
const isPublic = (r: HdRecord) =>
  r.object_type === 'C' && r.is_public && !r.is_draft && r.status_id === 7;

/** An article the caller may be suggested: public, or (signed in) one they may read. */
function suggestible(user: MockUser | undefined, r: HdRecord): boolean {
  if (r.object_type !== 'C') return false;
  if (isPublic(r)) return true;
  return !!user && !r.is_draft && accessOf(user, r) !== null;
}

const urlOf = (r: HdRecord) =>
  isPublic(r) ? `/help/articles/${r.id}` : `/read-only/details?contentId=${r.id}`;

/** A record's body (a ticket's description, an article's body). */
const bodyOfRecord = (r: HdRecord): string => {
  const fields = r as unknown as Record<string, unknown>;
  const body = r.object_type === 'T' ? fields.description : fields.body;
  return typeof body === 'string' ? body : '';
};

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The words typed, the last one a prefix unless the text ends with a separator. */
function terms(q: string): { words: string[]; prefix?: string } {
  const words = (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase());
  const prefix = /[\p{L}\p{N}]$/u.test(q) ? words.pop() : undefined;
  return { words, prefix };
}

function matches(r: HdRecord, q: string): number {
  const { words, prefix } = terms(q);
  if (!words.length && !prefix) return 0;
  const title = titleOf(r).toLowerCase();
  const text = `${title} ${plain(bodyOfRecord(r)).toLowerCase()}`;
  const tokens = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const has = (w: string, pre: boolean) => tokens.some((t) => (pre ? t.startsWith(w) : t === w));
  // As the server: any word matches; articles holding all of them come first.
  const found = words.filter((w) => has(w, false)).length + (prefix && has(prefix, true) ? 1 : 0);
  if (!found) return 0;
  const all = prefix ? [...words, prefix] : words;
  const whole = found === all.length ? 1000 : 0;
  return whole + found + all.filter((w) => title.includes(w)).length;
}

function sessionField(raw: unknown) {
  return typeof raw === 'string' && UUID.test(raw) ? raw : undefined;
}

function positiveId(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

export function suggestionHandlers() {
  return [
    http.get('/api/suggestions', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trimStart();
      if ([...q.trim()].length > 200) return invalid({ q: Q_TOO_LONG });
      const user = sessionOf(request)?.user;
      const hits = q.trim()
        ? db.records
            .filter((r) => suggestible(user, r))
            .map((r) => ({ r, rank: matches(r, q) }))
            .filter((h) => h.rank > 0)
            .sort((a, b) => b.rank - a.rank || b.r.updated_at.localeCompare(a.r.updated_at))
            .slice(0, 5)
        : [];
      return ok(
        hits.map(({ r }) => ({
          id: r.id,
          title: titleOf(r),
          snippet: plain(bodyOfRecord(r)).slice(0, 160),
          public: isPublic(r),
          url: urlOf(r),
        })),
      );
    }),

    http.post('/api/suggestions/articles/{id}/view', async ({ request, params }) => {
      const b = await bodyOf(request);
      const session = sessionField(b.session_id);
      if (!session) return invalid({ session_id: SESSION_INVALID });
      const user = sessionOf(request)?.user;
      const r = findRecord(Number(params.id), 'C');
      if (!r || !suggestible(user, r)) return notFound();
      const s = suggestionState();
      if (!s.views.some((v) => v.session === session && v.recordId === r.id)) {
        s.views.push({ session, recordId: r.id, ticketId: null, deflected: false });
      }
      return ok({
        id: r.id,
        title: titleOf(r),
        body: bodyOfRecord(r),
        public: isPublic(r),
        url: urlOf(r),
        updated_at: r.updated_at,
      });
    }),

    http.post('/api/suggestions/deflections', async ({ request }) => {
      const b = await bodyOf(request);
      const session = sessionField(b.session_id);
      if (!session) return invalid({ session_id: SESSION_INVALID });
      const counted = suggestionState().views.filter(
        (v) => v.session === session && v.ticketId === null && !v.deflected,
      );
      for (const v of counted) v.deflected = true;
      return ok({ counted: counted.length });
    }),

    http.post(
      '/api/suggestions/raised',
      authed(async (user, { request }) => {
        const b = await bodyOf(request);
        const session = sessionField(b.session_id);
        const ticketId = positiveId(b.ticket_id);
        if (!session) return invalid({ session_id: SESSION_INVALID });
        if (!ticketId) return invalid({ ticket_id: INVALID_ID });
        const ticket = findRecord(ticketId, 'T');
        const access = ticket ? accessOf(user, ticket) : null;
        if (!ticket || (access !== 'owner' && access !== 'agent')) return notFound();
        const attached = suggestionState().views.filter(
          (v) => v.session === session && v.ticketId === null && !v.deflected,
        );
        for (const v of attached) v.ticketId = ticket.id;
        return ok({ attached: attached.length });
      }),
    ),

    http.get(
      '/api/suggestions/tickets/{id}/viewed',
      authed((user, { params }) => {
        if (!user.user_is_hde) return agentsOnly();
        const ticket = findRecord(Number(params.id), 'T');
        if (!ticket || !accessOf(user, ticket)) return notFound();
        const items = suggestionState()
          .views.filter((v) => v.ticketId === ticket.id)
          .flatMap((v) => {
            const a = findRecord(v.recordId, 'C');
            return a ? [{ id: a.id, title: titleOf(a), viewed_at: a.updated_at }] : [];
          });
        return ok(items);
      }),
    ),

    http.put(
      '/api/suggestions/messages/{id}/article',
      authed(async (user, { request, params }) => {
        if (!user.user_is_hde) return agentsOnly();
        const b = await bodyOf(request);
        const articleId = positiveId(b.article_id);
        if (!articleId) return invalid({ article_id: INVALID_ID });
        const message = db.work.messages.find((m) => m.id === Number(params.id));
        const record = message ? findRecord(message.record_id) : undefined;
        const article = findRecord(articleId, 'C');
        if (!message || !record || !accessOf(user, record) || !article || !accessOf(user, article))
          return notFound();
        suggestionState().sent.set(message.id, article.id);
        return ok({ message_id: message.id, article_id: article.id, title: titleOf(article) });
      }),
    ),

    http.get(
      '/api/suggestions/records/{id}/sent',
      authed((user, { params }) => {
        if (!user.user_is_hde) return agentsOnly();
        const record = findRecord(Number(params.id));
        if (!record || !accessOf(user, record)) return notFound();
        const sent = suggestionState().sent;
        const items = db.work.messages
          .filter((m) => m.record_id === record.id && sent.has(m.id))
          .sort((a, b) => a.id - b.id)
          .flatMap((m) => {
            const a = findRecord(sent.get(m.id) ?? 0, 'C');
            return a ? [{ message_id: m.id, article_id: a.id, title: titleOf(a) }] : [];
          });
        return ok(items);
      }),
    ),

    http.get(
      '/api/suggestions/stats',
      authed((user, { request }) => {
        if (!user.user_is_hde) return agentsOnly();
        const raw = new URL(request.url).searchParams.get('days');
        const days = raw === null ? 30 : Number(raw);
        if (!Number.isInteger(days) || days < 1 || days > 366) return invalid({ days: DAYS });
        const today = new Date();
        const list = Array.from({ length: days }, (_, i) => {
          const d = new Date(today);
          d.setUTCDate(d.getUTCDate() - (days - 1 - i));
          return {
            day: d.toISOString().slice(0, 10),
            views: 0,
            helpful: 0,
            unhelpful: 0,
            deflections: 0,
          };
        });
        // Today's views and deflections of the articles the agent may read.
        const s = suggestionState();
        const articles = [...new Set(s.views.map((v) => v.recordId))].flatMap((rid) => {
          const a = findRecord(rid, 'C');
          if (!a || !accessOf(user, a)) return [];
          const mine = s.views.filter((v) => v.recordId === rid);
          return [
            {
              id: a.id,
              title: titleOf(a),
              views: mine.length,
              helpful: 0,
              unhelpful: 0,
              deflections: mine.filter((v) => v.deflected).length,
            },
          ];
        });
        return ok({ days: list, articles });
      }),
    ),

    http.get(
      '/api/suggestions/articles/{id}/stats',
      authed((user, { params }) => {
        if (!user.user_is_hde) return agentsOnly();
        const a = findRecord(Number(params.id), 'C');
        if (!a || !accessOf(user, a)) return notFound();
        // The help centre's pages and votes are the server's alone: the mocks count the views
        // of suggestions.
        const mine = suggestionState().views.filter((v) => v.recordId === a.id);
        return ok({
          public: isPublic(a),
          views: mine.length,
          helpful: 0,
          unhelpful: 0,
          deflections: mine.filter((v) => v.deflected).length,
        });
      }),
    ),
  ];
}
