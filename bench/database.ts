// A throwaway database for one bench section: a new database on DATABASE_URL's server (dropped
// afterwards), or, without it, an embedded PostgreSQL in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '../server/db/embedded.js';

export interface BenchDatabase {
  url: string;
  stop: () => Promise<void>;
}

/** `label` names the database (or folder): helpdesk_bench_<label>_<pid>. */
export async function benchDatabase(label: string): Promise<BenchDatabase> {
  const name = `helpdesk_bench_${label}_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const admin = process.env.DATABASE_URL;
    await ensureDatabase(admin, name);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `helpdesk-bench-${label}-`));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter it
  const server = await startEmbeddedPostgres({
    dataDir: dir,
    logger: { info: () => undefined, debug: () => undefined, error: (m) => console.error(m) },
  });
  await ensureDatabase(server.adminUrl, 'bench');
  return {
    url: server.localUrlFor('bench'),
    stop: async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
