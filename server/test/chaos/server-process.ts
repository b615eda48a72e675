// For the chaos tests: the real server (`server/server.ts`) as a child process on its own
// embedded PostgreSQL (a temp DATA_DIR, whatever TEST_DATABASE_URL says: these tests kill the
// database), driven over real HTTP, plus writers that raise tickets as the demo users and
// remember every write the server acknowledged.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../db/embedded.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEMO_PASSWORD = 'chaos-demo-password';
export const DEMO_USERS = ['alice@example.com', 'bob@example.com', 'agent@example.com'];

/** A data folder PostgreSQL (as the postgres OS user, when we are root) can enter. */
export function makeDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `helpdesk-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface ServerProcess {
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** The server's output so far (for failure messages). */
  output: () => string;
  /** Resolves with the exit code / signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `server/server.ts` on `dataDir` and waits until /api/health answers 200. The port is
 * free when chosen but bound seconds later, after the database has started: when another
 * process took it meanwhile (EADDRINUSE), the server starts again on another one.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(dataDir, env);
    } catch (err) {
      const taken = err instanceof Error && err.message.includes('EADDRINUSE');
      if (!taken || attempt >= 3) throw err;
    }
  }
}

async function startServerOnce(
  dataDir: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const tls = env.TLS_CERT_FILE;
  const base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const server = { base, dataDir, child, output: () => output, exited };
  const ca = tls ? fs.readFileSync(tls) : undefined;
  const until = Date.now() + 90000;
  for (;;) {
    if (child.exitCode !== null) {
      // Its database stops with it; let it finish before the next start takes the folder.
      await exited;
      throw new Error(`server exited on start:\n${output}`);
    }
    if ((await healthStatus(base, ca).catch(() => 0)) === 200) return server;
    if (Date.now() > until) throw new Error(`server did not become healthy:\n${output}`);
    await sleep(200); // polling, up to the deadline above
  }
}

/**
 * The status of GET /api/health (also for the bench). Over HTTPS it trusts `ca`, which fetch
 * cannot be told to, so the probe is node:http(s).
 */
export function healthStatus(base: string, ca?: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = `${base}/api/health`;
    const done = (res: http.IncomingMessage) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    };
    const req = url.startsWith('https:')
      ? https.get(url, { ca, timeout: 3000 }, done)
      : http.get(url, { timeout: 3000 }, done);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/** For pacing a loop (polling, a client's backoff); a test waits for events, not for time. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `check` every 50 ms until it holds; throws, naming `what`, after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: { statusCode?: number; error?: string; message?: string; data?: unknown };
  ms: number;
}

/** One HTTP call; rejects on a network error or when no answer came within `timeoutMs`. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<CallResult> {
  const started = Date.now();
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(opts.token ? { authorization: `JWT ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10000),
  });
  const text = await res.text();
  let body: CallResult['body'] = {};
  try {
    body = JSON.parse(text) as CallResult['body'];
  } catch {
    body = { message: text };
  }
  return { status: res.status, headers: res.headers, body, ms: Date.now() - started };
}

export async function loginAs(base: string, email: string): Promise<string> {
  const res = await call(base, 'POST', '/api/login', {
    body: { str_username: email, str_password: DEMO_PASSWORD },
  });
  const data = res.body.data as { token?: string } | undefined;
  if (res.status !== 200 || !data?.token) throw new Error(`login ${email}: ${res.status}`);
  return data.token;
}

/** Polls /api/health until it answers 200; returns how long that took. */
export async function waitHealthy(base: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const res = await call(base, 'GET', '/api/health', { timeoutMs: 3000 }).catch(() => undefined);
    if (res?.status === 200) return Date.now() - started;
    await sleep(100); // polling, up to timeoutMs
  }
  throw new Error(`not healthy within ${timeoutMs} ms`);
}

/** The embedded postmaster's pid (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The postmaster and every process it started (backends, checkpointer, ...). */
export function databaseProcesses(postmaster: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when nothing matches
  }
  return [postmaster, ...children];
}

