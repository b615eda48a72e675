// Chaos: the real server on its own embedded PostgreSQL, over real HTTP, while things break.
// One data folder for the whole file, in order: the postmaster killed (kill -9) under 8 writers;
// every database process stopped (SIGSTOP) and resumed; the API process killed (kill -9) under
// writers and started again on the same folder; SIGTERM with a request in flight.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  databaseProcesses,
  DEMO_USERS,
  isRunning,
  loginAs,
  makeDataDir,
  missingWrites,
  postmasterPid,
  sleep,
  startServer,
  startWriters,
  stopAndRemove,
  waitHealthy,
  waitUntil,
  type CallResult,
  type ServerProcess,
} from './server-process.js';

const DOWN_BODY = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable. Please try again shortly.',
};

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = makeDataDir('chaos');
  server = await startServer(dataDir); // first start: initdb, migrations, demo accounts
}, 120000);

afterAll(() => stopAndRemove(server, dataDir), 60000);

function expectDown(res: CallResult): void {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toMatchObject(DOWN_BODY);
}

async function tokens(): Promise<string[]> {
  return Promise.all(DEMO_USERS.map((u) => loginAs(server.base, u)));
}

describe('database faults, on the real server', () => {
  it('kill -9 of the postmaster under 8 writers: the API stays up, answers 503 meanwhile, is back within 30 s and has every acknowledged write', async () => {
    const writers = startWriters(server.base, await tokens(), 8, 'postmaster-kill');
    // Writes under way: as many acknowledged as there are writers.
    await waitUntil(() => writers.acknowledged.length >= 8, 'writes before the kill');
    expect(writers.acknowledged.length).toBeGreaterThan(0);

    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    const killedAt = Date.now();

    // The operator's view: health says the database is down, then up again by itself.
    let sawDown: CallResult | undefined;
    while (!sawDown && Date.now() - killedAt < 10000) {
      const res = await call(server.base, 'GET', '/api/health', { timeoutMs: 5000 });
      if (res.status === 503) sawDown = res;
      else await sleep(50); // polling, for up to 10 s
    }
    expect(sawDown).toBeDefined();
    if (sawDown) {
      expectDown(sawDown);
      expect(sawDown.body.data).toMatchObject({
        status: 'unavailable',
        api: 'up',
        database: 'down',
      });
    }
    await waitHealthy(server.base, 30000 - (Date.now() - killedAt));
    // Writes go on after the restart: 8 more, sent once it was healthy, acknowledged.
    const healthyAt = Date.now();
    await waitUntil(
      () => writers.acknowledged.filter((w) => w.sentAt > healthyAt).length >= 8,
      'writes after the restart',
    );
    await writers.stop();

    expect(server.child.exitCode).toBeNull();
    expect(postmasterPid(dataDir)).not.toBe(killed);
    // Every failed call was a prompt 503: none hung (0), none was a 500.
    expect([...writers.failures.keys()]).toEqual([503]);
    expect(writers.slowestFailureMs()).toBeLessThan(5000);
    expect(writers.acknowledged.some((w) => w.sentAt > killedAt)).toBe(true);
    expect(await missingWrites(server.base, writers.acknowledged)).toEqual([]);
    expect(server.output()).toContain('The embedded PostgreSQL stopped unexpectedly');
  }, 90000);

  it('every database process stopped (SIGSTOP): 503 within 2 s, service back after SIGCONT', async () => {
    const [token] = await tokens();
    const pids = databaseProcesses(postmasterPid(dataDir));
    expect(pids.length).toBeGreaterThan(1);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    try {
      const health = await call(server.base, 'GET', '/api/health', { timeoutMs: 10000 });
      expectDown(health);
      expect(health.ms).toBeLessThan(2000);
      expect(health.body.data).toMatchObject({
        database: 'down',
        databaseProblem: 'not answering',
        databaseProcess: 'running',
      });
      const me = await call(server.base, 'GET', '/api/user/me', { token, timeoutMs: 10000 });
      expectDown(me);
      expect(me.ms).toBeLessThan(2000);
      const write = await call(server.base, 'POST', '/api/ticket/', {
        token,
        body: { subject: 'while hung', description: '<p>x</p>', priority_id: 2 },
        timeoutMs: 10000,
      });
      expectDown(write);
      expect(write.ms).toBeLessThan(2000);
    } finally {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    }
    await waitHealthy(server.base, 15000);
    expect((await call(server.base, 'GET', '/api/user/me', { token })).status).toBe(200);
  }, 60000);

  it('kill -9 of the API under 8 writers: a restart on the same data folder has every acknowledged write', async () => {
    const writerTokens = await tokens();
    const writers = startWriters(server.base, writerTokens, 8, 'api-kill');
    await waitUntil(() => writers.acknowledged.length >= 8, 'writes before the kill');
    server.child.kill('SIGKILL');
    await server.exited;
    await writers.stop();
    expect(writers.acknowledged.length).toBeGreaterThan(0);
    // Nothing told PostgreSQL to stop: the restart must cope with the leftover and the lock file.
    const leftover = postmasterPid(dataDir);
    expect(isRunning(leftover)).toBe(true);

    server = await startServer(dataDir);
    expect(postmasterPid(dataDir)).not.toBe(leftover);
    expect(isRunning(leftover)).toBe(false);
    expect(await missingWrites(server.base, writers.acknowledged)).toEqual([]);
  }, 120000);

  it('SIGTERM drains: stops accepting, finishes the request in flight, stops PostgreSQL, exits 0', async () => {
    const [token] = await tokens();
    // Hold writes to tickets back from outside, so a ticket is in flight when SIGTERM comes.
    const pidLines = fs
      .readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
      .split('\n');
    const blocker = new pg.Client({
      host: '127.0.0.1',
      port: Number(pidLines[3]),
      user: 'postgres',
      password: fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
      database: 'helpdesk',
    });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE records IN EXCLUSIVE MODE');
    const inFlight = call(server.base, 'POST', '/api/ticket/', {
      token,
      body: { subject: 'in flight at SIGTERM', description: '<p>x</p>', priority_id: 2 },
    });
    // In flight: its insert waits for the blocker's lock.
    await waitUntil(
      async () =>
        (
          await blocker.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
              WHERE relation = 'records'::regclass AND NOT granted`,
          )
        ).rows[0].n > 0,
      'the ticket to wait for the lock',
    );
    server.child.kill('SIGTERM');

    // It stops accepting: a new connection is refused (tried until it is, up to 10 s). One that
    // reached the listen queue as the listener closed is reset instead, never served: try again.
    const port = Number(new URL(server.base).port);
    const connect = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
    await waitUntil(
      async () => (await connect()) === 'ECONNREFUSED',
      'the port to refuse connections',
      10000,
    );
    // Still waiting for the request in flight (the 200 below, after the lock is let go, shows it
    // was waited for: a process that had gone would not answer it).
    expect(server.child.exitCode).toBeNull();

    await blocker.query('COMMIT');
    await blocker.end();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toContain('requests still running'); // none was cut off
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'helpdesk.lock'))).toBe(false);
  }, 60000);
});
