// `npm run worker`: a worker-only process (no HTTP). It runs the background jobs (mail out, ...)
// on DATABASE_URL's database, so API processes (WORKERS=0) and workers scale separately.
// SIGINT/SIGTERM let running jobs finish (or hand them back to the queue) before exiting.
import pino from 'pino';
import { loadConfig, loadDotEnv } from './config.js';
import { migrate } from './db/migrate.js';
import { createPool, JOB_SETTINGS } from './db/pool.js';
import { startWorkers } from './jobs/workers.js';
import { createMailListenerMonitor, mailListenerBanner } from './mail/inbound/listener-health.js';
import { surviveDatabaseErrors } from './lib/survive-database-errors.js';

loadDotEnv();
const config = loadConfig();
const log = pino({ level: config.logLevel });

async function main(): Promise<void> {
  if (!config.databaseUrl) {
    console.error(
      '\nThe worker needs DATABASE_URL (the database the API processes use). `npm start` ' +
        'runs workers itself unless WORKERS=0.\n',
    );
    process.exit(1);
  }
  const db = createPool(config.databaseUrl, log, JOB_SETTINGS);
  await migrate(db);
  const mailListener = createMailListenerMonitor();
  const stop = await startWorkers(db, { ...config, workers: Math.max(1, config.workers) }, log, {
    mailListener,
  });
  log.info(`Worker running (${Math.max(1, config.workers)} per job name)`);
  // Said beside the start, like the server's banner: a listener that could not bind keeps trying.
  console.log(
    mailListenerBanner(mailListener.current(), 'INBOUND_SMTP=off or INBOUND_SMTP_PORT=0'),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping workers`);
    void stop()
      .catch((err: unknown) => log.error({ err }, 'stopping workers failed'))
      .then(() => db.end())
      .then(() => process.exit(0));
  };
  surviveDatabaseErrors(log);
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  log.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
