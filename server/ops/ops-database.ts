// Which database `npm run backup` / `npm run restore` work on: DATABASE_URL's, else the embedded
// one in DATA_DIR. A backup of the embedded database runs while the server runs (it connects to
// the running PostgreSQL with the stored password); when nothing runs, it starts the database
// itself, holding the data folder lock so no server starts meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { isReachableBy, makeReachableDir, postgresOsUser } from '../db/data-dir.js';
import {
  EMBEDDED_DATABASE_NAME,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedLogger,
} from '../db/embedded.js';
import { acquireDataDirLock } from '../db/lock-file.js';

export class OpsRefused extends Error {}

export interface OpsDatabase {
  url: string;
  /** Where the data is, for messages. */
  description: string;
  close: () => Promise<void>;
  /** After a failed restore into a new data folder: empty it again (call after close). */
  discard?: () => void;
}

const quiet: EmbeddedLogger = {
  info: (m) => console.log(m),
  debug: () => undefined,
  error: (m) => console.error(m),
};

function runningPostmaster(clusterDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

async function startOwn(dataDir: string): Promise<OpsDatabase> {
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (err) {
    throw new OpsRefused((err as Error).message);
  }
  try {
    const pg = await startEmbeddedPostgres({ dataDir, logger: quiet });
    await ensureDatabase(pg.adminUrl, EMBEDDED_DATABASE_NAME);
    return {
      url: pg.urlFor(EMBEDDED_DATABASE_NAME),
      description: `the embedded database in ${dataDir}`,
      close: async () => {
        await pg.stop();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

function checkReachable(dataDir: string): void {
  if (process.getuid?.() === 0 && !isReachableBy(dataDir, postgresOsUser())) {
    throw new OpsRefused(
      `The data folder ${dataDir} is not reachable by the postgres OS user. Set DATA_DIR to a folder it can reach.`,
    );
  }
}

/** The database to back up. */
export async function databaseToBackUp(config: Config): Promise<OpsDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, description: 'DATABASE_URL', close: async () => undefined };
  }
  const clusterDir = path.join(config.dataDir, 'pg');
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new OpsRefused(
      `There is no embedded database in ${config.dataDir}. Set DATA_DIR to the server's data folder, or DATABASE_URL.`,
    );
  }
  const running = runningPostmaster(clusterDir);
  if (running) {
    const password = fs.readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${EMBEDDED_DATABASE_NAME}`,
      description: `the running embedded database in ${config.dataDir}`,
      close: async () => undefined,
    };
  }
  checkReachable(config.dataDir);
  return startOwn(config.dataDir);
}

/** The database to restore into: DATABASE_URL's (must be empty), or a new embedded one. */
export async function databaseToRestoreInto(config: Config): Promise<OpsDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, description: 'DATABASE_URL', close: async () => undefined };
  }
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new OpsRefused(
      `The data folder ${dataDir} is not empty. A restore goes into an empty data folder: ` +
        'set DATA_DIR to a new folder (or move this one away first).',
    );
  }
  checkReachable(dataDir);
  makeReachableDir(dataDir);
  const discard = () => {
    for (const entry of fs.readdirSync(dataDir)) {
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  };
  try {
    return { ...(await startOwn(dataDir)), discard };
  } catch (err) {
    discard();
    throw err;
  }
}
