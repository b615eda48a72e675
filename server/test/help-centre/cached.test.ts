// The help centre's reused values (category tree, most viewed, a category's list): a visitor
// never waits for a reload once there is a value, and a failed reload keeps the old one.
import { describe, expect, it } from 'vitest';
import { cached } from '../../help-centre/cached.js';

/** A load whose answers the test releases one at a time. */
function loads() {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe('cached', () => {
  it('serves the old value while a stale one reloads, then the new one', async () => {
    let clock = 0;
    const { load, pending } = loads();
    const get = cached(30, load, () => clock);
    const first = get();
    pending[0].resolve('one');
    expect(await first).toBe('one');
    expect(pending).toHaveLength(1);

    clock = 31_000;
    // Stale: answered at once with the old value, one reload started.
    expect(await get()).toBe('one');
    expect(await get()).toBe('one');
    expect(pending).toHaveLength(2);
    pending[1].resolve('two');
    await Promise.resolve();
    await Promise.resolve();
    expect(await get()).toBe('two');
    expect(pending).toHaveLength(2);
  });

  it('keeps the old value when a reload fails, and tries again', async () => {
    let clock = 0;
    const { load, pending } = loads();
    const get = cached(30, load, () => clock);
    const first = get();
    pending[0].resolve('one');
    await first;
    clock = 31_000;
    expect(await get()).toBe('one');
    pending[1].reject(new Error('database down'));
    await new Promise((r) => setImmediate(r));
    expect(await get()).toBe('one');
    expect(pending).toHaveLength(3);
  });

  it('loads every time at 0 seconds', async () => {
    let n = 0;
    const get = cached(0, () => Promise.resolve(++n));
    expect(await get()).toBe(1);
    expect(await get()).toBe(2);
  });
});
