// SQL for passkeys: the user handle, registered credentials and ceremony challenges.
import type { Db } from '../../db/pool.js';

export type ChallengePurpose = 'register' | 'sign-in' | 'second-step';

/** The user's WebAuthn user handle (base64url), made on first use. */
export async function userHandle(db: Db, userId: number, fresh: string): Promise<string> {
  const { rows } = await db.query<{ handle: string }>(
    `INSERT INTO passkey_user_handles AS h (user_id, handle) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET handle = h.handle
     RETURNING handle`,
    [userId, fresh],
  );
  return rows[0].handle;
}

export async function insertChallenge(
  db: Db,
  c: {
    hash: string;
    purpose: ChallengePurpose;
    userId?: string | number;
    signInChallenge?: string;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query(
    `WITH old AS (DELETE FROM passkey_challenges WHERE expires < now() - interval '1 day')
     INSERT INTO passkey_challenges (challenge_hash, purpose, user_id, sign_in_challenge, expires)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [c.hash, c.purpose, c.userId ?? null, c.signInChallenge ?? null, c.ttlSeconds],
  );
}

/**
 * Spends a live challenge of this purpose: its row for the one request that does, nothing when
 * it is unknown, used, expired or of another purpose.
 */
export async function spendChallenge(
  db: Db,
  hash: string,
  purpose: ChallengePurpose,
): Promise<{ user_id: string | null; sign_in_challenge: string | null } | undefined> {
  const { rows } = await db.query<{ user_id: string | null; sign_in_challenge: string | null }>(
    `UPDATE passkey_challenges SET used_at = now()
      WHERE challenge_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires > now()
      RETURNING user_id, sign_in_challenge`,
    [hash, purpose],
  );
  return rows[0];
}

export interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export async function passkeysOf(db: Db, userId: number | string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(
    `SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1
      ORDER BY created_at, id LIMIT 100`,
    [userId],
  );
  return rows;
}

export async function credentialsOf(
  db: Db,
  userId: number | string,
): Promise<{ credential_id: string; transports: string[] }[]> {
  const { rows } = await db.query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1 ORDER BY id LIMIT 100',
    [userId],
  );
  return rows;
}

export async function hasPasskeys(db: Db, userId: number | string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [
    userId,
  ]);
  return rowCount === 1;
}

/** A new passkey; undefined when its credential is registered already. */
export async function insertPasskey(
  db: Db,
  p: {
    userId: number;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    name: string;
  },
): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING id, name, created_at, last_used_at`,
    [p.userId, p.credentialId, Buffer.from(p.publicKey), p.counter, p.transports, p.name],
  );
  return rows[0];
}

export interface CredentialRow {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: string; // bigint arrives as a string
  transports: string[];
  email: string;
  handle: string | null;
}

export async function credentialById(
  db: Db,
  credentialId: string,
): Promise<CredentialRow | undefined> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT p.id, p.user_id, p.public_key, p.counter, p.transports, u.email, h.handle
       FROM passkeys p JOIN users u ON u.id = p.user_id
       LEFT JOIN passkey_user_handles h ON h.user_id = p.user_id
      WHERE p.credential_id = $1`,
    [credentialId],
  );
  return rows[0];
}

export async function markUsed(db: Db, id: string, counter: number): Promise<void> {
  await db.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [
    id,
    counter,
  ]);
}

/** Renames one of the user's passkeys; undefined when it is not theirs or not there. */
export async function renamePasskey(
  db: Db,
  userId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2
     RETURNING id, name, created_at, last_used_at`,
    [id, userId, name],
  );
  return rows[0];
}

/** Removes one of the user's passkeys: its name, or undefined when it is not theirs. */
export async function deletePasskey(
  db: Db,
  userId: number,
  id: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    'DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
    [id, userId],
  );
  return rows[0]?.name;
}
