// Provides a PostgreSQL server for the whole test run: TEST_DATABASE_URL's server when set,
// otherwise a throwaway embedded cluster under the OS temp folder (removed afterwards). The
// schema is migrated once into a template database; each test file clones it (fast) and
// drops its clone afterwards (test/db.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded.js';
import { migrate } from '../db/migrate.js';
import { createPool } from '../db/pool.js';
import { databaseUrl } from './db-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the server's maintenance database (CREATE/DROP DATABASE). */
    adminUrl: string;
    /** The migrated template each test file clones. */
    templateDatabase: string;
    /** Unique per run, so concurrent runs on one server never touch each other's databases. */
    runId: string;
  }
}

let embedded: EmbeddedPostgresHandle | undefined;
let tempDir: string | undefined;

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-test-'));
    // mkdtemp makes a 700 folder; as root, PostgreSQL runs as `postgres` and must enter it.
    fs.chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      logger: { info: () => undefined, debug: () => undefined, error: (m) => console.error(m) },
      // A throwaway cluster: durability buys nothing here, speed does.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.adminUrl;
  }

  const templateDatabase = `helpdesk_tpl_${runId}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${templateDatabase}`);
  const db = createPool(databaseUrl(adminUrl, templateDatabase));
  try {
    await migrate(db);
  } finally {
    await db.end();
  }

  project.provide('adminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runId', runId);

  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`).catch(
      () => undefined,
    );
    if (embedded) await embedded.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
