// Per-address limit of the public suggestion calls: a fixed window per address, kept in this
// process (the calls are cheap reads; a burst from one address answers 429 with Retry-After).
export interface RateLimiter {
  /** 0 when the call may go ahead, otherwise the seconds to wait. */
  take(address: string): number;
}

export function createRateLimiter(limit: number, windowMs: number, now = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    take(address) {
      const t = now();
      // Forget finished windows now and then, so the map holds recent addresses only.
      if (t - lastSweep > windowMs) {
        for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key);
        lastSweep = t;
      }
      const w = windows.get(address);
      if (!w || t - w.start >= windowMs) {
        windows.set(address, { start: t, count: 1 });
        return 0;
      }
      if (w.count >= limit) return Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
      w.count += 1;
      return 0;
    },
  };
}
