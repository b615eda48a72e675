// backupDatabase / restoreDatabase on the test server (embedded and TEST_DATABASE_URL): every
// table's rows and every sequence come back; a non-empty target and a damaged file are refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../db/pool.js';
import { backupDatabase } from '../../ops/backup.js';
import { restoreDatabase } from '../../ops/restore.js';
import { createTestDatabase, type TestDatabase } from '../db.js';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
const targets: TestDatabase[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-backup-test-'));
const file = path.join(dir, 'test.backup.gz');

beforeAll(async () => {
  env = await startTestEnv();
  const user = await createUser(env);
  const token = await tokenFor(env, user.email, user.password);
  for (let i = 0; i < 3; i++) {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/ticket/',
      headers: auth(token),
      payload: {
        subject: `Backed up ${i}`,
        description: '<p>Tab\there, ünïcode, back\\slash</p>',
        priority_id: 2,
      },
    });
    expect(res.statusCode).toBe(200);
  }
});

afterAll(async () => {
  for (const t of targets) await t.drop();
  await env.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows (as text, sorted) and every sequence's value. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of tables) {
    // schema_migrations is rebuilt by the restore (its own times); the names are compared.
    const what = name === 'schema_migrations' ? 't.name' : 't::text';
    const { rows } = await db.query<{ r: string }>(`SELECT ${what} AS r FROM "${name}" t`);
    out[name] = rows.map((r) => r.r).sort();
  }
  const { rows: seqs } = await db.query<{ name: string; v: string }>(
    `SELECT sequencename AS name, last_value::text AS v FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const s of seqs) out[`sequence ${s.name}`] = [s.v];
  return out;
}

it('restores every row and sequence of the backup into an empty database', async () => {
  const backup = await backupDatabase(env.database.url, file);
  expect(backup.rows).toBeGreaterThan(3);

  const target = await createTestDatabase({ migrated: false });
  targets.push(target);
  const restored = await restoreDatabase(target.url, file);
  expect(restored.rows).toBe(backup.rows);

  const db = createPool(target.url, undefined, 1);
  try {
    expect(await contents(db)).toEqual(await contents(env.db));
  } finally {
    await db.end();
  }
});

it('refuses a database that is not empty, and a damaged file, restoring nothing', async () => {
  await expect(restoreDatabase(env.database.url, file)).rejects.toThrow(
    'The target database is not empty',
  );

  const damaged = path.join(dir, 'damaged.backup.gz');
  const whole = fs.readFileSync(file);
  fs.writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.8)));
  const target = await createTestDatabase({ migrated: false });
  targets.push(target);
  await expect(restoreDatabase(target.url, damaged)).rejects.toThrow();
  const db = createPool(target.url, undefined, 1);
  try {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(0);
  } finally {
    await db.end();
  }
});
