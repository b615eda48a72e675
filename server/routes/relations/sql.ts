// SQL for relations: finding records to relate (only those the caller may read, not drafts) and
// a record's related list. A relation is one row (smaller id first) that shows on both records.
import type { Queryable } from '../../db/transaction.js';
import type { ObjectType } from '../records/kinds.js';
import { Params, readableBy, type Viewer } from '../records/visibility.js';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** Up to 10 readable, submitted records of `type` whose title contains `text`, newest first. */
export async function searchByTitle(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  text: string,
  excludeId: number | undefined,
): Promise<{ id: string; title: string }[]> {
  const p = new Params([type, `%${escapeLike(text)}%`, excludeId ?? null]);
  // The stored folded title, as the trigram index (records_title_trgm_idx, migration 016).
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT r.id, r.title FROM records r
      WHERE r.object_type = $1 AND NOT r.is_draft
        AND r.title_search LIKE records_search_text($2)
        AND r.id IS DISTINCT FROM $3::bigint
        AND ${readableBy(p, viewer)}
      ORDER BY r.id DESC
      LIMIT 10`,
    p.values,
  );
  return rows;
}

/** One readable, submitted record's title. */
export async function titleById(
  db: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
): Promise<{ id: string; title: string } | undefined> {
  const p = new Params([type, id]);
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT r.id, r.title FROM records r
      WHERE r.object_type = $1 AND r.id = $2 AND NOT r.is_draft AND ${readableBy(p, viewer)}`,
    p.values,
  );
  return rows[0];
}

/** Any record the viewer may read (either kind): the other end of a new relation. */
export async function readableRecord(
  db: Queryable,
  viewer: Viewer,
  id: number,
): Promise<{ id: string; title: string } | undefined> {
  const p = new Params([id]);
  const { rows } = await db.query<{ id: string; title: string }>(
    `SELECT r.id, r.title FROM records r WHERE r.id = $1 AND ${readableBy(p, viewer)}`,
    p.values,
  );
  return rows[0];
}

export interface RelatedRow {
  id: string;
  object_type: ObjectType;
  title: string;
  status_name: string;
}

/** The records related to `recordId` that the viewer may read. */
export async function relatedList(
  db: Queryable,
  viewer: Viewer,
  recordId: number,
): Promise<RelatedRow[]> {
  const p = new Params([recordId]);
  const { rows } = await db.query<RelatedRow>(
    `SELECT r.id, r.object_type, r.title,
            (SELECT name FROM statuses WHERE id = r.status_id) AS status_name
       FROM (SELECT related_id AS id FROM record_relations WHERE record_id = $1
             UNION ALL
             SELECT record_id FROM record_relations WHERE related_id = $1) rel
       JOIN records r ON r.id = rel.id
      WHERE ${readableBy(p, viewer)}
      ORDER BY r.id`,
    p.values,
  );
  return rows;
}

const pair = (a: number, b: number) => (a < b ? [a, b] : [b, a]);

export async function relate(
  db: Queryable,
  a: number,
  b: number,
  createdBy: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO record_relations (record_id, related_id, created_by) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [...pair(a, b), createdBy],
  );
  return rowCount === 1;
}

export async function unrelate(db: Queryable, a: number, b: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM record_relations WHERE record_id = $1 AND related_id = $2',
    pair(a, b),
  );
  return rowCount === 1;
}
