// Minimal HS256 JWT, written out so every check is visible: the header must say HS256 (an
// allow-list of one, so "alg: none" and algorithm swaps fail), the signature is compared in
// constant time, and `exp` is required.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface JwtClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

const ALLOWED_ALGORITHMS = ['HS256'];

function b64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(sign(`${head}.${body}`, secret))}`;
}

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the claims of a valid, unexpired token, or undefined. Never throws. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Date.now() / 1000,
): JwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, body, signature] = parts;
  const header = parseJson(head);
  if (!header || typeof header.alg !== 'string' || !ALLOWED_ALGORITHMS.includes(header.alg)) {
    return undefined;
  }
  const expected = sign(`${head}.${body}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = parseJson(body);
  if (!claims) return undefined;
  const { sub, jti, iat, exp } = claims;
  if (typeof sub !== 'string' || typeof jti !== 'string') return undefined;
  if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  if (exp <= nowSeconds) return undefined;
  return { sub, jti, iat, exp };
}

/**
 * verifyJwt remembering the tokens it verified, so a session's calls check its signature once
 * (the HMAC and two JSON parses were a fortieth of a list call's CPU). A remembered token still
 * expires on time, and another secret verifies afresh. At most `max` tokens are kept.
 */
export function createTokenVerifier(
  max = 10_000,
): (token: string, secret: string, nowSeconds?: number) => JwtClaims | undefined {
  const verified = new Map<string, { secret: string; claims: JwtClaims }>();
  return (token, secret, nowSeconds = Date.now() / 1000) => {
    const known = verified.get(token);
    if (known?.secret === secret) return known.claims.exp > nowSeconds ? known.claims : undefined;
    const claims = verifyJwt(token, secret, nowSeconds);
    if (claims) {
      if (verified.size >= max) verified.clear();
      verified.set(token, { secret, claims });
    }
    return claims;
  };
}
