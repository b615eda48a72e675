// When the database stops answering, calls answer 503 with Retry-After; when it is back, the
// same app (no restart) answers normally again. The database sits behind a TCP proxy we can
// cut and restore, like a network outage or a database restart.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createPool } from '../../db/pool.js';
import type { TestDatabase } from '../db.js';
import { auth, startTestEnv, createUser, tokenFor, type TestEnv } from '../helpers.js';

/** A TCP proxy to the database that can be taken down (dropping every connection) and back up. */
class Proxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

let base: TestEnv; // owns the database and the users
let database: TestDatabase;
let proxy: Proxy;
let app: Awaited<ReturnType<typeof buildApp>>;
let proxiedPool: ReturnType<typeof createPool>;
const poolErrors: string[] = [];

beforeAll(async () => {
  base = await startTestEnv();
  database = base.database;
  const url = new URL(database.url);
  proxy = new Proxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.up();
  url.host = `127.0.0.1:${proxy.port}`;
  proxiedPool = createPool(url.toString(), { warn: (_o, msg) => poolErrors.push(msg) });
  app = await buildApp({
    config: base.config,
    db: proxiedPool,
    logger: false,
    testOnlyFastHashing: true,
  });
});
afterAll(async () => {
  await app.close();
  await proxiedPool.end();
  await proxy.down();
  await base.close();
});

const DOWN = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable. Please try again shortly.',
};

describe('database outage', () => {
  it('answers 503 with Retry-After while the database is gone, and recovers by itself', async () => {
    const user = await createUser(base);
    const token = await tokenFor(base, user.email, user.password);
    const me = () => app.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) });
    expect((await me()).statusCode).toBe(200); // the pool now holds an open connection

    await proxy.down();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toEqual({ ...DOWN, data: { status: 'unavailable', database: 'down' } });

    const denied = await me();
    expect(denied.statusCode).toBe(503);
    expect(denied.headers['retry-after']).toBe('5');
    expect(denied.json()).toEqual(DOWN);
    const loginDown = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: user.email, str_password: user.password },
    });
    expect(loginDown.json()).toEqual(DOWN);

    await proxy.up(); // same port: the database is back
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
  });

  it('recovers when PostgreSQL terminates the pool connections (pg_terminate_backend)', async () => {
    const user = await createUser(base);
    const token = await tokenFor(base, user.email, user.password);
    const me = () => app.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) });
    await Promise.all([me(), me(), me()]); // several open connections
    const killer = createPool(database.url, undefined, 1);
    const { rowCount } = await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    await killer.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect((await me()).statusCode).toBe(200);
    // The terminated idle connections were reported through the pool's 'error' event, which
    // would have crashed the process had nobody listened.
    expect(poolErrors).toContain('idle database connection lost');
  });
});
