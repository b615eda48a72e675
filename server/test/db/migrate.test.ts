import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../../db/migrate.js';
import { createPool, type Db } from '../../db/pool.js';
import { createTestDatabase, type TestDatabase } from '../db.js';

const databases: TestDatabase[] = [];
const pools: Db[] = [];
async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrated: false });
  databases.push(db);
  return db;
}
function pool(url: string): Db {
  const p = createPool(url, undefined, 2);
  pools.push(p);
  return p;
}
beforeAll(() => expect(migrationFiles().length).toBeGreaterThan(0));
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await Promise.all(databases.map((d) => d.drop()));
});

describe('migrate', () => {
  it('applies every migration once, then nothing', async () => {
    const db = pool((await emptyDatabase()).url);
    const first = await migrate(db);
    expect(first).toEqual({ applied: migrationFiles(), fresh: true });
    const second = await migrate(db);
    expect(second).toEqual({ applied: [], fresh: false });
    const { rows } = await db.query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(migrationFiles());
  });

  it('is safe when many processes start at once: each migration is applied exactly once', async () => {
    const url = (await emptyDatabase()).url;
    const results = await Promise.all(Array.from({ length: 6 }, () => migrate(pool(url))));
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(migrationFiles());
    expect(results.filter((r) => r.fresh)).toHaveLength(1);
  });

  it('leaves the schema untouched when a migration fails', async () => {
    const db = pool((await emptyDatabase()).url);
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.writeFileSync(path.join(dir, '001_ok.sql'), 'CREATE TABLE fine (id int);');
    fs.writeFileSync(
      path.join(dir, '002_broken.sql'),
      'CREATE TABLE broken (id int); SELECT no_such_function();',
    );
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_function/);
    const { rows } = await db.query(
      `SELECT to_regclass('fine') AS fine, to_regclass('schema_migrations') AS sm`,
    );
    expect(rows[0]).toEqual({ fine: null, sm: null });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
