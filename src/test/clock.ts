import { vi } from 'vitest';

/**
 * Waits for `wait` (a Testing Library query) with fake timers on, without moving the fake clock:
 * only the timers due now run (Testing Library ends each wait with a 0 ms timeout).
 */
export async function clockStandingStill<T>(wait: Promise<T>): Promise<T> {
  let settled = false;
  wait.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    vi.advanceTimersByTime(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return wait;
}
