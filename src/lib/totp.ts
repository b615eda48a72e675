// TOTP codes (RFC 6238: 30-second steps, 6 digits, HMAC-SHA-1) with Web Crypto, for the mocks
// (they check codes as the server does, server/lib/totp.ts) and the SPA tests.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

export function base32Decode(text: string): Uint8Array<ArrayBuffer> | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / STEP_MS);

async function hotp(key: Uint8Array<ArrayBuffer>, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    key,
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The 6-digit code of a base32 secret at a moment (ms). */
export async function totpCode(secret: string, nowMs: number): Promise<string> {
  const key = base32Decode(secret);
  if (!key) throw new Error('not a base32 secret');
  return hotp(key, totpStep(nowMs));
}

/** The step `code` is for, within one step either way and after `lastStep`; else undefined. */
export async function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): Promise<number | undefined> {
  const key = base32Decode(secret);
  const given = code.replace(/\s/g, '');
  if (!key || !/^\d{6}$/.test(given)) return undefined;
  const current = totpStep(nowMs);
  for (let step = current - 1; step <= current + 1; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if ((await hotp(key, step)) === given) return step;
  }
  return undefined;
}
