// SQL for the assignment settings (per ticket desk) and the agents' availability
// (docs/assignment.md). A desk without a `desk_assignment` row has its rule off.
import type { Queryable } from '../../db/transaction.js';
import type { AssignmentMode } from '../../assignment/assign-next.js';

export type AssignmentDeskRow = {
  id: number;
  name: string;
  parent_id: number | null;
  restricted: boolean;
  mode: AssignmentMode;
  away_hours: number | null;
  away_action: 'queue' | 'reassign';
};

const DESK_SELECT = `SELECT h.id, h.name, h.parent_id, h.restricted,
       coalesce(d.mode, 'off') AS mode, d.away_hours, coalesce(d.away_action, 'queue') AS away_action
  FROM helpdesks h
  LEFT JOIN desk_assignment d ON d.helpdesk_id = h.id
  LEFT JOIN helpdesks parent ON parent.id = h.parent_id
 WHERE h.object_type = 'T'`;

export async function listDesks(q: Queryable): Promise<AssignmentDeskRow[]> {
  const { rows } = await q.query<AssignmentDeskRow>(
    `${DESK_SELECT} ORDER BY coalesce(parent.sort_order, h.sort_order), h.parent_id NULLS FIRST,
                             h.sort_order, h.id`,
  );
  return rows;
}

/** A ticket desk's settings; `lock`: its row locked for the change (made if missing). */
export async function getDesk(
  q: Queryable,
  id: number,
  lock = false,
): Promise<AssignmentDeskRow | undefined> {
  if (lock) {
    await q.query(
      `INSERT INTO desk_assignment (helpdesk_id)
       SELECT id FROM helpdesks WHERE id = $1 AND object_type = 'T' ON CONFLICT DO NOTHING`,
      [id],
    );
    await q.query('SELECT 1 FROM desk_assignment WHERE helpdesk_id = $1 FOR UPDATE', [id]);
  }
  const { rows } = await q.query<AssignmentDeskRow>(`${DESK_SELECT} AND h.id = $1`, [id]);
  return rows[0];
}

export async function setDesk(
  q: Queryable,
  id: number,
  s: { mode: AssignmentMode; away_hours: number | null; away_action: 'queue' | 'reassign' },
): Promise<void> {
  await q.query(
    `UPDATE desk_assignment SET mode = $2, away_hours = $3, away_action = $4, updated_at = now()
      WHERE helpdesk_id = $1`,
    [id, s.mode, s.away_hours, s.away_action],
  );
}

export type AvailabilityRow = {
  id: string;
  fullname: string;
  away: boolean;
  changed_at: Date | null;
};

const AVAILABILITY_SELECT = `SELECT u.id, u.fullname, coalesce(a.away, false) AS away, a.changed_at
  FROM users u LEFT JOIN agent_availability a ON a.user_id = u.id`;

/** Every active agent with their availability, by name. */
export async function listAvailability(q: Queryable): Promise<AvailabilityRow[]> {
  const { rows } = await q.query<AvailabilityRow>(
    `${AVAILABILITY_SELECT} WHERE u.user_is_hde AND u.deactivated_at IS NULL
      ORDER BY lower(u.fullname), u.id`,
  );
  return rows;
}

export async function getAvailability(q: Queryable, userId: number): Promise<AvailabilityRow> {
  const { rows } = await q.query<AvailabilityRow>(`${AVAILABILITY_SELECT} WHERE u.id = $1`, [
    userId,
  ]);
  return rows[0];
}

/** Sets an agent away or back at `at`; the time changes only when the state does. */
export async function setAvailability(
  q: Queryable,
  userId: number,
  away: boolean,
  at: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO agent_availability (user_id, away, changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET away = $2, changed_at = $3
      WHERE agent_availability.away IS DISTINCT FROM $2`,
    [userId, away, at],
  );
  return rowCount === 1;
}
