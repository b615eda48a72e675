// When the database stops answering, calls answer 503 with Retry-After; when it is back, the
// same app (no restart) answers normally again. The database sits behind a TCP proxy we can
// cut and restore (a network outage or a database restart) or freeze (a hung server: the
// connections stay open but nothing comes back).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabaseHealth } from '../../db/health-monitor.js';
import { connectClient, createPool } from '../../db/pool.js';
import { withTransaction } from '../../db/transaction.js';
import { isDatabaseUnavailable } from '../../plugins/db-unavailable.js';
import type { TestDatabase } from '../db.js';
import { auth, startTestEnv, createUser, tokenFor, type TestEnv } from '../helpers.js';

/**
 * A TCP proxy to the database that can be taken down (dropping every connection) and back up,
 * or frozen (bytes are held, not forwarded, as from a SIGSTOPped server) and thawed.
 */
class Proxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  private frozen = false;
  private held: Array<() => void> = [];
  port = 0;
  constructor(private target: { host: string; port: number }) {}

  private forward(from: net.Socket, to: net.Socket): void {
    from.on('data', (chunk) => {
      if (this.frozen) this.held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('end', () => to.end());
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const send of this.held.splice(0)) send();
  }

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      this.forward(client, upstream);
      this.forward(upstream, client);
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
    expect(health.json()).toEqual({
      ...DOWN,
      data: { status: 'unavailable', api: 'up', database: 'down' },
    });

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
    const idle = proxiedPool.idleCount;
    expect(idle).toBeGreaterThan(0);
    const lostBefore = poolErrors.filter((m) => m === 'idle database connection lost').length;
    const killer = createPool(database.url, undefined, 1);
    const { rowCount } = await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    await killer.end();
    expect(rowCount).toBeGreaterThan(0);
    // The terminated idle connections are reported through the pool's 'error' event (which
    // would have crashed the process had nobody listened): wait until every one has been.
    await expect
      .poll(() => poolErrors.filter((m) => m === 'idle database connection lost').length, {
        timeout: 10000,
      })
      .toBeGreaterThanOrEqual(lostBefore + idle);
    expect((await me()).statusCode).toBe(200);
    expect(poolErrors).toContain('idle database connection lost');
  });

  it('a hung database (connections open, no answer): the health monitor fails calls fast and the app recovers', async () => {
    const monitorLog: string[] = [];
    const url = new URL(database.url);
    url.host = `127.0.0.1:${proxy.port}`;
    const pool = createPool(url.toString(), undefined, { queryTimeoutMs: 20000 });
    const dbHealth = createDatabaseHealth({
      url: url.toString(),
      pool,
      logger: { info: (m) => monitorLog.push(m), warn: (_o, m) => monitorLog.push(m) },
      intervalMs: 200,
      // Generous for a busy CI machine: a slow answer must not count as a hang here.
      timeoutMs: 1500,
    });
    dbHealth.start();
    const watched = await buildApp({
      config: base.config,
      db: pool,
      dbHealth,
      logger: false,
      testOnlyFastHashing: true,
    });
    try {
      const user = await createUser(base);
      const token = await tokenFor(base, user.email, user.password);
      const me = () => watched.inject({ method: 'GET', url: '/api/user/me', headers: auth(token) });
      // The monitor's first answers through the proxy may be late on a loaded machine.
      await expect.poll(async () => (await me()).statusCode, { timeout: 15000 }).toBe(200);

      proxy.freeze();
      // Waiting on the hung server (its own query timeout is 20 s): the monitor cuts it loose.
      const waiting = await me();
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual(DOWN);
      const health = await watched.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data).toMatchObject({
        status: 'unavailable',
        api: 'up',
        database: 'down',
        databaseProblem: 'not answering',
      });
      expect(health.json().data.databaseDownSince).toEqual(expect.any(String));
      // Known down: calls fail at once with the documented answer; the API docs still answer.
      const fast = await me();
      expect(fast.statusCode).toBe(503);
      expect(fast.headers['retry-after']).toBe('5');
      expect(fast.json()).toEqual(DOWN);
      expect((await watched.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);

      proxy.thaw();
      await expect.poll(() => dbHealth.check(), { timeout: 15000 }).toBe(true);
      expect((await me()).statusCode).toBe(200);
      expect((await watched.inject({ method: 'GET', url: '/api/health' })).json().data).toEqual({
        status: 'ok',
        api: 'up',
        database: 'up',
      });
      expect(monitorLog).toEqual([
        'database down: API calls answer 503 until it is back',
        expect.stringMatching(/^database is back after [\d.]+ s$/),
      ]);
    } finally {
      proxy.thaw();
      await watched.close();
      await dbHealth.stop();
      await pool.end();
    }
  });

  it('without a monitor, a hung server still cannot hold a call: query and connect timeouts', async () => {
    const url = new URL(database.url);
    url.host = `127.0.0.1:${proxy.port}`;
    const pool = createPool(url.toString(), undefined, {
      max: 1,
      queryTimeoutMs: 300,
      connectTimeoutMs: 300,
    });
    try {
      await pool.query('SELECT 1'); // an open connection
      proxy.freeze();
      const onOpenConnection = await pool.query('SELECT 1').catch((err: Error) => err);
      expect(onOpenConnection).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(onOpenConnection)).toBe(true);
      const onNewConnection = await pool.query('SELECT 1').catch((err: Error) => err);
      expect(onNewConnection).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(onNewConnection)).toBe(true);
    } finally {
      proxy.thaw();
      await pool.end();
    }
  });
});

describe('connection settings', () => {
  it('web connections carry statement and idle-in-transaction timeouts; a statement over its limit is a 503 case', async () => {
    const pool = createPool(database.url, undefined, { max: 1, statementTimeoutMs: 200 });
    try {
      const { rows } = await pool.query<{ s: string; i: string }>(
        `SELECT current_setting('statement_timeout') AS s,
                current_setting('idle_in_transaction_session_timeout') AS i`,
      );
      expect(rows[0]).toEqual({ s: '200ms', i: '5s' });
      // A statement that runs 2 s, ten times its limit.
      const slow = await pool.query('SELECT pg_sleep(2)').catch((err: Error) => err);
      expect((slow as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(slow)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('a transaction whose connection breaks leaves nothing behind, and its client is not reused', async () => {
    const pool = createPool(database.url, undefined, 2);
    try {
      await pool.query('CREATE TABLE IF NOT EXISTS tx_probe (v text)');
      let backend = 0;
      const failed = await withTransaction(pool, async (client) => {
        backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
          .pid;
        await client.query(`INSERT INTO tx_probe VALUES ('half-written')`);
        await client.query('SELECT pg_terminate_backend(pg_backend_pid())');
      }).catch((err: Error) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      expect((await pool.query('SELECT count(*)::int AS n FROM tx_probe')).rows[0].n).toBe(0);
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(rows[0].pid).not.toBe(backend);
    } finally {
      await pool.end();
    }
  });

  it('a dedicated client (connectClient) survives its connection being terminated', async () => {
    const lost: string[] = [];
    const client = await connectClient(database.url, { warn: (_o, msg) => lost.push(msg) });
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const killer = createPool(database.url, undefined, 1);
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await killer.end();
    await expect.poll(() => lost, { timeout: 10000 }).toContain('database connection lost');
    await client.end().catch(() => undefined);
  });
});
