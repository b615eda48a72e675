// `npm run backup [file]`: a consistent snapshot of the data (docs/operations.md).
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config.js';
import { backupDatabase } from './backup.js';
import { databaseToBackUp, OpsRefused } from './ops-database.js';

loadDotEnv();
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? `helpdesk-${stamp}.backup.gz`);

try {
  const db = await databaseToBackUp(config);
  try {
    const started = Date.now();
    const { tables, rows } = await backupDatabase(db.url, file);
    console.log(
      `Backed up ${rows} rows in ${tables} tables of ${db.description} to ${file} ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(
    `Backup failed: ${err instanceof OpsRefused ? err.message : ((err as Error).stack ?? err)}`,
  );
  process.exitCode = 1;
}
