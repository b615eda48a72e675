// Mailed one-time tokens: 32 random bytes (256 bits) in base64url. The database keeps only
// the sha256, so a leaked database cannot be used to reset passwords.
import { createHash, randomBytes } from 'node:crypto';

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
