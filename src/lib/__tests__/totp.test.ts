import { describe, expect, it } from 'vitest';
import { base32Encode, totpCode, verifyTotp } from '../totp';

describe('totp (Web Crypto)', () => {
  // RFC 6238 appendix B, SHA-1: the last six digits of its 8-digit codes.
  const secret = base32Encode(new TextEncoder().encode('12345678901234567890'));
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [20000000000, '353130'],
  ])('at %i s', async (seconds, code) => {
    expect(await totpCode(secret, seconds * 1000)).toBe(code);
  });

  it('accepts one step of drift and each step once', async () => {
    const now = 1111111109_000;
    const step = Math.floor(now / 30_000);
    expect(await verifyTotp(secret, '081804', now, null)).toBe(step);
    expect(await verifyTotp(secret, '081804', now + 30_000, null)).toBe(step);
    expect(await verifyTotp(secret, '081804', now + 60_000, null)).toBeUndefined();
    expect(await verifyTotp(secret, '081804', now, step)).toBeUndefined();
  });
});
