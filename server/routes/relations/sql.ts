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

/** A link as seen from one record; the other record sees its inverse. */
export const LINKS = ['related', 'parent_of', 'child_of', 'duplicate_of', 'has_duplicate'] as const;
export type Link = (typeof LINKS)[number];
export const INVERSE: Record<Link, Link> = {
  related: 'related',
  parent_of: 'child_of',
  child_of: 'parent_of',
  duplicate_of: 'has_duplicate',
  has_duplicate: 'duplicate_of',
};

export interface RelatedRow {
  id: string;
  object_type: ObjectType;
  title: string;
  status_name: string;
  status_closed: boolean;
  link: Link;
}

/** The records related to `recordId` that the viewer may read. */
export async function relatedList(
  db: Queryable,
  viewer: Viewer,
  recordId: number,
): Promise<RelatedRow[]> {
  const p = new Params([recordId]);
  const { rows } = await db.query<RelatedRow>(
    `SELECT r.id, r.object_type, r.title, s.name AS status_name, s.is_closed AS status_closed,
            rel.link
       FROM (SELECT related_id AS id, link_type AS link FROM record_relations WHERE record_id = $1
             UNION ALL
             SELECT record_id, CASE link_type WHEN 'parent_of' THEN 'child_of'
                                              WHEN 'child_of' THEN 'parent_of'
                                              WHEN 'duplicate_of' THEN 'has_duplicate'
                                              WHEN 'has_duplicate' THEN 'duplicate_of'
                                              ELSE link_type END
               FROM record_relations WHERE related_id = $1) rel
       JOIN records r ON r.id = rel.id
       JOIN statuses s ON s.id = r.status_id
      WHERE ${readableBy(p, viewer)}
      ORDER BY r.id`,
    p.values,
  );
  return rows;
}

const pair = (a: number, b: number) => (a < b ? [a, b] : [b, a]);

/**
 * Links `a` to `b` as `link` says (seen from `a`). Without a type, an existing link of any type
 * stays as it is (plain relating twice changes nothing); with one, an existing link takes that
 * type. True when a row was written or its type changed.
 */
export async function relate(
  db: Queryable,
  a: number,
  b: number,
  createdBy: number,
  link?: Link,
): Promise<boolean> {
  // Stored as seen from the smaller id.
  const stored = link === undefined ? 'related' : a < b ? link : INVERSE[link];
  const { rowCount } = await db.query(
    link === undefined
      ? `INSERT INTO record_relations (record_id, related_id, created_by, link_type)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`
      : `INSERT INTO record_relations (record_id, related_id, created_by, link_type)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (record_id, related_id) DO UPDATE SET link_type = EXCLUDED.link_type
         WHERE record_relations.link_type <> EXCLUDED.link_type`,
    [...pair(a, b), createdBy, stored],
  );
  return rowCount === 1;
}

/**
 * Whether making `parent` a parent of `child` closes a loop: `child` is already an ancestor of
 * `parent` (through parent/child links, either way they are stored).
 */
export async function wouldLoop(db: Queryable, parent: number, child: number): Promise<boolean> {
  const { rows } = await db.query<{ loops: boolean }>(
    `WITH RECURSIVE parents_of(id, depth) AS (
       SELECT $1::bigint, 0
       UNION
       SELECT CASE WHEN l.link_type = 'parent_of' THEN l.record_id ELSE l.related_id END,
              p.depth + 1
         FROM parents_of p
         JOIN record_relations l
           ON (l.related_id = p.id AND l.link_type = 'parent_of')
           OR (l.record_id = p.id AND l.link_type = 'child_of')
        -- The pair's own link is the one being replaced.
        WHERE p.depth < 100
          AND NOT (l.record_id = least($1, $2)::bigint AND l.related_id = greatest($1, $2)::bigint))
     SELECT EXISTS (SELECT 1 FROM parents_of WHERE id = $2::bigint) AS loops`,
    [parent, child],
  );
  return rows[0].loops;
}

/** The open child tickets of `parentId` (not closed, not merged), locked for the change. */
export async function openChildren(
  db: Queryable,
  parentId: number,
): Promise<{ id: string; status_name: string; title: string }[]> {
  const { rows } = await db.query<{ id: string; status_name: string; title: string }>(
    `SELECT r.id, s.name AS status_name, r.title
       FROM (SELECT related_id AS id FROM record_relations
              WHERE record_id = $1 AND link_type = 'parent_of'
             UNION
             SELECT record_id FROM record_relations
              WHERE related_id = $1 AND link_type = 'child_of') c
       JOIN records r ON r.id = c.id
       JOIN statuses s ON s.id = r.status_id
      WHERE r.object_type = 'T' AND NOT s.is_closed AND r.merged_into_id IS NULL
        AND NOT r.is_draft
      ORDER BY r.id
      FOR UPDATE OF r`,
    [parentId],
  );
  return rows;
}

export async function unrelate(db: Queryable, a: number, b: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM record_relations WHERE record_id = $1 AND related_id = $2',
    pair(a, b),
  );
  return rowCount === 1;
}
