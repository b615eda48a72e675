// Without JWT_SECRET, the first process to ask generates a secret and stores it in the database
// (INSERT .. ON CONFLICT DO NOTHING, so concurrent starters agree); every API process then
// reads the same one. Cached after the first successful read.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.js';

export function jwtSecretProvider(db: Db, configured: string | undefined): () => Promise<string> {
  if (configured) return async () => configured;
  let cached: string | undefined;
  return async () => {
    if (cached) return cached;
    await db.query(
      `INSERT INTO app_settings (key, value) VALUES ('jwt_secret', $1) ON CONFLICT (key) DO NOTHING`,
      [randomBytes(48).toString('base64url')],
    );
    const { rows } = await db.query<{ value: string }>(
      `SELECT value FROM app_settings WHERE key = 'jwt_secret'`,
    );
    cached = rows[0].value;
    return cached;
  };
}
