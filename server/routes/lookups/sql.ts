// The lookups: help desks (a tree per object type), statuses, priorities, companies and content
// types. Small tables read whole; their default rows come from migrations/002_records.sql.
import type { Db } from '../../db/pool.js';

export interface HelpdeskRow {
  hd_id: number;
  parent_id: number | null;
  hd_name: string;
  is_default: boolean;
}

export async function helpdesks(db: Db, objectType: 'T' | 'C' | undefined): Promise<HelpdeskRow[]> {
  const { rows } = await db.query<HelpdeskRow>(
    `SELECT id AS hd_id, parent_id, name AS hd_name, is_default
       FROM helpdesks
      WHERE $1::text IS NULL OR object_type = $1
      ORDER BY object_type DESC, sort_order, name, id`,
    [objectType ?? null],
  );
  return rows;
}

export async function statuses(db: Db, statusFor: 'T' | 'C' | undefined) {
  const { rows } = await db.query<{ status_id: number; status_name: string; is_closed: boolean }>(
    `SELECT id AS status_id, name AS status_name, is_closed
       FROM statuses
      WHERE $1::text IS NULL OR object_type = $1
      ORDER BY object_type DESC, sort_order, id`,
    [statusFor ?? null],
  );
  return rows;
}

export async function priorities(db: Db) {
  const { rows } = await db.query<{ priority_id: number; priority_name: string }>(
    'SELECT id AS priority_id, name AS priority_name FROM priorities ORDER BY sort_order, id',
  );
  return rows;
}

export async function companies(db: Db) {
  const { rows } = await db.query<{ company_id: number; company_name: string }>(
    'SELECT id AS company_id, name AS company_name FROM companies ORDER BY name, id',
  );
  return rows;
}

export async function contentTypes(db: Db) {
  const { rows } = await db.query<{ content_type_id: number; content_type_name: string }>(
    `SELECT id AS content_type_id, name AS content_type_name
       FROM content_types ORDER BY sort_order, id`,
  );
  return rows;
}

/** The company a new ticket of this user defaults to: their primary organization (or null). */
export async function primaryCompany(db: Db, userId: number | string): Promise<number | null> {
  const { rows } = await db.query<{ company_id: number }>(
    'SELECT company_id FROM organization_members WHERE user_id = $1 AND is_primary',
    [userId],
  );
  return rows[0]?.company_id ?? null;
}
