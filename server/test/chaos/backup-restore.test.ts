// Backup and restore as an operator runs them (`npm run backup`, `npm run restore`) on the
// embedded database: a backup taken while 8 writers raise tickets through the running server
// restores into an empty data folder to a working product holding every write acknowledged
// before the backup began.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  call,
  DEMO_USERS,
  loginAs,
  makeDataDir,
  missingWrites,
  runScript,
  sleep,
  startServer,
  startWriters,
  waitUntil,
  type ServerProcess,
} from './server-process.js';

const root = makeDataDir('backup');
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) {
      s.child.kill('SIGTERM');
      await Promise.race([s.exited, sleep(30000)]); // its exit, or give up and clean up
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
}, 60000);

it('a backup taken under writes restores into an empty data folder with every write acknowledged before it began', async () => {
  const original = path.join(root, 'original');
  const restored = path.join(root, 'restored');
  const file = path.join(root, 'snapshot.backup.gz');

  const server = await startServer(original);
  servers.push(server);
  const tokens = await Promise.all(DEMO_USERS.map((u) => loginAs(server.base, u)));
  const writers = startWriters(server.base, tokens, 8, 'backup');
  // Writes under way: as many acknowledged as there are writers.
  await waitUntil(() => writers.acknowledged.length >= 8, 'writes before the backup');

  const backupBegan = Date.now();
  const backup = await runScript('backup', [file], { DATA_DIR: original });
  expect(backup.output).toContain('Backed up');
  expect(backup.code).toBe(0);
  // The writers went on through the backup and after it: one more sent after it, acknowledged.
  const backupEnded = Date.now();
  await waitUntil(
    () => writers.acknowledged.some((w) => w.sentAt > backupEnded),
    'a write after the backup',
  );
  await writers.stop();
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
  const before = writers.acknowledged.filter((w) => w.ackedAt < backupBegan);
  expect(before.length).toBeGreaterThan(0);

  const restore = await runScript('restore', [file], { DATA_DIR: restored });
  expect(restore.output).toContain('Restored');
  expect(restore.code).toBe(0);
  // A second restore into the same (now full) folder is refused, with the reason.
  const again = await runScript('restore', [file], { DATA_DIR: restored });
  expect(again.code).toBe(1);
  expect(again.output).toContain(`The data folder ${restored} is not empty`);

  const back = await startServer(restored);
  servers.push(back);
  expect(await missingWrites(back.base, before)).toEqual([]);
  // A working product: the demo users sign in, list their tickets and raise new ones.
  const token = await loginAs(back.base, 'alice@example.com');
  const list = await call(back.base, 'POST', '/api/search/ticket/my', {
    token,
    body: { page: 1, page_size: 10 },
  });
  expect(list.status).toBe(200);
  const created = await call(back.base, 'POST', '/api/ticket/', {
    token,
    body: { subject: 'after restore', description: '<p>x</p>', priority_id: 2 },
  });
  expect(created.status).toBe(200);
  const newId = (created.body.data as { id: number }).id;
  expect(newId).toBeGreaterThan(Math.max(...before.map((w) => w.id)));
}, 180000);
