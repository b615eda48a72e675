// SQL for the agents' actions on a record: delete (also the owner's own draft), move, duplicate,
// assign, searchable, and the people a record can be assigned to. The routes check the caller
// (record-access.ts) first; every write here is conditional on the version the caller saw.
import type { Queryable } from '../../db/transaction.js';
import type { ObjectType } from '../records/kinds.js';
import { deskOpenToUser, type Viewer } from '../records/visibility.js';

/**
 * Deletes a record an agent may delete (any) or the owner's own draft, in one statement, and
 * returns the keys of its attachment files (the PostgreSQL store's go with the rows; a bucket's
 * are removed after the commit).
 * Undefined when nothing was deleted.
 */
export async function deleteRecord(
  q: Queryable,
  viewer: Viewer,
  type: ObjectType,
  id: number,
): Promise<{ files: string[] } | undefined> {
  const { rows } = await q.query<{ files: string[] }>(
    `WITH gone AS (
       DELETE FROM records r
        WHERE r.id = $1 AND r.object_type = $2
          AND ($4::boolean OR (r.owner_id = $3 AND r.is_draft))
       RETURNING r.id)
     SELECT array(SELECT a.stored_name FROM attachments a WHERE a.record_id = gone.id) AS files
       FROM gone`,
    [id, type, viewer.id, viewer.user_is_hde],
  );
  return rows[0];
}

export async function helpdeskName(
  q: Queryable,
  hdId: number,
  type: ObjectType,
): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>(
    'SELECT name FROM helpdesks WHERE id = $1 AND object_type = $2',
    [hdId, type],
  );
  return rows[0]?.name;
}

/** Sets columns of a record still at `version`; bumps version. Whether a row matched. */
async function updateAtVersion(
  q: Queryable,
  id: number,
  version: number,
  set: string,
  values: unknown[],
): Promise<boolean> {
  const result = await q.query(
    `UPDATE records SET ${set}, version = version + 1, updated_at = now()
      WHERE id = $1 AND version = $2`,
    [id, version, ...values],
  );
  return result.rowCount === 1;
}

export const moveRecord = (q: Queryable, id: number, version: number, hdId: number) =>
  updateAtVersion(q, id, version, 'hd_id = $3', [hdId]);

export const assignRecord = (q: Queryable, id: number, version: number, to: number | null) =>
  updateAtVersion(q, id, version, 'assignee_id = $3', [to]);

export const setPublic = (q: Queryable, id: number, version: number, isPublic: boolean) =>
  updateAtVersion(q, id, version, 'is_public = $3', [isPublic]);

export const setSearchable = (q: Queryable, id: number, version: number, searchable: boolean) =>
  updateAtVersion(q, id, version, 'searchable = $3', [searchable]);

/**
 * A copy of the record: same fields and owner, no assignee, the initial status, submitted, with
 * the same classification and shared-with list; no threads, files, follows or relations.
 */
export async function duplicateRecord(
  q: Queryable,
  id: number,
  initialStatus: string,
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id,
                          company_id, content_type_id, is_draft)
     SELECT r.object_type, r.title, r.body, r.owner_id, r.hd_id,
            (SELECT id FROM statuses WHERE code = $2), r.priority_id, r.company_id,
            r.content_type_id, false
       FROM records r WHERE r.id = $1
     RETURNING id`,
    [id, initialStatus],
  );
  const copy = Number(rows[0].id);
  await q.query(
    `INSERT INTO record_categories (record_id, category_id)
     SELECT $2, category_id FROM record_categories WHERE record_id = $1`,
    [id, copy],
  );
  await q.query(
    `INSERT INTO record_shares (record_id, user_id)
     SELECT $2, user_id FROM record_shares WHERE record_id = $1`,
    [id, copy],
  );
  return copy;
}

export interface Agent {
  id: string;
  fullname: string;
  email: string;
  language: 'en' | 'es';
  user_is_hde: boolean;
}

/** Confirmed helpdesk agents: the people a record can be assigned to. */
/** The active agents; with a desk, only those who may work on it (the assign rule's own test). */
export async function listAgents(q: Queryable, hdId?: number): Promise<Agent[]> {
  const { rows } = await q.query<Agent>(
    `SELECT id, fullname, email, language, user_is_hde FROM users
      WHERE user_is_hde AND confirmed_at IS NOT NULL AND deactivated_at IS NULL
        AND ($1::int IS NULL OR ${deskOpenToUser('users.id', '$1::int')})
      ORDER BY fullname, id`,
    [hdId ?? null],
  );
  return rows;
}

export async function findAgent(q: Queryable, id: number): Promise<Agent | undefined> {
  const { rows } = await q.query<Agent>(
    `SELECT id, fullname, email, language, user_is_hde FROM users
      WHERE id = $1 AND user_is_hde AND confirmed_at IS NOT NULL AND deactivated_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** Whether agent `userId` works on record `recordId`'s desk (not restricted, or a member). */
export async function worksOnDeskOf(
  q: Queryable,
  userId: number,
  recordId: number,
): Promise<boolean> {
  const { rows } = await q.query<{ open: boolean }>(
    `SELECT ${deskOpenToUser('$1::bigint', 'r.hd_id')} AS open FROM records r WHERE r.id = $2`,
    [userId, recordId],
  );
  return rows[0]?.open === true;
}
