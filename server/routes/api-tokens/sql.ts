// SQL for personal API tokens (routes.ts). Only the secret's sha256 is stored.
import type { Db } from '../../db/pool.js';

export interface TokenRow {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires: Date;
  last_used: Date | null;
  last_ip: string | null;
}
export interface AdminTokenRow extends TokenRow {
  user_id: string;
  fullname: string;
  email: string;
}

const COLUMNS = 't.id, t.name, t.scopes, t.created_at, t.expires, t.last_used, t.last_ip';

export async function tokensOf(db: Db, userId: number): Promise<TokenRow[]> {
  const { rows } = await db.query<TokenRow>(
    `SELECT ${COLUMNS} FROM api_tokens t WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC`,
    [userId],
  );
  return rows;
}

export async function allTokens(db: Db): Promise<AdminTokenRow[]> {
  const { rows } = await db.query<AdminTokenRow>(
    `SELECT ${COLUMNS}, u.id AS user_id, u.fullname, u.email
       FROM api_tokens t JOIN users u ON u.id = t.user_id
      ORDER BY t.created_at DESC, t.id DESC`,
  );
  return rows;
}

export async function insertToken(
  db: Db,
  userId: number,
  name: string,
  scopes: string[],
  hash: string,
  days: number,
): Promise<TokenRow> {
  const { rows } = await db.query<TokenRow>(
    `INSERT INTO api_tokens AS t (user_id, name, scopes, token_hash, expires)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))
     RETURNING ${COLUMNS}`,
    [userId, name, scopes, hash, days],
  );
  return rows[0];
}

/** Deletes a token (the caller's own unless `userId` is null: an administrator). */
export async function deleteToken(db: Db, id: number, userId: number | null): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM api_tokens WHERE id = $1 AND ($2::bigint IS NULL OR user_id = $2)',
    [id, userId],
  );
  return rowCount === 1;
}
