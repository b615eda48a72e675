// SQL for accounts, sessions and one-time tokens.
import type { Db } from '../../db/pool.js';
import type { PublicUser } from '../../lib/schemas.js';

export type UserRow = Omit<PublicUser, 'id'> & {
  id: string; // bigint arrives as a string
  password_hash: string;
  confirmed_at: Date | null;
  deactivated_at: Date | null;
};

const USER_COLUMNS = `id, fullname, email, password_hash, user_is_hde, user_is_admin,
  items_per_page, language, confirmed_at, deactivated_at`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

/** Returns the new user, or undefined when the email is taken. */
export async function insertUser(
  db: Db,
  u: { fullname: string; email: string; passwordHash: string; language: 'en' | 'es' },
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (fullname, email, password_hash, language) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [u.fullname, u.email, u.passwordHash, u.language],
  );
  return rows[0];
}

export async function revokeSession(db: Db, jti: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE jti = $1 AND revoked_at IS NULL', [
    jti,
  ]);
}

export async function insertAccountToken(
  db: Db,
  t: { hash: string; userId: string; purpose: 'confirm' | 'reset'; ttlMinutes: number },
): Promise<void> {
  await db.query(
    `INSERT INTO account_tokens (token_hash, user_id, purpose, expires)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [t.hash, t.userId, t.purpose, t.ttlMinutes],
  );
}

/** Whether a token is unused and unexpired (checked before spending time on argon2). */
export async function isTokenUsable(
  db: Db,
  hash: string,
  purpose: 'confirm' | 'reset',
): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM account_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires > now()`,
    [hash, purpose],
  );
  return rowCount === 1;
}

/** Consumes a confirm token and confirms its account, in one statement. */
export async function confirmWithToken(db: Db, hash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH t AS (
       UPDATE account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = 'confirm' AND used_at IS NULL AND expires > now()
       RETURNING user_id)
     UPDATE users SET confirmed_at = coalesce(confirmed_at, now()), updated_at = now()
       FROM t WHERE users.id = t.user_id`,
    [hash],
  );
  return rowCount === 1;
}

/**
 * Consumes a reset token, sets the password and revokes every session of the account, in one
 * statement (all or nothing). Following the mailed link also proves the email, so it confirms.
 */
export async function resetWithToken(db: Db, hash: string, passwordHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH t AS (
       UPDATE account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = 'reset' AND used_at IS NULL AND expires > now()
       RETURNING user_id),
     u AS (
       UPDATE users SET password_hash = $2, confirmed_at = coalesce(confirmed_at, now()),
              updated_at = now()
         FROM t WHERE users.id = t.user_id
       RETURNING users.id),
     s AS (
       UPDATE sessions SET revoked_at = now()
        WHERE user_id IN (SELECT id FROM u) AND revoked_at IS NULL)
     SELECT id FROM u`,
    [hash, passwordHash],
  );
  return rowCount === 1;
}
