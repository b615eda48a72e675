// Mailbox passwords are stored encrypted: AES-256-GCM with a key from MAIL_SECRET_KEY (any
// string; SHA-256 makes it 32 bytes). Without it, the first process to ask generates a key and
// stores it in app_settings, like the JWT secret: that keeps a fresh install working, but the key
// then sits beside the data it protects, so a real deployment sets MAIL_SECRET_KEY.
// Stored form: `v1:<iv>:<tag>:<ciphertext>`, each base64url.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/transaction.js';

export interface SecretBox {
  seal(plain: string): Promise<string>;
  /** Throws when the stored value was sealed with another key (or altered). */
  open(sealed: string): Promise<string>;
}

const VERSION = 'v1';

export function secretBox(db: Queryable, configured: string | undefined): SecretBox {
  let cached: Buffer | undefined;
  const key = async (): Promise<Buffer> => {
    if (cached) return cached;
    let material = configured;
    if (!material) {
      await db.query(
        `INSERT INTO app_settings (key, value) VALUES ('mail_secret_key', $1)
         ON CONFLICT (key) DO NOTHING`,
        [randomBytes(32).toString('base64url')],
      );
      const { rows } = await db.query<{ value: string }>(
        `SELECT value FROM app_settings WHERE key = 'mail_secret_key'`,
      );
      material = rows[0].value;
    }
    cached = createHash('sha256').update(material).digest();
    return cached;
  };
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    async open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) {
        throw new Error('The stored mailbox password is not in a known format.');
      }
      const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new Error(
          'The stored mailbox password cannot be decrypted (MAIL_SECRET_KEY changed?); enter it again.',
        );
      }
    },
  };
}
