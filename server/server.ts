// Starts Helpdesk: the database (embedded PostgreSQL unless DATABASE_URL is set), migrations
// (then attachment files left on disk move into the blob store), demo data on a brand-new embedded database, the database health monitor, then the HTTP server.
// SIGINT/SIGTERM drain: stop accepting, let requests in flight finish (SHUTDOWN_GRACE_MS), then
// close everything else in reverse order and exit 0. docs/operations.md says what happens on faults.
import fs from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig, loadDotEnv } from './config.js';
import { chooseDataDir, isReachableBy, makeReachableDir, postgresOsUser } from './db/data-dir.js';
import {
  EMBEDDED_DATABASE_NAME,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from './db/embedded.js';
import { createDatabaseHealth } from './db/health-monitor.js';
import { acquireDataDirLock } from './db/lock-file.js';
import { migrate } from './db/migrate.js';
import { createPool, JOB_SETTINGS, LONG_TASK_SETTINGS } from './db/pool.js';
import { demoAccountsText, seedDemo } from './db/seed.js';
import { startWorkers } from './jobs/workers.js';
import { createMailListenerMonitor, mailListenerBanner } from './mail/inbound/listener-health.js';
import { createPasswordHasher } from './lib/passwords.js';
import { surviveDatabaseErrors } from './lib/survive-database-errors.js';
import { createBlobStore, type BlobStore } from './storage/blob-store.js';
import { moveDiskFiles } from './storage/move-disk-files.js';

loadDotEnv();
const config = loadConfig();
const log = pino({ level: config.logLevel });

/** Cleanup steps, run last-in first-out on shutdown (or after a failed start). */
const cleanups: Array<{ name: string; run: () => Promise<void> | void }> = [];

async function cleanup(): Promise<void> {
  while (cleanups.length) {
    const step = cleanups.pop();
    if (!step) break;
    try {
      await step.run();
    } catch (err) {
      log.error({ err }, `shutdown: ${step.name} failed`);
    }
  }
}

/** Fails with a message for a person, not a stack trace. */
class StartError extends Error {}

async function startDatabase(): Promise<{ url: string; embedded?: EmbeddedPostgresHandle }> {
  if (config.databaseUrl) return { url: config.databaseUrl };

  const isRoot = process.getuid?.() === 0;
  const pgUser = isRoot ? postgresOsUser() : undefined;
  const choice = chooseDataDir({
    dataDir: config.dataDir,
    explicit: config.dataDirExplicit,
    isRoot,
    canReach: (dir) => isReachableBy(dir, pgUser),
  });
  if (!choice.ok) throw new StartError(choice.message);
  const dataDir = choice.dataDir;
  if (choice.fellBack) {
    log.warn(
      `The data folder ${config.dataDir} is not reachable by the postgres OS user (PostgreSQL runs as ` +
        `that user when started by root), so the data goes to ${dataDir}. Set DATA_DIR to choose another folder.`,
    );
  }
  // Everything else that lives in DATA_DIR (the mail outbox) follows the data folder.
  config.dataDir = dataDir;
  makeReachableDir(dataDir);

  try {
    cleanups.push({ name: 'remove lock file', run: acquireDataDirLock(dataDir) });
  } catch (err) {
    throw new StartError((err as Error).message);
  }

  const pg = await startEmbeddedPostgres({
    dataDir,
    logger: {
      info: (m) => log.info(m),
      debug: (m) => log.debug({ source: 'postgres' }, m),
      error: (m) => log.error({ source: 'postgres' }, m),
    },
  });
  cleanups.push({ name: 'stop embedded PostgreSQL', run: pg.stop });
  await ensureDatabase(pg.adminUrl, EMBEDDED_DATABASE_NAME);
  log.info(`Embedded PostgreSQL is running with its data in ${dataDir}/pg`);
  return { url: pg.localUrlFor(EMBEDDED_DATABASE_NAME), embedded: pg };
}

/** Migrations and demo data, on connections without the web requests' time limits. */
async function prepareSchema(url: string, blobs: BlobStore, embedded: boolean): Promise<void> {
  const db = createPool(url, log, LONG_TASK_SETTINGS);
  try {
    const { applied, fresh } = await migrate(db);
    log.info(
      applied.length
        ? `Applied migrations: ${applied.join(', ')}`
        : 'Database schema is up to date',
    );
    await moveDiskFiles({ db, blobs, dataDir: config.dataDir, log });
    // Demo data only on a brand-new embedded database; with DATABASE_URL it is `npm run seed`.
    if (embedded && fresh) {
      await seedDemo(db, createPasswordHasher(), config.demoPassword);
      console.log(`\n${demoAccountsText(config.demoPassword)}\n`);
    }
  } finally {
    await db.end();
  }
}

type App = Awaited<ReturnType<typeof buildApp>>;

interface ConnectionCloser {
  /** Closes keep-alive connections between requests (plain HTTP only). */
  idle?: () => void;
  /** Closes every connection still open. */
  all: () => void;
}

/**
 * How a stop ends the server's connections. An HTTPS server (HTTP/2 and HTTP/1.1 on one port)
 * has neither closeIdleConnections nor closeAllConnections: Fastify tells its HTTP/2 sessions to
 * go away as it closes, and its TLS sockets are tracked from the start to end the rest.
 */
function connectionCloser(app: App): ConnectionCloser {
  if (!config.tls) {
    return {
      idle: () => app.server.closeIdleConnections(),
      all: () => app.server.closeAllConnections(),
    };
  }
  const sockets = new Set<Socket>();
  app.server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    all: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Stops accepting and waits for requests in flight, at most SHUTDOWN_GRACE_MS. */
async function drainHttp(app: App, close: ConnectionCloser): Promise<void> {
  // A keep-alive connection whose request has finished is idle: close it then, not at the end.
  const idle = close.idle && setInterval(close.idle, 100);
  const timer = setTimeout(() => {
    log.warn(
      `requests still running after ${config.shutdownGraceMs} ms: closing their connections`,
    );
    close.all();
  }, config.shutdownGraceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(timer);
  }
}

/**
 * The certificate and key, read once and checked to belong together, or the start stops here
 * (before the database), saying so.
 */
function readTlsFiles(): { cert: Buffer; key: Buffer } | undefined {
  if (!config.tls) return undefined;
  const { certFile, keyFile } = config.tls;
  try {
    const files = { cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) };
    createSecureContext(files);
    return files;
  } catch (err) {
    throw new StartError(
      `TLS_CERT_FILE (${certFile}) and TLS_KEY_FILE (${keyFile}) must be a readable PEM certificate and its key: ${(err as Error).message}`,
    );
  }
}

async function main(): Promise<void> {
  const tls = readTlsFiles();
  const { url, embedded } = await startDatabase();
  const db = createPool(url, log, {
    max: config.dbPoolMax,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
  });
  cleanups.push({ name: 'close database pool', run: () => db.end() });
  const blobs = await createBlobStore(db, config.s3Url, log).catch((err: Error) => {
    throw new StartError(err.message);
  });
  await prepareSchema(url, blobs, embedded !== undefined);
  // Jobs (mail out, ...) run here unless WORKERS=0 (then `npm run worker` runs them). Pushed
  // before the HTTP server, so shutdown drains HTTP first and then lets running jobs finish.
  // The inbound SMTP listener runs with them; health and the banner say whether it listens.
  const mailListener = createMailListenerMonitor();
  if (config.workers > 0) {
    const jobsDb = createPool(url, log, JOB_SETTINGS);
    cleanups.push({ name: 'close job pool', run: () => jobsDb.end() });
    cleanups.push({
      name: 'stop job workers',
      run: await startWorkers(jobsDb, config, log, { mailListener }),
    });
  }

  const dbHealth = createDatabaseHealth({
    url,
    pool: db,
    logger: { info: (m) => log.info(m), warn: (o, m) => log.warn(o, m) },
    intervalMs: config.dbHealthIntervalMs,
    timeoutMs: config.dbHealthTimeoutMs,
    processState: embedded?.state,
  });
  dbHealth.start();
  cleanups.push({ name: 'stop database health monitor', run: dbHealth.stop });

  const app = await buildApp({
    config,
    db,
    blobs,
    loggerInstance: log,
    dbHealth,
    mailListener,
    tls,
  });
  const closer = connectionCloser(app);
  cleanups.push({ name: 'drain HTTP server', run: () => drainHttp(app, closer) });
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  // The port listened on (PORT=0 picks a free one).
  const { port } = app.server.address() as AddressInfo;
  const scheme = tls ? 'https' : 'http';
  console.log(
    `Helpdesk is running at ${scheme}://${shownHost}:${port} (API docs: /api/docs)\n` +
      mailListenerBanner(
        mailListener.current(),
        config.workers > 0
          ? 'INBOUND_SMTP=off or INBOUND_SMTP_PORT=0'
          : 'WORKERS=0: a worker process, npm run worker, listens',
      ),
  );
}

let stopping = false;
function shutdown(signal: string): void {
  // A terminal's Ctrl-C reaches us and our parent (npm start), which forwards it: act once.
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received, shutting down`);
  void cleanup().then(() => {
    log.info('stopped');
    process.exit(0);
  });
}
surviveDatabaseErrors(log);
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

main().catch(async (err: unknown) => {
  if (err instanceof StartError) {
    console.error(`\nHelpdesk cannot start: ${err.message}\n`);
  } else {
    log.fatal({ err }, 'Helpdesk failed to start');
  }
  await cleanup();
  process.exit(1);
});