/**
 * Stops the server (SIGTERM, then at most 30 s) and removes its data folder; whatever a failed
 * test left behind (a stopped or orphaned PostgreSQL) is killed first.
 */
export async function stopAndRemove(server: ServerProcess | undefined, dataDir: string) {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, sleep(30000)]); // its exit, or give up and clean up
  }
  if (fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) {
    for (const pid of databaseProcesses(postmasterPid(dataDir))) {
      try {
        process.kill(pid, 'SIGCONT');
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Kills the API process and every database process with SIGKILL, and waits until they are gone. */
export async function killEverything(server: ServerProcess, dataDir: string): Promise<void> {
  const postmaster = postmasterPid(dataDir);
  for (const pid of [server.child.pid as number, ...databaseProcesses(postmaster)]) {
    process.kill(pid, 'SIGKILL');
  }
  await server.exited;
  await waitUntil(() => !isRunning(postmaster), 'the postmaster to be gone');
}

/** A client of the server's embedded database (its port and password from the data folder). */
export async function embeddedClient(dataDir: string): Promise<pg.Client> {
  const pidLines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pidLines[3]),
    user: 'postgres',
    password: fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim(),
    database: 'helpdesk',
  });
  // Killed with the database: its error is expected, not a failure of the test process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A process that has ended but is not reaped yet (a zombie: its parent was killed) still
  // answers kill(pid, 0); it is not running.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export interface Acknowledged {
  id: number;
  subject: string;
  token: string;
  /** When the request was sent and when its success came back (ms since epoch). */
  sentAt: number;
  ackedAt: number;
}

export interface Writers {
  acknowledged: Acknowledged[];
  /** Every answer that was not a success, by status (0: no answer in time / network error). */
  failures: Map<number, number>;
  /** The slowest answer of a failed call, in ms. */
  slowestFailureMs: () => number;
  stop: () => Promise<void>;
}

/** `count` loops raising tickets until stopped, as the given signed-in users in turn. */
export function startWriters(base: string, tokens: string[], count: number, tag: string): Writers {
  const acknowledged: Acknowledged[] = [];
  const failures = new Map<number, number>();
  let slowest = 0;
  let running = true;
  const loops = Array.from({ length: count }, async (_, w) => {
    const token = tokens[w % tokens.length];
    for (let i = 0; running; i++) {
      const subject = `${tag} writer ${w} ticket ${i}`;
      const sentAt = Date.now();
      let status = 0;
      try {
        const res = await call(base, 'POST', '/api/ticket/', {
          token,
          body: { subject, description: '<p>Written under faults.</p>', priority_id: 2 },
        });
        status = res.status;
        const data = res.body.data as { id?: number } | undefined;
        if ((status === 200 || status === 201) && data?.id) {
          acknowledged.push({ id: data.id, subject, token, sentAt, ackedAt: Date.now() });
          continue;
        }
        slowest = Math.max(slowest, res.ms);
        if (status === 503) await sleep(100); // as a client honouring Retry-After would, briefly
      } catch {
        slowest = Math.max(slowest, Date.now() - sentAt);
        await sleep(100); // refused while the API process is gone
      }
      failures.set(status, (failures.get(status) ?? 0) + 1);
    }
  });
  return {
    acknowledged,
    failures,
    slowestFailureMs: () => slowest,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** The acknowledged tickets that cannot be read back (by their owner) with their subject. */
export async function missingWrites(base: string, writes: Acknowledged[]): Promise<number[]> {
  const missing: number[] = [];
  for (let i = 0; i < writes.length; i += 8) {
    await Promise.all(
      writes.slice(i, i + 8).map(async (w) => {
        const res = await call(base, 'GET', `/api/ticket/${w.id}/`, { token: w.token });
        const data = res.body.data as { subject?: string } | undefined;
        if (res.status !== 200 || data?.subject !== w.subject) missing.push(w.id);
      }),
    );
  }
  return missing;
}

/** Runs an npm script (`npm run -s <script> -- args`) to its end. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
