// SQL for the content collector (browse content by classification node) and for maintaining the
// tree (agents). Counts walk each listed node's subtree once (a recursive CTE) and count distinct
// readable, submitted content items classified anywhere in it.
import type { FromSchema } from 'json-schema-to-ts';
import type { DatabaseError } from 'pg';
import type { Db } from '../../db/pool.js';
import type { Queryable } from '../../db/transaction.js';
import { LIST_COUNT_CAP, type RecordRow } from '../records/kinds.js';
import { selectFrom } from '../records/sql.js';
import { Params, readableBy, viewerColumns, type Viewer } from '../records/visibility.js';
import type { collectorNodeSchema } from './routes.js';

/** A node as collectorNodes selects it: the answers' CollectorNode. */
export type CollectorNode = FromSchema<typeof collectorNodeSchema>;

export async function collectorNodes(
  db: Db,
  viewer: Viewer,
  parentId: number | undefined,
): Promise<CollectorNode[]> {
  const p = new Params();
  const under = parentId === undefined ? 'parent_id IS NULL' : `parent_id = ${p.add(parentId)}`;
  const { rows } = await db.query<CollectorNode>(
    `WITH RECURSIVE listed AS (
       SELECT id, name, sort_order FROM categories WHERE ${under}),
     tree AS (
       SELECT id AS top, id FROM listed
       UNION ALL
       SELECT tree.top, c.id FROM tree JOIN categories c ON c.parent_id = tree.id),
     counts AS (
       SELECT tree.top, count(DISTINCT r.id)::int AS n
         FROM tree
         JOIN record_categories rc ON rc.category_id = tree.id
         JOIN records r ON r.id = rc.record_id
        WHERE r.object_type = 'C' AND NOT r.is_draft AND ${readableBy(p, viewer)}
        GROUP BY tree.top)
     SELECT l.id AS category_id, l.name AS category_name,
            EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = l.id) AS has_children,
            coalesce(counts.n, 0) AS content_count
       FROM listed l LEFT JOIN counts ON counts.top = l.id
      ORDER BY l.sort_order, l.name, l.id`,
    p.values,
  );
  return rows;
}

/** Content classified directly under the node, newest first, a page at a time. */
export async function nodeContent(
  db: Db,
  viewer: Viewer,
  categoryId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const p = new Params([categoryId]);
  const where = `r.object_type = 'C' AND NOT r.is_draft AND ${readableBy(p, viewer)}
    AND EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id AND rc.category_id = $1)`;
  const countValues = [...p.values];
  const limit = p.add(pageSize);
  const offset = p.add((page - 1) * pageSize);
  const [rows, count] = await Promise.all([
    db.query<RecordRow>(
      `${selectFrom(
        `(SELECT r.id FROM records r WHERE ${where}
           ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}) page
         JOIN records r ON r.id = page.id`,
        false,
        viewerColumns(p, viewer),
      )}
       ORDER BY r.created_at DESC, r.id DESC`,
      p.values,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total
         FROM (SELECT 1 FROM records r WHERE ${where} LIMIT ${LIST_COUNT_CAP + 1}) capped`,
      countValues,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

// ---- Maintenance (agents) -----------------------------------------------------------------

export async function categoryExists(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM categories WHERE id = $1', [id]);
  return rowCount === 1;
}

/** A sibling (same parent, other id) already has this name (case-insensitive). */
export async function siblingHasName(
  db: Queryable,
  parentId: number | null,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM categories
      WHERE parent_id IS NOT DISTINCT FROM $1 AND lower(name) = lower($2) AND id <> $3`,
    [parentId, name, exceptId ?? 0],
  );
  return (rowCount ?? 0) > 0;
}

/** Whether `candidate` is `id` or one of its descendants (a move there would make a cycle). */
export async function isSelfOrDescendant(
  db: Queryable,
  id: number,
  candidate: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH RECURSIVE sub AS (
       SELECT id FROM categories WHERE id = $1
       UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
     SELECT 1 FROM sub WHERE id = $2`,
    [id, candidate],
  );
  return (rowCount ?? 0) > 0;
}

export async function current(
  db: Queryable,
  id: number,
): Promise<{ name: string; parent_id: number | null } | undefined> {
  const { rows } = await db.query<{ name: string; parent_id: number | null }>(
    'SELECT name, parent_id FROM categories WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** True when the statement failed on UNIQUE (parent_id, name): a concurrent duplicate. */
export function isDuplicate(err: unknown): boolean {
  return (err as DatabaseError).code === '23505';
}

export async function insertCategory(
  db: Queryable,
  name: string,
  parentId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO categories (parent_id, name, sort_order)
     VALUES ($1, $2, coalesce((SELECT max(sort_order) + 1 FROM categories
                                WHERE parent_id IS NOT DISTINCT FROM $1), 1))
     RETURNING id`,
    [parentId, name],
  );
  return rows[0].id;
}

export async function updateCategory(
  db: Queryable,
  id: number,
  name: string,
  parentId: number | null,
): Promise<void> {
  await db.query('UPDATE categories SET name = $2, parent_id = $3 WHERE id = $1', [
    id,
    name,
    parentId,
  ]);
}

/** How many records use the node and whether it has children (a delete is refused then). */
export async function usage(
  db: Queryable,
  id: number,
): Promise<{ records: number; children: boolean }> {
  const { rows } = await db.query<{ records: number; children: boolean }>(
    `SELECT (SELECT count(*)::int FROM record_categories WHERE category_id = $1) AS records,
            EXISTS (SELECT 1 FROM categories WHERE parent_id = $1) AS children`,
    [id],
  );
  return rows[0];
}

/** Deletes the node unless it is in use or has children (checked again in the statement). */
export async function deleteCategory(db: Queryable, id: number): Promise<boolean> {
  const result = await db.query(
    `DELETE FROM categories c WHERE c.id = $1
        AND NOT EXISTS (SELECT 1 FROM record_categories WHERE category_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)`,
    [id],
  );
  return result.rowCount === 1;
}
