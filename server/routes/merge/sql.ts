// SQL for merging and splitting tickets (docs/api-working.md "Merge and split"). Every function
// takes the transaction's client: a merge or a split is one transaction, so a crash leaves each
// ticket as it was before or as it is after, never between.
import type { Queryable } from '../../db/transaction.js';
import { Params, visibleTo, type Viewer } from '../records/visibility.js';

export interface MergeRow {
  id: string;
  object_type: 'T' | 'C';
  title: string;
  body: string;
  owner_id: string;
  channel: 'web' | 'mail';
  is_draft: boolean;
  status_name: string;
  merged_into_id: string | null;
  created_at: Date;
}

/**
 * The records of `ids` the viewer may see, locked (in id order, so two merges over the same
 * tickets wait for each other instead of deadlocking). A missing id is one they may not see.
 */
export async function lockVisible(
  q: Queryable,
  viewer: Viewer,
  ids: number[],
): Promise<MergeRow[]> {
  const p = new Params([ids]);
  const { rows } = await q.query<MergeRow>(
    `SELECT r.id, r.object_type, r.title, r.body, r.owner_id, r.channel, r.is_draft,
            (SELECT name FROM statuses WHERE id = r.status_id) AS status_name,
            r.merged_into_id, r.created_at
       FROM records r
      WHERE r.id = ANY($1::bigint[]) AND ${visibleTo(p, viewer)}
      ORDER BY r.id
      FOR UPDATE OF r`,
    p.values,
  );
  return rows;
}

/** Defers the per-message search trigger for this transaction (migration 029). */
export async function deferSearch(q: Queryable, on: boolean): Promise<void> {
  await q.query(`SELECT set_config('helpdesk.search_deferred', $1, true)`, [on ? 'on' : 'off']);
}

/** Rebuilds the search vectors of tickets whose threads moved (once each, after the move). */
export async function rebuildSearch(q: Queryable, ids: number[]): Promise<void> {
  await q.query('SELECT rebuild_search_vectors($1::bigint[])', [ids]);
}

/**
 * Moves one source's description, thread, files, followers and shares into the target. The
 * description becomes a public message by the source's requester at the source's time; moved
 * messages and files keep their times and say where they came from (`merged_from_id`, the
 * first ticket they were merged from). The source keeps its followers and shares, so its old
 * address still answers the people who could read it (with the target).
 */
export async function moveInto(
  q: Queryable,
  source: MergeRow,
  targetId: number,
  targetOwner: string,
) {
  const sourceId = Number(source.id);
  await q.query(
    `INSERT INTO record_messages (record_id, thread, author_id, sent_as, action, body, channel,
                                  created_at, merged_from_id)
     SELECT $1, 'communication', r.owner_id, 'self', 'reply', r.body, r.channel, r.created_at, r.id
       FROM records r WHERE r.id = $2 AND r.body <> ''`,
    [targetId, sourceId],
  );
  await q.query(
    `UPDATE record_messages SET record_id = $1, merged_from_id = coalesce(merged_from_id, $2)
      WHERE record_id = $2`,
    [targetId, sourceId],
  );
  await q.query(
    `UPDATE attachments SET record_id = $1, merged_from_id = coalesce(merged_from_id, $2)
      WHERE record_id = $2`,
    [targetId, sourceId],
  );
  // The source's requester and its sharers read the target; its followers (and its requester,
  // unless they had unfollowed it) follow it.
  await q.query(
    `INSERT INTO record_shares (record_id, user_id)
     SELECT $1::bigint, u FROM (SELECT user_id FROM record_shares WHERE record_id = $2
                        UNION SELECT $3::bigint) s(u)
      WHERE u <> $4::bigint
     ON CONFLICT DO NOTHING`,
    [targetId, sourceId, source.owner_id, targetOwner],
  );
  await q.query(
    `INSERT INTO record_follows (record_id, user_id, following)
     SELECT $1::bigint, f.user_id, f.following FROM record_follows f WHERE f.record_id = $2
     UNION ALL
     SELECT $1::bigint, $3::bigint, true
      WHERE $3::bigint <> $4::bigint
        AND NOT EXISTS (SELECT 1 FROM record_follows WHERE record_id = $2 AND user_id = $3::bigint)
     ON CONFLICT (record_id, user_id) DO UPDATE
       SET following = record_follows.following OR EXCLUDED.following`,
    [targetId, sourceId, source.owner_id, targetOwner],
  );
}

