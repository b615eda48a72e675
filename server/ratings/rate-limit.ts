// Per-address limit for the public rating calls: at most `limit` requests per address in a
// minute, then 429 with Retry-After until the minute is over. Kept in the process's memory: N
// processes behind a balancer allow up to N times as many, which is enough to stop a script
// guessing tokens (each guess is 1 in 2^256) and costs no database write per request.
export interface RateLimiter {
  /** Seconds to wait, or 0 when the request may go on (and is counted). */
  take(address: string, now?: number): number;
}

export function createRateLimiter(limit: number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(address, now = Date.now()) {
      if (windows.size > 10_000) {
        for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
      }
      const w = windows.get(address);
      if (!w || now - w.start >= windowMs) {
        windows.set(address, { start: now, count: 1 });
        return 0;
      }
      if (w.count >= limit) return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      w.count += 1;
      return 0;
    },
  };
}
