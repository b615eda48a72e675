// A token bucket per client address for the public help centre: each request takes a token,
// tokens come back at a steady rate up to the burst size, and an empty bucket answers 429 with
// Retry-After. In this process's memory: it protects this process (a few servers each allow the
// rate); docs/help-centre.md says so.

export interface RateLimiter {
  /** 0 when the request may go on, else the seconds until a token is back. */
  take(address: string, now?: number): number;
}

export function createRateLimiter(burst: number, perSecond: number): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastSweep = 0;
  return {
    take(address, now = Date.now()) {
      // Forget full buckets now and then, so the map holds recent addresses only.
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        for (const [key, b] of buckets) {
          if (b.tokens + ((now - b.at) / 1000) * perSecond >= burst) buckets.delete(key);
        }
      }
      const b = buckets.get(address) ?? { tokens: burst, at: now };
      b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
      b.at = now;
      buckets.set(address, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perSecond));
    },
  };
}
