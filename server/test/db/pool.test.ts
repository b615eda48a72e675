// The pool keeps a couple of connections open through a quiet spell (a call after it does not
// wait for new ones), closes the rest when they idle, and sends statements given at once on one
// client at once (pipelining), each with its own answer and error; together() answers a set of
// them only once every one has settled.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, type Db } from '../../db/pool.js';
import { together } from '../../db/transaction.js';
import { createTestDatabase, type TestDatabase } from '../db.js';

let database: TestDatabase;
let pool: Db;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  pool = createPool(database.url, undefined, { max: 5, idleTimeoutMs: 50 });
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('the pool', () => {
  it('keeps two connections open after a busy moment, and closes the others', async () => {
    // Five clients held at once (not five statements, whose first connections could idle out
    // while a slow machine still opens the last one), then all given back together.
    const clients = await Promise.all(Array.from({ length: 5 }, () => pool.connect()));
    expect(pool.totalCount).toBe(5);
    const opened = await Promise.all(
      clients.map(async (c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid),
    );
    // The idle timers run on fake time: moving it past the idle timeout fires every one of them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      clients.forEach((client) => client.release());
      await vi.advanceTimersByTimeAsync(300);
    } finally {
      vi.useRealTimers();
    }
    expect(pool.totalCount).toBe(2);
    const pids = await Promise.all([1, 2].map(() => pool.query('SELECT pg_backend_pid() AS pid')));
    expect(pool.totalCount).toBe(2);
    expect(new Set(pids.map((r) => r.rows[0].pid)).size).toBe(2);
    // The two kept are two of the five opened, not new ones.
    for (const r of pids) expect(opened).toContain(r.rows[0].pid);
  });

  it('answers statements sent at once on one client in order, an error only to its own', async () => {
    const client = await pool.connect();
    try {
      const [a, b, c] = await Promise.allSettled([
        client.query('SELECT 1 AS n'),
        client.query('SELECT 1 / 0'),
        client.query('SELECT 3 AS n'),
      ]);
      expect(a.status === 'fulfilled' && a.value.rows[0].n).toBe(1);
      expect(b.status === 'rejected' && (b.reason as { code: string }).code).toBe('22012');
      expect(c.status === 'fulfilled' && c.value.rows[0].n).toBe(3);
    } finally {
      client.release();
    }
  });
});

describe('together', () => {
  it('throws the first failure in order, only once every statement has settled', async () => {
    let slowSettled = false;
    // A statement that settles late (50 ms): after the other has failed.
    const slow = sleep(50).then(() => {
      slowSettled = true;
      return 'slow';
    });
    await expect(together([slow, Promise.reject(new Error('second'))])).rejects.toThrow('second');
    expect(slowSettled).toBe(true);
    await expect(together([slow, Promise.resolve(2)])).resolves.toEqual(['slow', 2]);
  });
});
