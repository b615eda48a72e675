// The start-time data migration: attachment files under DATA_DIR/attachments (the store before
// migration 007) move into the blob store, stay downloadable byte for byte, and leave the disk.
// Running it again changes nothing; a crash before the commit (the move rolls back) or after it
// (the file is still on disk) is finished by the next run; a file not in this DATA_DIR is left.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBlobStore, type BlobStore } from '../../storage/blob-store.js';
import { moveDiskFiles, type MoveLogger } from '../../storage/move-disk-files.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newTicket, person, type Person } from '../routes/work-helpers.js';

let env: TestEnv;
let blobs: BlobStore;
let alice: Person;
let ticketId: number;
const logged: string[] = [];
const log: MoveLogger = {
  info: (_obj, msg) => logged.push(msg),
  warn: (_obj, msg) => logged.push(msg),
  error: (_obj, msg) => logged.push(msg),
};

beforeAll(async () => {
  env = await startTestEnv();
  blobs = await createBlobStore(env.db, undefined);
  alice = await person(env, 'Alice Disk');
  ticketId = (await newTicket(env, alice.token)).id;
});
afterAll(() => env?.close());

const dir = () => path.join(env.config.dataDir, 'attachments');

/** An attachment as the old code stored it: a file under a generated name and its row. */
async function oldAttachment(content: Buffer): Promise<{ id: number; name: string }> {
  const name = randomUUID();
  fs.mkdirSync(dir(), { recursive: true });
  fs.writeFileSync(path.join(dir(), name), content);
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO attachments (record_id, file_name, stored_name, content_type, size, uploaded_by)
     VALUES ($1, 'old.bin', $2, 'application/octet-stream', $3, $4) RETURNING id`,
    [ticketId, name, content.length, alice.id],
  );
  return { id: Number(rows[0].id), name };
}

async function storedName(id: number): Promise<string> {
  const { rows } = await env.db.query<{ stored_name: string }>(
    'SELECT stored_name FROM attachments WHERE id = $1',
    [id],
  );
  return rows[0].stored_name;
}

const download = (id: number) => caller(env)('GET', `/api/attachment/file/${id}`, alice.token);

it('moves every file on disk into PostgreSQL, removes it from disk, and logs it', async () => {
  const small = randomBytes(1000);
  const large = randomBytes(700 * 1024);
  const a = await oldAttachment(small);
  const b = await oldAttachment(large);
  // Before the move, the file cannot be served from the store.
  expect((await download(a.id)).statusCode).toBe(404);

  const result = await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log });
  expect(result).toEqual({ moved: 2, missing: 0, failed: 0 });
  expect(await storedName(a.id)).toBe(`pg:${a.name}`);
  expect((await download(a.id)).rawPayload.equals(small)).toBe(true);
  expect((await download(b.id)).rawPayload.equals(large)).toBe(true);
  expect(fs.existsSync(dir())).toBe(false);
  expect(logged.some((m) => m.startsWith('Moved 2 attachment files'))).toBe(true);

  // Idempotent: nothing left to do.
  expect(await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log })).toEqual({
    moved: 0,
    missing: 0,
    failed: 0,
  });
  expect((await download(b.id)).rawPayload.equals(large)).toBe(true);
});

it('a move that fails before its commit keeps the file and its row, and is redone next start', async () => {
  const content = randomBytes(300 * 1024);
  const a = await oldAttachment(content);
  // The bytes are written, then the process "dies" before the commit.
  const crashing: BlobStore = {
    ...blobs,
    put: async (source, maxBytes, tx, id) => {
      await blobs.put(source, maxBytes, tx, id);
      throw new Error('killed');
    },
  };
  const failed = await moveDiskFiles({
    db: env.db,
    blobs: crashing,
    dataDir: env.config.dataDir,
    log,
  });
  expect(failed).toEqual({ moved: 0, missing: 0, failed: 1 });
  expect(await storedName(a.id)).toBe(a.name);
  expect(fs.readFileSync(path.join(dir(), a.name)).equals(content)).toBe(true);
  const { rows } = await env.db.query('SELECT 1 FROM attachment_blobs WHERE key = $1', [
    `pg:${a.name}`,
  ]);
  expect(rows).toHaveLength(0);

  const again = await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log });
  expect(again.moved).toBe(1);
  expect((await download(a.id)).rawPayload.equals(content)).toBe(true);
  expect(fs.existsSync(dir())).toBe(false);
});

it('removes a file whose move committed before a crash kept it on disk', async () => {
  const content = randomBytes(5000);
  const a = await oldAttachment(content);
  await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log });
  // As if the process died between the commit and removing the file.
  fs.mkdirSync(dir(), { recursive: true });
  fs.writeFileSync(path.join(dir(), a.name), content);

  expect(await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log })).toEqual({
    moved: 0,
    missing: 0,
    failed: 0,
  });
  expect(fs.existsSync(dir())).toBe(false);
  expect((await download(a.id)).rawPayload.equals(content)).toBe(true);
});

it('leaves a row whose file is not in this DATA_DIR, and a file no row names', async () => {
  const a = await oldAttachment(Buffer.from('elsewhere'));
  fs.rmSync(path.join(dir(), a.name));
  fs.writeFileSync(path.join(dir(), 'stray.txt'), 'nobody names me');

  const result = await moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log });
  expect(result).toEqual({ moved: 0, missing: 1, failed: 0 });
  expect(await storedName(a.id)).toBe(a.name);
  expect(fs.readFileSync(path.join(dir(), 'stray.txt'), 'utf8')).toBe('nobody names me');
  expect(logged.some((m) => m.includes('1 attachments point to files that are not in'))).toBe(true);
});

it('waits for a row another process holds, then moves its file (two processes starting at once)', async () => {
  fs.rmSync(dir(), { recursive: true, force: true });
  const content = randomBytes(2000);
  const a = await oldAttachment(content);
  // Another process, whose DATA_DIR does not have the file, holds the row for a moment.
  const other = await env.db.connect();
  try {
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM attachments WHERE id = $1 FOR UPDATE', [a.id]);
    const holder = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
      .pid;
    const moving = moveDiskFiles({ db: env.db, blobs, dataDir: env.config.dataDir, log });
    await expect
      // Generous: a busy machine may take a while to get there; a pass does not wait for it.
      .poll(
        async () => {
          const { rows } = await env.db.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
              WHERE $1 = ANY(pg_blocking_pids(pid))`,
            [holder],
          );
          return rows[0].waiting;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await other.query('ROLLBACK');
    expect((await moving).moved).toBe(1);
  } finally {
    other.release();
  }
  expect(await storedName(a.id)).toBe(`pg:${a.name}`);
  expect(fs.existsSync(path.join(dir(), a.name))).toBe(false);
  expect((await download(a.id)).rawPayload.equals(content)).toBe(true);
});
