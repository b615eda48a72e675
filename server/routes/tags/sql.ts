// Tags (migration 028): the `tags` table and each record's `tag_ids`. A record's tags change in
// its caller's transaction with the history event; an admin's merge and delete change every
// record carrying the tag in one statement each (the GIN index finds them).
import type { Queryable } from '../../db/transaction.js';
import { recordEvent } from '../records/history.js';

// Types, not interfaces: the answers' schemas type them as objects with an index signature.
export type Tag = { id: number; name: string };

export type TagUsage = Tag & { used_by: number };

/** Chips' order, everywhere: by name, whatever the case. */
export const TAG_ORDER = 'lower(t.name), t.id';

/**
 * SQL: the tags of the record `r` as a JSON array of { id, name } (the lists' and the record's
 * select list): a probe of the tags' primary key per id, nothing when it has none.
 */
export const TAGS_OF_RECORD = `(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name)
         ORDER BY ${TAG_ORDER}), '[]'::json) FROM tags t WHERE t.id = ANY (r.tag_ids))`;

/** Up to `limit` tags whose name contains `q` (case-insensitive), those starting with it first. */
export async function findTags(db: Queryable, q: string, limit: number): Promise<Tag[]> {
  const pattern = q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`);
  const { rows } = await db.query<Tag>(
    `SELECT t.id, t.name FROM tags t
      WHERE lower(t.name) LIKE '%' || $1 || '%'
      ORDER BY lower(t.name) LIKE $1 || '%' DESC, ${TAG_ORDER}
      LIMIT $2`,
    [pattern, limit],
  );
  return rows;
}

/** The tags with these ids (those that exist), in chip order. */
export async function tagsByIds(db: Queryable, ids: number[]): Promise<Tag[]> {
  const { rows } = await db.query<Tag>(
    `SELECT t.id, t.name FROM tags t WHERE t.id = ANY ($1::int[]) ORDER BY ${TAG_ORDER}`,
    [ids],
  );
  return rows;
}

/** Every tag with how many records carry it (admins' page; one index count per tag). */
export async function tagUsage(db: Queryable): Promise<TagUsage[]> {
  const { rows } = await db.query<TagUsage>(
    `SELECT t.id, t.name,
            (SELECT count(*)::int FROM records r WHERE r.tag_ids @> ARRAY[t.id]) AS used_by
       FROM tags t ORDER BY ${TAG_ORDER}`,
  );
  return rows;
}

export async function tagById(db: Queryable, id: number, lock?: 'share' | 'update') {
  const { rows } = await db.query<Tag>(
    `SELECT t.id, t.name FROM tags t WHERE t.id = $1 ${lock ? `FOR ${lock.toUpperCase()}` : ''}`,
    [id],
  );
  return rows[0];
}

/** The tag named `name` (any case), made when there is none; locked against a delete or merge. */
export async function tagByName(db: Queryable, name: string): Promise<Tag> {
  const { rows } = await db.query<Tag>(
    `WITH made AS (
       INSERT INTO tags (name) VALUES ($1) ON CONFLICT (lower(name)) DO NOTHING RETURNING id, name)
     SELECT id, name FROM made
     UNION ALL
     SELECT t.id, t.name FROM tags t WHERE lower(t.name) = lower($1)`,
    [name],
  );
  if (rows[0]) {
    // A concurrent delete between the insert and here would leave a dangling id: lock it.
    const locked = await tagById(db, rows[0].id, 'share');
    if (locked) return locked;
  }
  return tagByName(db, name);
}

/** A new tag, or undefined when one of that name (any case) exists. */
export async function createTag(db: Queryable, name: string): Promise<Tag | undefined> {
  const { rows } = await db.query<Tag>(
    `INSERT INTO tags (name) VALUES ($1) ON CONFLICT (lower(name)) DO NOTHING RETURNING id, name`,
    [name],
  );
  return rows[0];
}

/** Renames a tag: 'missing', 'taken' (another tag has the name), or the tag. */
export async function renameTag(
  db: Queryable,
  id: number,
  name: string,
): Promise<Tag | 'missing' | 'taken'> {
  try {
    const { rows } = await db.query<Tag>(
      'UPDATE tags SET name = $2 WHERE id = $1 RETURNING id, name',
      [id, name],
    );
    return rows[0] ?? 'missing';
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return 'taken';
    throw err;
  }
}

/** The record's tags, in chip order. */
export async function recordTags(db: Queryable, recordId: number): Promise<Tag[]> {
  const { rows } = await db.query<{ tags: Tag[] }>(
    `SELECT ${TAGS_OF_RECORD} AS tags FROM records r WHERE r.id = $1`,
    [recordId],
  );
  return rows[0]?.tags ?? [];
}

/** Adds the tag to the record; false when it was already there. */
export async function addRecordTag(db: Queryable, recordId: number, tagId: number) {
  const { rowCount } = await db.query(
    `UPDATE records SET tag_ids = tag_ids || $2::int
      WHERE id = $1 AND NOT tag_ids @> ARRAY[$2::int]`,
    [recordId, tagId],
  );
  return rowCount === 1;
}

/** Removes the tag from the record; false when it was not there. */
export async function removeRecordTag(db: Queryable, recordId: number, tagId: number) {
  const { rowCount } = await db.query(
    `UPDATE records SET tag_ids = array_remove(tag_ids, $2::int)
      WHERE id = $1 AND tag_ids @> ARRAY[$2::int]`,
    [recordId, tagId],
  );
  return rowCount === 1;
}

/**
 * Every record with tag `from` gets `into` instead (once), each with a `tag_merged` event; then
 * `from` goes. How many records changed.
 */
export async function mergeTags(db: Queryable, actorId: number, from: Tag, into: Tag) {
  const { rows } = await db.query<{ n: number }>(
    `WITH changed AS (
       UPDATE records r
          SET tag_ids = CASE WHEN r.tag_ids @> ARRAY[$2::int] THEN array_remove(r.tag_ids, $1)
                             ELSE array_replace(r.tag_ids, $1, $2) END
        WHERE r.tag_ids @> ARRAY[$1::int]
        RETURNING r.id),
     events AS (
       INSERT INTO record_events (record_id, actor_id, action, details)
       SELECT id, $3, 'tag_merged', jsonb_build_object('from', $4::text, 'to', $5::text)
         FROM changed)
     SELECT count(*)::int AS n FROM changed`,
    [from.id, into.id, actorId, from.name, into.name],
  );
  await db.query('DELETE FROM tags WHERE id = $1', [from.id]);
  return rows[0].n;
}

/** Takes the tag off every record (each with an `untagged` event), then deletes it. */
export async function deleteTag(db: Queryable, actorId: number, tag: Tag) {
  const { rows } = await db.query<{ n: number }>(
    `WITH changed AS (
       UPDATE records r SET tag_ids = array_remove(r.tag_ids, $1)
        WHERE r.tag_ids @> ARRAY[$1::int]
        RETURNING r.id),
     events AS (
       INSERT INTO record_events (record_id, actor_id, action, details)
       SELECT id, $2, 'untagged', jsonb_build_object('name', $3::text) FROM changed)
     SELECT count(*)::int AS n FROM changed`,
    [tag.id, actorId, tag.name],
  );
  await db.query('DELETE FROM tags WHERE id = $1', [tag.id]);
  return rows[0].n;
}

/** The `tagged` / `untagged` event of one record's change. */
export function tagEvent(
  db: Queryable,
  recordId: number,
  actorId: number,
  action: 'tagged' | 'untagged',
  tag: Tag,
) {
  return recordEvent(db, { recordId, actorId, action, details: { name: tag.name } });
}
