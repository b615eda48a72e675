// SQL for the administrators' pages: help desks (restricted, members) and users (roles, active).
// Every change writes its admin_events row in the same transaction.
import type { Queryable } from '../../db/transaction.js';

// Type aliases, not interfaces: the reply types (from the schemas) have index signatures.
export type DeskRow = {
  id: number;
  name: string;
  object_type: 'T' | 'C';
  parent_id: number | null;
  restricted: boolean;
  members: { id: number; fullname: string }[];
  reviewers: { id: number; fullname: string }[];
};

const DESK_SELECT = `SELECT h.id, h.name, h.object_type, h.parent_id, h.restricted,
       coalesce((SELECT json_agg(json_build_object('id', u.id, 'fullname', u.fullname)
                                 ORDER BY u.fullname, u.id)
                   FROM helpdesk_members m JOIN users u ON u.id = m.user_id
                  WHERE m.helpdesk_id = h.id), '[]') AS members,
       coalesce((SELECT json_agg(json_build_object('id', u.id, 'fullname', u.fullname)
                                 ORDER BY u.fullname, u.id)
                   FROM desk_reviewers d JOIN users u ON u.id = d.user_id
                  WHERE d.helpdesk_id = h.id), '[]') AS reviewers
  FROM helpdesks h
  LEFT JOIN helpdesks parent ON parent.id = h.parent_id`;
const DESK_ORDER = `ORDER BY h.object_type DESC, coalesce(parent.sort_order, h.sort_order),
  h.parent_id NULLS FIRST, h.sort_order, h.id`;

export async function listDesks(q: Queryable): Promise<DeskRow[]> {
  const { rows } = await q.query<DeskRow>(`${DESK_SELECT} ${DESK_ORDER}`);
  return rows;
}

export async function getDesk(q: Queryable, id: number): Promise<DeskRow | undefined> {
  const { rows } = await q.query<DeskRow>(`${DESK_SELECT} WHERE h.id = $1`, [id]);
  return rows[0];
}

/** How many of the ids are active helpdesk agents. */
export async function countAgents(q: Queryable, ids: number[]): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE id = ANY($1::bigint[]) AND user_is_hde AND deactivated_at IS NULL`,
    [ids],
  );
  return rows[0].n;
}

/** Sets a desk's restriction and its members (locks the desk row first). */
export async function setDesk(
  q: Queryable,
  id: number,
  restricted: boolean,
  memberIds: number[],
): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE helpdesks SET restricted = $2 WHERE id = $1', [
    id,
    restricted,
  ]);
  if (rowCount !== 1) return false;
  await q.query(
    `WITH gone AS (DELETE FROM helpdesk_members
                    WHERE helpdesk_id = $1 AND user_id <> ALL($2::bigint[]))
     INSERT INTO helpdesk_members (helpdesk_id, user_id)
     SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [id, memberIds],
  );
  // Who sees the desk's records changed: agents hear "many records changed, reload" (the live
  // stream's `count` event, as for a large bulk statement), at commit.
  await q.query(
    `SELECT pg_notify('helpdesk_events', json_build_object(
              'kind', 'record', 'op', 'update',
              'count', (SELECT count(*) FROM (SELECT 1 FROM records WHERE hd_id = $1 LIMIT 10001) n)
            )::text)`,
    [id],
  );
  return true;
}

export async function adminEvent(
  q: Queryable,
  e: {
    actorId: number;
    action: string;
    target: 'user' | 'helpdesk' | 'organization';
    targetId: number;
    details: object;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO admin_events (actor_id, action, target_type, target_id, details)
     VALUES ($1, $2, $3, $4, $5)`,
    [e.actorId, e.action, e.target, e.targetId, JSON.stringify(e.details)],
  );
}

export type AdminUserRow = {
  id: string;
  fullname: string;
  email: string;
  user_is_hde: boolean;
  user_is_admin: boolean;
  language: 'en' | 'es';
  confirmed: boolean;
  active: boolean;
};

const USER_SELECT = `SELECT id, fullname, email, user_is_hde, user_is_admin, language,
       confirmed_at IS NOT NULL AS confirmed, deactivated_at IS NULL AS active
  FROM users`;

/** A page of users by name; `text` narrows by name or email. */
export async function listUsers(
  q: Queryable,
  opts: { text?: string; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = `($1::text IS NULL OR lower(fullname) LIKE $1 OR lower(email) LIKE $1)`;
  const like = opts.text ? `%${opts.text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const [page, count] = await Promise.all([
    q.query<AdminUserRow>(
      `${USER_SELECT} WHERE ${where} ORDER BY lower(fullname), id LIMIT $2 OFFSET $3`,
      [like, opts.limit, opts.offset],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE ${where}`, [like]),
  ]);
  return { rows: page.rows, total: count.rows[0].n };
}

export async function getUser(q: Queryable, id: number): Promise<AdminUserRow | undefined> {
  const { rows } = await q.query<AdminUserRow>(`${USER_SELECT} WHERE id = $1`, [id]);
  return rows[0];
}

/** The new user, or undefined when the address has an account. */
export async function insertInvited(
  q: Queryable,
  u: {
    fullname: string;
    email: string;
    passwordHash: string;
    language: 'en' | 'es';
    hde: boolean;
    admin: boolean;
  },
): Promise<AdminUserRow | undefined> {
  const { rows } = await q.query<AdminUserRow>(
    `WITH made AS (
       INSERT INTO users (fullname, email, password_hash, language, user_is_hde, user_is_admin)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING *)
     SELECT id, fullname, email, user_is_hde, user_is_admin, language,
            confirmed_at IS NOT NULL AS confirmed, deactivated_at IS NULL AS active FROM made`,
    [u.fullname, u.email, u.passwordHash, u.language, u.hde, u.admin],
  );
  return rows[0];
}

/** Sets the role flags; deactivating also revokes every session and unused mailed link. */
export async function updateUser(
  q: Queryable,
  id: number,
  u: { hde: boolean; admin: boolean; active: boolean },
): Promise<void> {
  await q.query(
    `UPDATE users SET user_is_hde = $2, user_is_admin = $3,
            deactivated_at = CASE WHEN $4 THEN NULL ELSE coalesce(deactivated_at, now()) END,
            updated_at = now()
      WHERE id = $1`,
    [id, u.hde, u.admin, u.active],
  );
  if (!u.active) {
    await q.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [id],
    );
    await q.query(
      'UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [id],
    );
  }
  // A user who is no longer an agent is no member of any desk.
  if (!u.hde) await q.query('DELETE FROM helpdesk_members WHERE user_id = $1', [id]);
}
