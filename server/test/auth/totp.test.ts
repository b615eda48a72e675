// TOTP against the RFCs' own test vectors, and the acceptance rules the sign-in relies on.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
  verifyTotp,
} from '../../lib/totp.js';

const RFC_KEY = Buffer.from('12345678901234567890');

describe('HOTP (RFC 4226 appendix D)', () => {
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i → %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  // The RFC's 8-digit codes; our 6-digit code is their last six digits.
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  const secret = base32Encode(RFC_KEY);
  it.each(vectors)('at %i s', (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
    expect(totpCode(secret, seconds * 1000)).toBe(code.slice(-6));
  });
});

describe('base32', () => {
  it('round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')?.toString()).toBe('foobar');
    expect(base32Decode('MZ1!')).toBeUndefined();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});

describe('verifyTotp', () => {
  const secret = base32Encode(RFC_KEY);
  const now = 1111111111_000;
  const step = totpStep(now);
  const at = (s: number) => totpCode(secret, s * 30_000);

  it('accepts the current step and one step of drift either way', () => {
    expect(verifyTotp(secret, at(step), now, null)).toBe(step);
    expect(verifyTotp(secret, at(step - 1), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, at(step + 1), now, null)).toBe(step + 1);
  });

  it('refuses two steps of drift, a malformed code and a wrong one', () => {
    expect(verifyTotp(secret, at(step - 2), now, null)).toBeUndefined();
    expect(verifyTotp(secret, at(step + 2), now, null)).toBeUndefined();
    expect(verifyTotp(secret, '12345', now, null)).toBeUndefined();
    expect(verifyTotp(secret, 'abcdef', now, null)).toBeUndefined();
    const wrong = String((Number(at(step)) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp(secret, wrong, now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    expect(verifyTotp(secret, at(step), now, step)).toBeUndefined();
    expect(verifyTotp(secret, at(step - 1), now, step)).toBeUndefined();
    expect(verifyTotp(secret, at(step + 1), now, step)).toBe(step + 1);
  });
});

describe('otpauthUri', () => {
  it('names the issuer and account and carries the secret', () => {
    const text = otpauthUri('JBSWY3DPEHPK3PXP', 'ana@example.com', 'Helpdesk');
    expect(text.startsWith('otpauth://totp/Helpdesk:ana%40example.com?')).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Helpdesk');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
