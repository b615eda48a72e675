// Satisfaction ratings (server/routes/ratings): a ticket's solves and ratings, the requester's
// answer, the desks' survey switch (administrators: http.ts refuses others as the server does)
// and the charts' figures. `solveTicket` starts a survey as the server's `satisfaction` consumer
// does after a solve; the mailed link's page is server-rendered HTML and has no mock. A fresh db
// starts it over.
import type { HdRecord } from '../features/records/types';
import { accessOf, ownerOf, refused, requireReadable } from './access';
import { db, logEvent } from './db';
import { authed, bodyOf, fail, http, ok } from './http';
import { HELPDESKS } from './records-data';
import { queueMail } from './thread-handlers';

type Rating = 'good' | 'bad';
interface Solve {
  solve: number;
  solved_at: string;
  rating: Rating | null;
  comment: string | null;
  rated_at: string | null;
  changed_at: string | null;
  hd_id: number;
  agent_id: number | null;
}

let owner: unknown;
const solves = new Map<number, Solve[]>();
const surveyOff = new Set<number>();

function state() {
  if (owner !== db.users) {
    owner = db.users;
    solves.clear();
    surveyOff.clear();
  }
  return { solves, surveyOff };
}

const DAY = 86_400_000;
const DESK_NOT_FOUND = 'This help desk does not exist.';
const AGENTS_ONLY = 'Only helpdesk agents can do this.';
const ONLY_REQUESTER = 'Only the requester can rate this ticket.';
const NO_SURVEY = 'This ticket has no survey to answer.';
const EXPIRED =
  'This survey has closed: ratings can be given or changed for 14 days after a ticket is solved.';

const isOpen = (s: Solve, latest: boolean) =>
  latest && Date.now() < Date.parse(s.solved_at) + 14 * DAY;

/**
 * A ticket went from an open status to a closed one: a new solve and the survey mail to its
 * requester, unless its desk is off (or it is a draft, or merged into another).
 */
export function solveTicket(ticket: HdRecord) {
  if (state().surveyOff.has(ticket.hd_id) || ticket.is_draft || db.mergedInto.has(ticket.id))
    return;
  const list = state().solves.get(ticket.id) ?? [];
  list.unshift({
    solve: list.length + 1,
    solved_at: new Date().toISOString(),
    rating: null,
    comment: null,
    rated_at: null,
    changed_at: null,
    hd_id: ticket.hd_id,
    agent_id: ticket.object_type === 'T' ? ticket.assignee_id : null,
  });
  state().solves.set(ticket.id, list);
  const requester = db.users.find((u) => u.id === ownerOf(ticket));
  if (requester) queueMail(ticket, requester.email, 'survey');
}

/** records.satisfaction: the rating last given on the ticket (a new solve keeps it). */
export function latestRating(recordId: number): Rating | null {
  return (
    state()
      .solves.get(recordId)
      ?.find((s) => s.rating)?.rating ?? null
  );
}

function satisfactionOf(recordId: number, isOwner: boolean) {
  const list = state().solves.get(recordId) ?? [];
  const out = list.map((s, i) => ({
    solve: s.solve,
    solved_at: s.solved_at,
    rating: s.rating,
    comment: s.comment,
    rated_at: s.rated_at,
    changed_at: s.changed_at,
    open: isOpen(s, i === 0),
  }));
  return { can_rate: out[0]?.open === true && isOwner, solves: out };
}

function deskOf(id: number) {
  const d = HELPDESKS.find((h) => h.hd_id === id && h.object_type === 'T');
  return d
    ? { id: d.hd_id, name: d.hd_name, parent_id: d.parent_id, survey: !state().surveyOff.has(id) }
    : undefined;
}

function tally(list: Solve[]) {
  const good = list.filter((s) => s.rating === 'good').length;
  const bad = list.filter((s) => s.rating === 'bad').length;
  return { good, bad, percent: good + bad ? Math.round((100 * good) / (good + bad)) : null };
}