/** Closes a merged source: status closed, `merged_into_id`, a new version. Its old status name. */
export async function closeMerged(
  q: Queryable,
  sourceId: number,
  targetId: number,
): Promise<string> {
  const { rows } = await q.query<{ name: string }>(
    `UPDATE records r
        SET merged_into_id = $2, version = r.version + 1, updated_at = now(),
            status_id = (SELECT id FROM statuses WHERE code = 'closed')
       FROM statuses s WHERE r.id = $1 AND s.code = 'closed'
     RETURNING s.name`,
    [sourceId, targetId],
  );
  return rows[0].name;
}

/** A changed record: a new version (so open edit forms get their 409) and its live event. */
export async function touch(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE records SET version = version + 1, updated_at = now() WHERE id = $1', [id]);
}

/**
 * Where a merged ticket went: the end of its `merged_into_id` chain (the id itself when it was
 * never merged). Mail replies to a merged ticket's thread land there.
 */
export async function mergedTarget(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `WITH RECURSIVE chain(id, next, depth) AS (
       SELECT id, merged_into_id, 0 FROM records WHERE id = $1
       UNION ALL
       SELECT r.id, r.merged_into_id, c.depth + 1
         FROM chain c JOIN records r ON r.id = c.next
        WHERE c.depth < 50)
     SELECT id FROM chain WHERE next IS NULL`,
    [id],
  );
  return rows[0] ? Number(rows[0].id) : id;
}

export interface SplitMessage {
  id: string;
  body: string;
  created_at: Date;
}

/** The public message `messageId` of ticket `recordId` and, with `following`, those after it. */
export async function splitMessages(
  q: Queryable,
  recordId: number,
  messageId: number,
  following: boolean,
): Promise<SplitMessage[]> {
  const { rows } = await q.query<SplitMessage>(
    `WITH first AS (SELECT id, created_at FROM record_messages
                     WHERE id = $2 AND record_id = $1 AND thread = 'communication')
     SELECT m.id, m.body, m.created_at FROM record_messages m, first f
      WHERE m.record_id = $1 AND m.thread = 'communication'
        AND (m.id = f.id OR ($3::boolean AND (m.created_at, m.id) > (f.created_at, f.id)))
      ORDER BY m.created_at, m.id
      FOR UPDATE OF m`,
    [recordId, messageId, following],
  );
  return rows;
}

/** The new ticket of a split: the original's desk, priority and company; `open`. */
export async function insertSplitTicket(
  q: Queryable,
  originalId: number,
  title: string,
  body: string,
  ownerId: number,
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                          company_id, is_draft)
     SELECT 'T', $2, $3, $4, r.hd_id, (SELECT id FROM statuses WHERE code = 'open'),
            r.priority_id, r.company_id, false
       FROM records r WHERE r.id = $1
     RETURNING id`,
    [originalId, title, body, ownerId],
  );
  return Number(rows[0].id);
}

/** Moves messages (and the files that came with them: the same time) to the new ticket. */
export async function moveMessages(
  q: Queryable,
  fromId: number,
  toId: number,
  messages: SplitMessage[],
): Promise<void> {
  const ids = messages.map((m) => m.id);
  await q.query(
    `UPDATE attachments a SET record_id = $2
      WHERE a.record_id = $1
        AND a.created_at IN (SELECT created_at FROM record_messages WHERE id = ANY($3::bigint[]))`,
    [fromId, toId, ids],
  );
  await q.query(
    'UPDATE record_messages SET record_id = $2 WHERE record_id = $1 AND id = ANY($3::bigint[])',
    [fromId, toId, ids],
  );
}

/** A confirmed account (a split's requester). */
export async function confirmedUser(q: Queryable, id: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE id = $1 AND confirmed_at IS NOT NULL', [
    id,
  ]);
  return rows.length === 1;
}
