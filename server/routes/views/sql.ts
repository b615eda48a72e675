// SQL for saved views: an agent sees their own views and every shared one.
import type { Queryable } from '../../db/transaction.js';
import type { ListFilters } from '../records/sql.js';

export interface ViewRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  object_type: 'T' | 'C';
  shared: boolean;
  filters: ListFilters;
  sort: string;
  columns: string[];
  created_at: Date;
  updated_at: Date;
}

export interface ViewInput {
  name: string;
  object_type: 'T' | 'C';
  shared: boolean;
  filters: ListFilters;
  sort: string;
  columns: string[];
}

const COLUMNS = `v.id, v.owner_id, (SELECT fullname FROM users WHERE id = v.owner_id) AS owner_name,
  v.name, v.object_type, v.shared, v.filters, v.sort, v.columns, v.created_at, v.updated_at`;

/** The caller's views and the shared ones, by name (at most `limit`). */
export async function visibleViews(q: Queryable, me: number, limit: number): Promise<ViewRow[]> {
  const { rows } = await q.query<ViewRow>(
    `SELECT ${COLUMNS} FROM saved_views v
      WHERE v.owner_id = $1 OR v.shared
      ORDER BY v.name, v.id LIMIT $2`,
    [me, limit],
  );
  return rows;
}

export async function findVisible(q: Queryable, me: number, id: number) {
  const { rows } = await q.query<ViewRow>(
    `SELECT ${COLUMNS} FROM saved_views v WHERE v.id = $2 AND (v.owner_id = $1 OR v.shared)`,
    [me, id],
  );
  return rows[0];
}

export async function countOwned(q: Queryable, me: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM saved_views WHERE owner_id = $1',
    [me],
  );
  return rows[0].n;
}

export async function insertView(q: Queryable, me: number, v: ViewInput): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO saved_views (owner_id, name, object_type, shared, filters, sort, columns)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [me, v.name, v.object_type, v.shared, JSON.stringify(v.filters), v.sort, v.columns],
  );
  return Number(rows[0].id);
}

/** Updates the owner's view; whether it matched. */
export async function updateView(q: Queryable, me: number, id: number, v: ViewInput) {
  const result = await q.query(
    `UPDATE saved_views
        SET name = $3, object_type = $4, shared = $5, filters = $6, sort = $7, columns = $8,
            updated_at = now()
      WHERE id = $2 AND owner_id = $1`,
    [me, id, v.name, v.object_type, v.shared, JSON.stringify(v.filters), v.sort, v.columns],
  );
  return result.rowCount === 1;
}

export async function deleteView(q: Queryable, me: number, id: number): Promise<boolean> {
  const result = await q.query('DELETE FROM saved_views WHERE id = $2 AND owner_id = $1', [me, id]);
  return result.rowCount === 1;
}
