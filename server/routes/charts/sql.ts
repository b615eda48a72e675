// SQL for the charts: counts over records created in a period, and per day the tickets opened
// (created_at) and closed (the history's status_changed events into a closed status). Agents
// count every record, anyone else their own (requester / author). Days are UTC.
import type { Db } from '../../db/pool.js';
import { Params, hiddenDesks, type Viewer } from '../records/visibility.js';

export interface Period {
  from: string;
  to: string;
}

// Row shapes are type aliases, not interfaces: the charts reply type (from its schema) has an
// index signature, which an interface does not satisfy.
export type DayRow = {
  day: string;
  opened: number;
  closed: number;
};

export type Bar = {
  label: string;
  value: number;
};

/** The records the charts count: the viewer's own, or all for agents (no shares: figures are
 * about one's own work). */
function scope(p: Params, viewer: Viewer, alias = 'r'): string {
  const me = p.add(viewer.id);
  // An agent's: every desk but the restricted ones they are not a member of (visibility.ts).
  return `((${p.add(viewer.user_is_hde)}::boolean AND ${alias}.hd_id <> ALL (${hiddenDesks(me)}))
          OR ${alias}.owner_id = ${me}::bigint)`;
}

function range(p: Params, period: Period, column: string): string {
  return `${column} >= ${p.add(period.from)}::date::timestamp AT TIME ZONE 'UTC'
      AND ${column} < (${p.add(period.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
}

export async function perDay(db: Db, viewer: Viewer, period: Period): Promise<DayRow[]> {
  const p = new Params();
  const from = p.add(period.from);
  const to = p.add(period.to);
  const { rows } = await db.query<DayRow>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d),
     opened AS (
       SELECT (r.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
         FROM records r
        WHERE r.object_type = 'T' AND NOT r.is_draft AND ${scope(p, viewer)}
          AND ${range(p, period, 'r.created_at')}
        GROUP BY 1),
     closed_names AS (SELECT name FROM statuses WHERE object_type = 'T' AND is_closed),
     closed AS (
       SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
         FROM record_events e JOIN records r ON r.id = e.record_id
        WHERE e.action = 'status_changed' AND r.object_type = 'T' AND ${scope(p, viewer)}
          AND ${range(p, period, 'e.created_at')}
          AND e.details->>'to' IN (SELECT name FROM closed_names)
          AND coalesce(e.details->>'from', '') NOT IN (SELECT name FROM closed_names)
        GROUP BY 1)
     SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
            coalesce(opened.n, 0) AS opened, coalesce(closed.n, 0) AS closed
       FROM days
       LEFT JOIN opened ON opened.day = days.day
       LEFT JOIN closed ON closed.day = days.day
      ORDER BY days.day`,
    p.values,
  );
  return rows;
}

/** The lookup tables a breakdown groups by (fixed identifiers, never input). */
const BREAKDOWNS = {
  tickets_by_status: {
    type: 'T',
    table: 'statuses',
    column: 'status_id',
    where: `l.object_type = 'T'`,
  },
  tickets_by_priority: { type: 'T', table: 'priorities', column: 'priority_id', where: 'true' },
  tickets_by_helpdesk: {
    type: 'T',
    table: 'helpdesks',
    column: 'hd_id',
    where: `l.object_type = 'T'`,
  },
  content_by_type: { type: 'C', table: 'content_types', column: 'content_type_id', where: 'true' },
  content_by_status: {
    type: 'C',
    table: 'statuses',
    column: 'status_id',
    where: `l.object_type = 'C'`,
  },
} as const;

export type BreakdownName = keyof typeof BREAKDOWNS;
export const BREAKDOWN_NAMES = Object.keys(BREAKDOWNS) as BreakdownName[];

/** Every row of the lookup (zeros included, in its order) with the records created in the period. */
export async function breakdown(
  db: Db,
  viewer: Viewer,
  period: Period,
  name: BreakdownName,
): Promise<Bar[]> {
  const b = BREAKDOWNS[name];
  const p = new Params();
  const { rows } = await db.query<Bar>(
    `SELECT l.name AS label, count(r.id)::int AS value
       FROM ${b.table} l
       LEFT JOIN records r ON r.${b.column} = l.id AND r.object_type = '${b.type}'
            AND NOT r.is_draft AND ${scope(p, viewer)} AND ${range(p, period, 'r.created_at')}
      WHERE ${b.where}
      GROUP BY l.id, l.name, l.sort_order
      ORDER BY l.sort_order, l.id`,
    p.values,
  );
  return rows;
}

export type SlaWeekRow = {
  week: string;
  hd_id: number;
  hd_name: string;
  met: number;
  missed: number;
  /** met / (met + missed) in %, rounded; null when nothing was due. */
  percent: number | null;
};

/**
 * Service levels (docs/sla.md): per ISO week (Monday, UTC) and help desk, the first-response and
 * resolution targets that fell due in the period, met on time or missed (answered/resolved late,
 * or still open past the due time at `now`, unless paused).
 */
export async function slaMetPerWeek(
  db: Db,
  viewer: Viewer,
  period: Period,
  now: Date,
): Promise<SlaWeekRow[]> {
  const p = new Params();
  const nowParam = p.add(now);
  const { rows } = await db.query<SlaWeekRow>(
    `WITH targets AS (
       SELECT r.hd_id, t.due, t.done, r.sla_paused_since
         FROM records r
        CROSS JOIN LATERAL (VALUES (r.first_response_due_at, r.first_responded_at),
                                   (r.resolution_due_at, r.resolved_at)) AS t(due, done)
        WHERE r.object_type = 'T' AND NOT r.is_draft AND r.sla_policy_id IS NOT NULL
          AND ${scope(p, viewer)} AND t.due IS NOT NULL AND ${range(p, period, 't.due')}),
     outcomes AS (
       SELECT hd_id, date_trunc('week', due AT TIME ZONE 'UTC')::date AS week,
              count(*) FILTER (WHERE done <= due)::int AS met,
              count(*) FILTER (WHERE done > due
                                  OR (done IS NULL AND due < ${nowParam}
                                      AND sla_paused_since IS NULL))::int AS missed
         FROM targets GROUP BY 1, 2)
     SELECT to_char(o.week, 'YYYY-MM-DD') AS week, o.hd_id, h.name AS hd_name, o.met, o.missed,
            CASE WHEN o.met + o.missed > 0
                 THEN round(100.0 * o.met / (o.met + o.missed))::int END AS percent
       FROM outcomes o JOIN helpdesks h ON h.id = o.hd_id
      WHERE o.met + o.missed > 0
      ORDER BY o.week, h.sort_order, h.id`,
    p.values,
  );
  return rows;
}
