// The administrators' calls (server/routes/admin): help desks restricted to members, and users
// with their roles. Anyone signed in who is not an administrator gets the server's 403.
import { namedReviewers } from './article-review-handlers';
import { db } from './db';
import { authed, bodyOf, fail, http, ok, type MockUser } from './http';
import { HELPDESKS } from './records-data';
import { adminState } from './desk-access';

const ADMINS_ONLY = 'Only administrators can do this.';
const MESSAGES = {
  deskNotFound: 'This help desk does not exist.',
  userNotFound: 'This user does not exist.',
  members: 'Choose active helpdesk agents as members.',
  noMembers: 'A restricted help desk needs at least one member.',
  emailTaken: 'An account with this email address already exists.',
  ownAdmin: 'You cannot remove your own administrator role.',
  ownDeactivate: 'You cannot deactivate your own account.',
} as const;

const state = () => {
  const { desks, inactive } = adminState();
  return { desks, inactive };
};

/** Signed-in administrators only: anyone else gets the server's 403 (config: { role: 'admin' }). */
export const adminsOnly = <Info extends { request: Request }, Answer>(
  handler: (user: MockUser, info: Info) => Answer,
) =>
  authed((user: MockUser, info: Info) =>
    user.user_is_admin ? handler(user, info) : fail(403, 'Forbidden', ADMINS_ONLY),
  );
const admin = adminsOnly;

function desk(id: number) {
  const d = HELPDESKS.find((h) => h.hd_id === id);
  if (!d) return undefined;
  const access = state().desks.get(id) ?? { restricted: false, members: [] };
  const members = access.members
    .map((m) => db.users.find((u) => u.id === m))
    .filter((u) => u !== undefined)
    .map((u) => ({ id: u.id, fullname: u.fullname }))
    .sort((a, b) => a.fullname.localeCompare(b.fullname) || a.id - b.id);
  return {
    id: d.hd_id,
    name: d.hd_name,
    object_type: d.object_type,
    parent_id: d.parent_id,
    restricted: access.restricted,
    members,
    reviewers: namedReviewers(d.hd_id),
  };
}

function adminUser(u: (typeof db.users)[number]) {
  return {
    id: u.id,
    fullname: u.fullname,
    email: u.email,
    user_is_hde: u.user_is_hde,
    user_is_admin: u.user_is_admin,
    language: u.language,
    confirmed: u.confirmed,
    active: !state().inactive.has(u.id),
  };
}

export function adminHandlers() {
  return [
    http.get(
      '/api/admin/helpdesks/',
      admin(() => {
        const order = (h: (typeof HELPDESKS)[number]) => {
          const parent = HELPDESKS.find((p) => p.hd_id === h.parent_id);
          return [
            h.object_type === 'T' ? 0 : 1,
            (parent ?? h).sort_order,
            h.parent_id === null ? 0 : 1,
            h.sort_order,
          ];
        };
        const sorted = [...HELPDESKS].sort((a, b) => {
          const [x, y] = [order(a), order(b)];
          return x.map((v, i) => v - y[i]).find((v) => v !== 0) ?? a.hd_id - b.hd_id;
        });
        return ok({ items: sorted.map((h) => desk(h.hd_id)).filter((d) => d !== undefined) });
      }),
    ),
    http.put(
      '/api/admin/helpdesks/{id}/',
      admin(async (_user, { request, params }) => {
        const id = Number(params.id);
        if (!desk(id)) return fail(404, 'Not Found', MESSAGES.deskNotFound);
        const b = await bodyOf(request);
        const ids = (b.member_ids as number[]) ?? [];
        const agents = ids.filter((m) =>
          db.users.some((u) => u.id === m && u.user_is_hde && !state().inactive.has(u.id)),
        );
        if (agents.length !== ids.length) {
          return fail(400, 'Bad Request', 'Validation failed', { member_ids: MESSAGES.members });
        }
        if (b.restricted === true && ids.length === 0) {
          return fail(400, 'Bad Request', 'Validation failed', { member_ids: MESSAGES.noMembers });
        }
        state().desks.set(id, { restricted: b.restricted === true, members: ids });
        const after = desk(id);
        return after ? ok(after) : fail(404, 'Not Found', MESSAGES.deskNotFound);
      }),
    ),
    http.get(
      '/api/admin/users/',
      admin((_user, { request }) => {
        const q = new URL(request.url).searchParams;
        const page = Number(q.get('page') ?? 1);
        const text = (q.get('text') ?? '').trim().toLowerCase();
        const all = db.users
          .filter(
            (u) =>
              !text ||
              u.fullname.toLowerCase().includes(text) ||
              u.email.toLowerCase().includes(text),
          )
          .sort(
            (a, b) =>
              a.fullname.toLowerCase().localeCompare(b.fullname.toLowerCase()) || a.id - b.id,
          );
        const items = all.slice((page - 1) * 50, page * 50).map(adminUser);
        return ok({ items, total: all.length, page, page_size: 50 });
      }),
    ),
    http.post(
      '/api/admin/users/',
      admin(async (user, { request }) => {
        const b = await bodyOf(request);
        const email = String(b.email).trim().toLowerCase();
        if (db.users.some((u) => u.email.toLowerCase() === email)) {
          return fail(400, 'Bad Request', 'Validation failed', { email: MESSAGES.emailTaken });
        }
        const me = db.users.find((u) => u.id === user.id);
        const made = {
          id: Math.max(0, ...db.users.map((u) => u.id)) + 1,
          fullname: String(b.fullname).trim(),
          email,
          user_is_hde: b.role !== 'user',
          user_is_admin: b.role === 'admin',
          items_per_page: 10 as const,
          language:
            b.language === 'es' || b.language === 'en' ? b.language : (me?.language ?? 'en'),
          password: Math.random().toString(36),
          confirmed: false,
        };
        db.users.push(made);
        return ok(adminUser(made));
      }),
    ),
    http.put(
      '/api/admin/users/{id}/',
      admin(async (user, { request, params }) => {
        const id = Number(params.id);
        const target = db.users.find((u) => u.id === id);
        if (!target) return fail(404, 'Not Found', MESSAGES.userNotFound);
        const b = await bodyOf(request);
        let admin = typeof b.user_is_admin === 'boolean' ? b.user_is_admin : target.user_is_admin;
        let hde = typeof b.user_is_hde === 'boolean' ? b.user_is_hde : target.user_is_hde;
        if (b.user_is_admin === true) hde = true;
        if (b.user_is_hde === false) admin = false;
        const active = typeof b.active === 'boolean' ? b.active : !state().inactive.has(id);
        if (id === user.id && !admin) return fail(409, 'Conflict', MESSAGES.ownAdmin);
        if (id === user.id && !active) return fail(409, 'Conflict', MESSAGES.ownDeactivate);
        target.user_is_admin = admin;
        target.user_is_hde = hde;
        if (active) state().inactive.delete(id);
        else {
          state().inactive.add(id);
          for (const [jti, uid] of db.sessions) if (uid === id) db.revoked.add(jti);
        }
        if (!hde)
          for (const d of state().desks.values()) d.members = d.members.filter((m) => m !== id);
        return ok(adminUser(target));
      }),
    ),
  ];
}

/** A deactivated user's right password answers this (login, as the server does). */
export function deactivatedMessage(userId: number): string | undefined {
  return state().inactive.has(userId)
    ? 'This account has been deactivated. Ask an administrator to reactivate it.'
    : undefined;
}
