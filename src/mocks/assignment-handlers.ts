// Automatic assignment (server/routes/assignment): each ticket desk's rule and away setting
// (administrators only: http.ts refuses others and bad input as the server does) and an agent's
// own availability; `assignByRule` gives a raised ticket its agent as the server's assignNext
// does (server/assignment/assign-next.ts). A fresh db starts it over.
import type { Ticket } from '../features/records/types';
import { adminState, worksOnDesk } from './desk-access';
import { db, logEvent } from './db';
import { queueMail } from './thread-handlers';
import { authed, bodyOf, fail, http, ok } from './http';
import { HELPDESKS } from './records-data';

type Mode = 'off' | 'round_robin' | 'fewest_open';
type Action = 'queue' | 'reassign';

let owner: unknown;
const rules = new Map<number, { mode: Mode; away_hours: number | null; away_action: Action }>();
const availability = new Map<number, { away: boolean; changed_at: string }>();
/** Each desk's last agent chosen (the round-robin turn). */
const turns = new Map<number, number>();

function state() {
  if (owner !== db.users) {
    owner = db.users;
    rules.clear();
    availability.clear();
    turns.clear();
  }
  return { rules, availability };
}

const DESK_NOT_FOUND = 'This help desk does not exist.';
const AGENTS_ONLY = 'Only helpdesk agents can do this.';

function desk(id: number) {
  const d = HELPDESKS.find((h) => h.hd_id === id && h.object_type === 'T');
  if (!d) return undefined;
  const rule = state().rules.get(id) ?? { mode: 'off', away_hours: null, away_action: 'queue' };
  return {
    id: d.hd_id,
    name: d.hd_name,
    parent_id: d.parent_id,
    restricted: adminState().desks.get(id)?.restricted ?? false,
    ...rule,
  };
}

function availabilityOf(userId: number) {
  const user = db.users.find((u) => u.id === userId);
  const a = state().availability.get(userId);
  return {
    id: userId,
    fullname: user?.fullname ?? '',
    away: a?.away ?? false,
    changed_at: a?.changed_at ?? null,
  };
}

/** Closed statuses (migration 002: resolved, closed). */
const CLOSED = new Set([4, 5]);

/**
 * A submitted ticket with no assignee entering its desk: the desk's rule picks an available
 * agent (active, confirmed, not away, working on the desk), writes the history event and the
 * mail. Round-robin goes on from the last agent chosen, by id; fewest open tickets first.
 */
export function assignByRule(ticket: Ticket): void {
  const rule = state().rules.get(ticket.hd_id);
  if (!rule || rule.mode === 'off' || ticket.is_draft || ticket.assignee_id !== null) return;
  const last = turns.get(ticket.hd_id) ?? 0;
  const open = (userId: number) =>
    db.records.filter(
      (r) =>
        r.object_type === 'T' &&
        r.assignee_id === userId &&
        !r.is_draft &&
        !CLOSED.has(r.status_id) &&
        r.id !== ticket.id,
    ).length;
  const candidates = db.users
    .filter(
      (u) =>
        u.user_is_hde &&
        u.confirmed &&
        !adminState().inactive.has(u.id) &&
        !state().availability.get(u.id)?.away &&
        worksOnDesk(u.id, ticket.hd_id),
    )
    .sort(
      (a, b) =>
        (rule.mode === 'fewest_open' ? open(a.id) - open(b.id) : 0) ||
        Number(a.id <= last) - Number(b.id <= last) ||
        a.id - b.id,
    );
  const agent = candidates[0];
  if (!agent) return;
  turns.set(ticket.hd_id, agent.id);
  ticket.assignee_id = agent.id;
  ticket.assignee_name = agent.fullname;
  ticket.version += 1;
  logEvent(ticket.id, null, 'assigned', { to: agent.fullname, automatic: 'desk_rule' });
  queueMail(ticket, agent.email, 'assigned');
}

export function assignmentHandlers() {
  return [
    http.get('/api/admin/assignment/', () => {
      const order = (h: (typeof HELPDESKS)[number]) => {
        const parent = HELPDESKS.find((p) => p.hd_id === h.parent_id);
        return [(parent ?? h).sort_order, h.parent_id === null ? 0 : 1, h.sort_order];
      };
      const desks = HELPDESKS.filter((h) => h.object_type === 'T')
        .sort((a, b) => {
          const [x, y] = [order(a), order(b)];
          return x.map((v, i) => v - y[i]).find((v) => v !== 0) ?? a.hd_id - b.hd_id;
        })
        .map((h) => desk(h.hd_id))
        .filter((d) => d !== undefined);
      const agents = db.users
        .filter((u) => u.user_is_hde && !adminState().inactive.has(u.id))
        .sort(
          (a, b) => a.fullname.toLowerCase().localeCompare(b.fullname.toLowerCase()) || a.id - b.id,
        )
        .map((u) => availabilityOf(u.id));
      return ok({ desks, agents });
    }),
    http.put('/api/admin/assignment/{id}/', async ({ request, params }) => {
      const id = Number(params.id);
      if (!desk(id)) return fail(404, 'Not Found', DESK_NOT_FOUND);
      const b = await bodyOf(request);
      state().rules.set(id, {
        mode: b.mode as Mode,
        away_hours: typeof b.away_hours === 'number' ? b.away_hours : null,
        away_action: b.away_action as Action,
      });
      const after = desk(id);
      return after ? ok(after) : fail(404, 'Not Found', DESK_NOT_FOUND);
    }),
    http.get(
      '/api/user/me/availability',
      authed((user) =>
        user.user_is_hde ? ok(availabilityOf(user.id)) : fail(403, 'Forbidden', AGENTS_ONLY),
      ),
    ),
    http.put(
      '/api/user/me/availability',
      authed(async (user, { request }) => {
        if (!user.user_is_hde) return fail(403, 'Forbidden', AGENTS_ONLY);
        const { away } = await bodyOf(request);
        const now = state().availability.get(user.id);
        if (now?.away !== away) {
          state().availability.set(user.id, {
            away: away === true,
            changed_at: new Date().toISOString(),
          });
        }
        return ok(availabilityOf(user.id));
      }),
    ),
  ];
}
