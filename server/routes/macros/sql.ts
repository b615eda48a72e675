// SQL for macros (migrations/012_macros.sql): a list with the names of the fields they set.
import type { DatabaseError } from 'pg';
import type { Queryable } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';

export interface MacroRow {
  id: number;
  name: string;
  body: string;
  status_id: number | null;
  status_name: string | null;
  priority_id: number | null;
  priority_name: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  category_ids: number[];
  updated_at: Date;
}

export interface MacroInput {
  name: string;
  body: string;
  status_id: number | null;
  priority_id: number | null;
  assignee_id: number | null;
  category_ids: number[];
}

const SELECT = `SELECT m.id, m.name, m.body,
       m.status_id, (SELECT name FROM statuses WHERE id = m.status_id) AS status_name,
       m.priority_id, (SELECT name FROM priorities WHERE id = m.priority_id) AS priority_name,
       m.assignee_id, (SELECT fullname FROM users WHERE id = m.assignee_id) AS assignee_name,
       m.category_ids, m.updated_at`;

export const MESSAGES = {
  name: 'Name must be 1 to 100 characters.',
  nameTaken: 'A macro with this name already exists.',
  status_id: 'Choose a status.',
  priority_id: 'Choose a priority.',
  assignee_id: 'Choose a helpdesk agent.',
  category_ids: 'Choose categories from the classification.',
} as const;

/** The checks the schema cannot make: known ticket status, agent, categories; a unique name. */
async function checked<T>(q: Queryable, m: MacroInput, run: () => Promise<T>): Promise<T> {
  const { rows } = await q.query<{ status: boolean; agent: boolean; categories: boolean }>(
    `SELECT ($1::int IS NULL OR EXISTS (SELECT 1 FROM statuses WHERE id = $1 AND object_type = 'T')) AS status,
            ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $2 AND user_is_hde)) AS agent,
            (SELECT count(*) FROM categories WHERE id = ANY($3::int[])) = cardinality($3::int[]) AS categories`,
    [m.status_id, m.assignee_id, m.category_ids],
  );
  const fields: Record<string, string> = {};
  if (!rows[0].status) fields.status_id = MESSAGES.status_id;
  if (!rows[0].agent) fields.assignee_id = MESSAGES.assignee_id;
  if (!rows[0].categories) fields.category_ids = MESSAGES.category_ids;
  if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
  try {
    return await run();
  } catch (err) {
    const e = err as DatabaseError;
    if (e.code === '23505')
      throw new HttpError(400, 'Validation failed', { name: MESSAGES.nameTaken });
    if (e.code === '23503' && e.constraint?.includes('priority')) {
      throw new HttpError(400, 'Validation failed', { priority_id: MESSAGES.priority_id });
    }
    throw err;
  }
}

export async function listMacros(q: Queryable): Promise<MacroRow[]> {
  const { rows } = await q.query<MacroRow>(`${SELECT} FROM macros m ORDER BY lower(m.name), m.id`);
  return rows;
}

export async function getMacro(q: Queryable, id: number): Promise<MacroRow | undefined> {
  const { rows } = await q.query<MacroRow>(`${SELECT} FROM macros m WHERE m.id = $1`, [id]);
  return rows[0];
}

const values = (m: MacroInput) => [
  m.name,
  m.body,
  m.status_id,
  m.priority_id,
  m.assignee_id,
  m.category_ids,
];

export function insertMacro(q: Queryable, m: MacroInput, by: number): Promise<MacroRow> {
  return checked(q, m, async () => {
    const { rows } = await q.query<MacroRow>(
      `WITH m AS (
         INSERT INTO macros (name, body, status_id, priority_id, assignee_id, category_ids, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *)
       ${SELECT} FROM m`,
      [...values(m), by],
    );
    return rows[0];
  });
}

export function updateMacro(
  q: Queryable,
  id: number,
  m: MacroInput,
): Promise<MacroRow | undefined> {
  return checked(q, m, async () => {
    const { rows } = await q.query<MacroRow>(
      `WITH m AS (
         UPDATE macros SET name = $1, body = $2, status_id = $3, priority_id = $4,
                assignee_id = $5, category_ids = $6, updated_at = now()
          WHERE id = $7 RETURNING *)
       ${SELECT} FROM m`,
      [...values(m), id],
    );
    return rows[0];
  });
}

export async function deleteMacro(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM macros WHERE id = $1', [id]);
  return rowCount === 1;
}