export function ratingHandlers() {
  return [
    http.get(
      '/api/ticket/{id}/satisfaction/',
      authed((user, { params }) => {
        const record = requireReadable(user, 'T', Number(params.id));
        if (refused(record)) return record;
        return ok(satisfactionOf(record.id, accessOf(user, record) === 'owner'));
      }),
    ),
    http.put(
      '/api/ticket/{id}/satisfaction/',
      authed(async (user, { params, request }) => {
        const record = requireReadable(user, 'T', Number(params.id));
        if (refused(record)) return record;
        const b = await bodyOf(request);
        if (b.rating !== 'good' && b.rating !== 'bad') {
          return fail(400, 'Bad Request', 'Validation failed', { rating: 'Choose Good or Bad.' });
        }
        if (accessOf(user, record) !== 'owner') return fail(403, 'Forbidden', ONLY_REQUESTER);
        const latest = state().solves.get(record.id)?.[0];
        if (!latest) return fail(409, 'Conflict', NO_SURVEY);
        if (!isOpen(latest, true)) return fail(409, 'Conflict', EXPIRED);
        const comment = typeof b.comment === 'string' ? b.comment.trim() || null : latest.comment;
        if (latest.rating !== b.rating || latest.comment !== comment) {
          const now = new Date().toISOString();
          latest.changed_at = latest.rated_at ? now : null;
          latest.rated_at ??= now;
          latest.rating = b.rating;
          latest.comment = comment;
          logEvent(record.id, user.id, 'rated', { rating: b.rating, comment, solve: latest.solve });
        }
        return ok(satisfactionOf(record.id, accessOf(user, record) === 'owner'));
      }),
    ),
    http.get('/api/admin/satisfaction/', () =>
      ok({
        desks: HELPDESKS.filter((h) => h.object_type === 'T')
          .map((h) => deskOf(h.hd_id))
          .filter((d) => d !== undefined),
      }),
    ),
    http.put('/api/admin/satisfaction/{id}/', async ({ request, params }) => {
      const id = Number(params.id);
      const b = await bodyOf(request);
      if (typeof b.survey !== 'boolean') {
        return fail(400, 'Bad Request', 'Validation failed', {
          survey: 'The survey setting must be true or false.',
        });
      }
      if (!deskOf(id)) return fail(404, 'Not Found', DESK_NOT_FOUND);
      if (b.survey) state().surveyOff.delete(id);
      else state().surveyOff.add(id);
      const after = deskOf(id);
      return after ? ok(after) : fail(404, 'Not Found', DESK_NOT_FOUND);
    }),
    http.get(
      '/api/charts/satisfaction/',
      authed((user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const q = new URL(request.url).searchParams;
        const to = q.get('to') ?? new Date().toISOString().slice(0, 10);
        const from =
          q.get('from') ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
        const rated = [...state().solves.values()]
          .flat()
          .filter(
            (s) => s.rated_at && s.rated_at.slice(0, 10) >= from && s.rated_at.slice(0, 10) <= to,
          );
        const group = <K>(key: (s: Solve) => K) => {
          const m = new Map<K, Solve[]>();
          for (const s of rated) m.set(key(s), [...(m.get(key(s)) ?? []), s]);
          return [...m.entries()];
        };
        const monday = (iso: string) => {
          const d = new Date(iso.slice(0, 10));
          d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
          return d.toISOString().slice(0, 10);
        };
        return ok({
          from,
          to,
          desks: group((s) => s.hd_id).map(([hd, list]) => ({
            hd_id: hd,
            hd_name: HELPDESKS.find((h) => h.hd_id === hd)?.hd_name ?? '',
            ...tally(list),
          })),
          agents: group((s) => s.agent_id).map(([agent, list]) => ({
            agent_id: agent,
            agent_name: db.users.find((u) => u.id === agent)?.fullname ?? null,
            ...tally(list),
          })),
          weeks: group((s) => monday(s.rated_at ?? ''))
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([week, list]) => ({ week, ...tally(list) })),
        });
      }),
    ),
  ];
}
