// SQL for home, what's new and the dashboard. Figures are the capped counts of the very lists
// their links open (records/sql.ts buildListQueries), so a figure and its list always agree.
import type { Db } from '../../db/pool.js';
import { LIST_COUNT_CAP, TICKET } from '../records/kinds.js';
import { buildListQueries, selectFrom, type ListFilters } from '../records/sql.js';
import type { RecordRow } from '../records/kinds.js';
import { statusGroup } from '../records/ticket-state.js';
import {
  Params,
  hiddenDesks,
  viewerColumns,
  visibleTo,
  type Viewer,
} from '../records/visibility.js';

/** Published, searchable, submitted content: what every signed-in user may read. */
const PUBLISHED = `r.object_type = 'C' AND NOT r.is_draft AND r.searchable
  AND r.status_id = (SELECT id FROM statuses WHERE code = 'published')`;

/** Newest published content, a page at a time, with the capped total (as lists). */
export async function publishedContent(
  db: Db,
  viewer: Viewer,
  page: number,
  pageSize: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const p = new Params();
  const limit = p.add(pageSize);
  const offset = p.add((page - 1) * pageSize);
  const pageSql = `${selectFrom(
    `(SELECT r.id FROM records r WHERE ${PUBLISHED}
       ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}) page
     JOIN records r ON r.id = page.id`,
    false,
    viewerColumns(p, viewer),
  )}
   ORDER BY r.created_at DESC, r.id DESC`;
  const [rows, count] = await Promise.all([
    db.query<RecordRow>(pageSql, p.values),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total
         FROM (SELECT 1 FROM records r WHERE ${PUBLISHED} LIMIT ${LIST_COUNT_CAP + 1}) capped`,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** The capped count of a ticket list (what its first page's `total` says). */
export async function ticketCount(
  db: Db,
  viewer: Viewer,
  scope: 'my' | 'hd',
  filters: ListFilters,
  now: Date,
): Promise<number> {
  const { count } = buildListQueries(TICKET, viewer, {
    scope,
    page: 1,
    pageSize: 1,
    sort: '-created_at',
    filters,
    now,
  });
  const { rows } = await db.query<{ total: number }>(count);
  return Math.min(rows[0].total, LIST_COUNT_CAP);
}

// A type alias, not an interface: the dashboard's reply type (from its schema) has an index
// signature, which an interface does not satisfy.
export type HelpdeskOpen = {
  hd_id: number;
  hd_name: string;
  open: number;
};

/** Open tickets per ticket help desk (every help desk, in tree order). */
export async function openPerHelpdesk(db: Db, viewer: Viewer): Promise<HelpdeskOpen[]> {
  const { rows } = await db.query<HelpdeskOpen>(
    `WITH open AS (
       SELECT r.hd_id, count(*)::int AS n FROM records r
        WHERE r.object_type = 'T' AND NOT r.is_draft AND ${statusGroup('open')}
        GROUP BY r.hd_id)
     SELECT h.id AS hd_id, h.name AS hd_name, coalesce(open.n, 0) AS open
       FROM helpdesks h
       LEFT JOIN helpdesks parent ON parent.id = h.parent_id
       LEFT JOIN open ON open.hd_id = h.id
      WHERE h.object_type = 'T' AND h.id <> ALL (${hiddenDesks('$1')})
      ORDER BY coalesce(parent.sort_order, h.sort_order), h.parent_id NULLS FIRST, h.sort_order`,
    [viewer.id],
  );
  return rows;
}

export interface ActivityRow {
  record_id: string;
  object_type: 'T' | 'C';
  title: string;
  action: string;
  actor_name: string | null;
  created_at: Date;
}

/** The newest history events on records the viewer sees; internal ones for agents only. */
export async function activity(db: Db, viewer: Viewer, limit = 10): Promise<ActivityRow[]> {
  const p = new Params();
  const { rows } = await db.query<ActivityRow>(
    `SELECT e.record_id, r.object_type, r.title, e.action,
            (SELECT fullname FROM users WHERE id = e.actor_id) AS actor_name, e.created_at
       FROM record_events e JOIN records r ON r.id = e.record_id
      WHERE ${visibleTo(p, viewer)} AND (NOT e.internal OR ${p.add(viewer.user_is_hde)}::boolean)
      ORDER BY e.created_at DESC, e.id DESC
      LIMIT ${p.add(limit)}`,
    p.values,
  );
  return rows;
}
