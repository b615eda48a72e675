// Starts Helpdesk: the database (embedded PostgreSQL unless DATABASE_URL is set), migrations,
// demo data on a brand-new embedded database, then the HTTP server. SIGINT/SIGTERM close
// everything in reverse order and exit 0.
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig, loadDotEnv } from './config.js';
import { chooseDataDir, isReachableBy, makeReachableDir, postgresOsUser } from './db/data-dir.js';
import { ensureDatabase, startEmbeddedPostgres } from './db/embedded.js';
import { acquireDataDirLock } from './db/lock-file.js';
import { migrate } from './db/migrate.js';
import { createPool, type Db } from './db/pool.js';
import { demoAccountsText, seedDemo } from './db/seed.js';
import { createPasswordHasher } from './lib/passwords.js';

const EMBEDDED_DATABASE_NAME = 'helpdesk';

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

async function startDatabase(): Promise<{ url: string; embedded: boolean }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false };

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
  return { url: pg.urlFor(EMBEDDED_DATABASE_NAME), embedded: true };
}

async function prepareSchema(db: Db, embedded: boolean): Promise<void> {
  const { applied, fresh } = await migrate(db);
  log.info(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date',
  );
  // Demo data only on a brand-new embedded database; with DATABASE_URL it is `npm run seed`.
  if (embedded && fresh) {
    await seedDemo(db, createPasswordHasher(), config.demoPassword);
    console.log(`\n${demoAccountsText(config.demoPassword)}\n`);
  }
}

async function main(): Promise<void> {
  const { url, embedded } = await startDatabase();
  const db = createPool(url, log);
  cleanups.push({ name: 'close database pool', run: () => db.end() });
  await prepareSchema(db, embedded);

  const app = await buildApp({ config, db, loggerInstance: log });
  cleanups.push({ name: 'close HTTP server', run: () => app.close() });
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`Helpdesk is running at http://${shownHost}:${config.port} (API docs: /api/docs)`);
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
