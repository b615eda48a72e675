// SQL for the classification tree: nodes with their path (a recursive CTE up to the root) and
// whether they have children, favourites, and a record's classification.
import type { FromSchema } from 'json-schema-to-ts';
import type { Queryable } from '../../db/transaction.js';
import type { nodeShape } from './routes.js';

/** A node as nodesSql selects it: the answers' TaxonomyNode. */
export type NodeRow = FromSchema<typeof nodeShape>;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/**
 * The nodes `picked` selects (SQL returning `id` and `ord`, in `ord` order), each with its path
 * ("IT > Network > VPN") and has_children: one statement.
 */
function nodesSql(picked: string): string {
  return `WITH RECURSIVE picked AS (${picked}),
    chain AS (
      SELECT c.id AS node_id, c.parent_id, c.name, 0 AS depth
        FROM categories c JOIN picked ON picked.id = c.id
      UNION ALL
      SELECT chain.node_id, p.parent_id, p.name, chain.depth + 1
        FROM chain JOIN categories p ON p.id = chain.parent_id
    )
    SELECT c.id AS category_id, c.name AS category_name,
           EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) AS has_children,
           (SELECT string_agg(chain.name, ' > ' ORDER BY chain.depth DESC)
              FROM chain WHERE chain.node_id = c.id) AS path
      FROM picked JOIN categories c ON c.id = picked.id
     ORDER BY picked.ord, c.id`;
}

export async function roots(db: Queryable): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT id, row_number() OVER (ORDER BY sort_order, name) AS ord
                FROM categories WHERE parent_id IS NULL`),
  );
  return rows;
}

export async function nodeExists(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM categories WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function children(db: Queryable, id: number): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT id, row_number() OVER (ORDER BY sort_order, name) AS ord
                FROM categories WHERE parent_id = $1`),
    [id],
  );
  return rows;
}

/** Up to 50 nodes whose name contains `text` (trigram index categories_name_trgm_idx). */
export async function byName(db: Queryable, text: string): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT id, row_number() OVER (ORDER BY name, id) AS ord
                FROM (SELECT id, name FROM categories
                       WHERE records_search_text(name) LIKE records_search_text($1)
                       ORDER BY name, id LIMIT 50) found`),
    [`%${escapeLike(text)}%`],
  );
  return rows;
}

export async function favourites(db: Queryable, userId: number): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT category_id AS id, row_number() OVER (ORDER BY created_at, category_id) AS ord
                FROM favorite_categories WHERE user_id = $1`),
    [userId],
  );
  return rows;
}

/** Adds a favourite: 'added', 'duplicate' or 'unknown' (no such node). */
export async function addFavourite(
  db: Queryable,
  userId: number,
  categoryId: number,
): Promise<'added' | 'duplicate' | 'unknown'> {
  const { rowCount } = await db.query(
    `INSERT INTO favorite_categories (user_id, category_id)
     SELECT $1, id FROM categories WHERE id = $2
     ON CONFLICT DO NOTHING`,
    [userId, categoryId],
  );
  if (rowCount === 1) return 'added';
  return (await nodeExists(db, categoryId)) ? 'duplicate' : 'unknown';
}

export async function removeFavourite(
  db: Queryable,
  userId: number,
  categoryId: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM favorite_categories WHERE user_id = $1 AND category_id = $2',
    [userId, categoryId],
  );
  return rowCount === 1;
}

export async function nodesByIds(db: Queryable, ids: number[]): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT id, row_number() OVER (ORDER BY id) AS ord
                FROM categories WHERE id = ANY($1::int[])`),
    [ids],
  );
  return rows;
}

export async function recordNodes(db: Queryable, recordId: number): Promise<NodeRow[]> {
  const { rows } = await db.query<NodeRow>(
    nodesSql(`SELECT c.id, row_number() OVER (ORDER BY c.name, c.id) AS ord
                FROM record_categories rc JOIN categories c ON c.id = rc.category_id
               WHERE rc.record_id = $1`),
    [recordId],
  );
  return rows;
}

/** Makes the record's nodes exactly `ids` (all known). Returns whether anything changed. */
export async function replaceRecordNodes(
  db: Queryable,
  recordId: number,
  ids: number[],
): Promise<boolean> {
  await db.query('SELECT 1 FROM records WHERE id = $1 FOR UPDATE', [recordId]);
  const removed = await db.query(
    `DELETE FROM record_categories WHERE record_id = $1 AND NOT (category_id = ANY($2::int[]))`,
    [recordId, ids],
  );
  const added = await db.query(
    `INSERT INTO record_categories (record_id, category_id)
     SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
    [recordId, ids],
  );
  return (removed.rowCount ?? 0) + (added.rowCount ?? 0) > 0;
}
