// A lock file in DATA_DIR holding our pid, so a second `npm start` on the same data folder
// refuses instead of starting a second PostgreSQL on the same files. A lock whose pid is no
// longer running (after a crash or kill -9) is stale and taken over.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'helpdesk.lock';

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirInUseError. Returns a function that releases it. */
export function acquireDataDirLock(dataDir: string, pid = process.pid): () => void {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx', mode: 0o644 });
      return () => {
        // Only remove the lock if it is still ours.
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(pid)) {
          fs.rmSync(file, { force: true });
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== pid && isRunning(owner)) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is already in use by another Helpdesk server (pid ${owner}). ` +
          'Stop that server first, or set DATA_DIR to another folder (and PORT to another port).',
      );
    }
    fs.rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new DataDirInUseError(`Could not take the lock file ${file}.`);
}
