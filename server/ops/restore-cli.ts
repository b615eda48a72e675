// `npm run restore <file>`: restores a backup into an empty data folder / database
// (docs/operations.md).
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config.js';
import { databaseToRestoreInto, OpsRefused } from './ops-database.js';
import { checkBackup, restoreDatabase, RestoreRefused } from './restore.js';

loadDotEnv();
const config = loadConfig();
const arg = process.argv[2];

if (!arg) {
  console.error('Usage: npm run restore <backup file>   (into an empty DATA_DIR, or DATABASE_URL)');
  process.exitCode = 1;
} else {
  const file = path.resolve(arg);
  try {
    await checkBackup(file); // before creating anything
    const db = await databaseToRestoreInto(config);
    let restored = false;
    try {
      const { tables, rows, createdAt } = await restoreDatabase(db.url, file);
      restored = true;
      console.log(
        `Restored ${rows} rows in ${tables} tables (backup of ${createdAt}) into ${db.description}.`,
      );
    } finally {
      await db.close();
      if (!restored) db.discard?.();
    }
  } catch (err) {
    const known = err instanceof OpsRefused || err instanceof RestoreRefused;
    console.error(`Restore failed: ${known ? err.message : ((err as Error).stack ?? err)}`);
    process.exitCode = 1;
  }
}
