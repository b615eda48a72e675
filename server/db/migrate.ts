// Applies server/db/migrations/NNN_name.sql in name order, each at most once. Everything runs in
// one transaction holding an advisory lock, so N processes starting at once apply each
// migration exactly once (the others wait, then find nothing to do) and a failed migration
// leaves the schema untouched.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant shared by every Helpdesk process: "the migration lock". */
const MIGRATION_LOCK_ID = 4242_0001;

export interface MigrationResult {
  applied: string[];
  /** True when the database had no migrations before: a brand-new database. */
  fresh: boolean;
}

export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

/** `only`: apply just these (a restore first rebuilds the schema its backup was taken on). */
export async function migrate(
  db: Db,
  dir = MIGRATIONS_DIR,
  only?: ReadonlySet<string>,
): Promise<MigrationResult> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const doneNames = new Set(done.rows.map((r) => r.name));
    const applied: string[] = [];
    for (const name of migrationFiles(dir)) {
      if (doneNames.has(name) || (only && !only.has(name))) continue;
      await client.query(fs.readFileSync(path.join(dir, name), 'utf8'));
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    await client.query('COMMIT');
    return { applied, fresh: doneNames.size === 0 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
