// SQL for the signed-in user's own profile.
import type { Db } from '../../db/pool.js';
import type { PublicUser } from '../../lib/schemas.js';

export async function updateProfile(
  db: Db,
  userId: number,
  changes: { fullname?: string; items_per_page?: number; language?: string },
): Promise<PublicUser> {
  // coalesce keeps a column when its field was not sent.
  const { rows } = await db.query<PublicUser>(
    `UPDATE users SET fullname = coalesce($2, fullname),
                      items_per_page = coalesce($3, items_per_page),
                      language = coalesce($4, language),
                      updated_at = now()
      WHERE id = $1
      RETURNING id::int AS id, fullname, email, user_is_hde, user_is_admin, items_per_page, language`,
    [userId, changes.fullname ?? null, changes.items_per_page ?? null, changes.language ?? null],
  );
  return rows[0];
}

export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  return rows[0].password_hash;
}

/** Sets the password and revokes every other session of the user, atomically. */
export async function changePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSession: string,
): Promise<void> {
  await db.query(
    `WITH u AS (UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING id)
     UPDATE sessions SET revoked_at = now()
      WHERE user_id IN (SELECT id FROM u) AND jti <> $3 AND revoked_at IS NULL`,
    [userId, passwordHash, keepSession],
  );
}
