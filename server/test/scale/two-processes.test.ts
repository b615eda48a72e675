// Two API processes (server/server.ts, as `npm run serve` starts it) on one DATABASE_URL, each
// with its own DATA_DIR and no built SPA, as two machines behind a load balancer would run:
// what one writes the other reads, edits conflict across them, a file uploaded through one
// downloads byte for byte through the other (also a file the first moved in from its disk at
// start), and failed logins counted through one throttle the other.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createPool, type Db } from '../../db/pool.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { createTestDatabase, type TestDatabase } from '../db.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsxLoader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const PASSWORD = 'correct horse battery';

interface ApiProcess {
  base: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
}

let database: TestDatabase;
let db: Db;
const processes: ApiProcess[] = [];
let a: ApiProcess;
let b: ApiProcess;
let aliceId: number;
/** A ticket and a file on disk made before the processes started, as the old code stored files. */
let legacy: { attachmentId: number; content: Buffer; name: string };

/** What the API processes said when they ended. */
const exits: string[] = [];

/** Starts server/server.ts on a free port; resolves once it says where it listens. */
function startApi(dataDir: string): Promise<ApiProcess> {
  const child = spawn(
    process.execPath,
    ['--import', tsxLoader, path.join(root, 'server/server.ts')],
    {
      // Its own folder, so no .env of the checkout applies and there is no dist/ to serve.
      cwd: dataDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const proc: Omit<ApiProcess, 'base'> = { dataDir, child, output: () => output };
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const port = /Helpdesk is running at http:\/\/[\d.]+:(\d+)/.exec(output)?.[1];
      if (port) resolve({ ...proc, base: `http://127.0.0.1:${port}` });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      // After it started, a failing call shows why the process is gone (see api()).
      exits.push(`server on ${dataDir} exited with ${code}:\n${output}`);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function stopApi(p: ApiProcess): Promise<void> {
  if (p.child.exitCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  await exited;
}

async function api(p: ApiProcess, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${p.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((err: unknown) => {
    throw new Error(
      `${method} ${url} failed (${String(err)}); ${exits.join('\n') || 'no process exited'}`,
    );
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

async function login(p: ApiProcess, email: string, password: string) {
  return api(p, 'POST', '/api/login', undefined, { str_username: email, str_password: password });
}

async function download(p: ApiProcess, id: number, token: string) {
  const res = await fetch(`${p.base}/api/attachment/file/${id}`, {
    headers: { authorization: `JWT ${token}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function createUser(email: string, fullname: string): Promise<number> {
  const hash = await createPasswordHasher(true).hash(PASSWORD);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (fullname, email, password_hash, confirmed_at)
     VALUES ($1, $2, $3, now()) RETURNING id`,
    [fullname, email, hash],
  );
  return Number(rows[0].id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url);
  aliceId = await createUser('alice@two.test', 'Alice Two');
  await createUser('bob@two.test', 'Bob Two');
  const dirs = [1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-api-')));

  // A ticket with a file under the first process's DATA_DIR/attachments, as stored before
  // attachments moved into the database (made in-process; no API process runs yet).
  const setup = await buildApp({
    config: { ...loadConfig({}), dataDir: dirs[0], distDir: path.join(dirs[0], 'no-dist') },
    db,
    logger: false,
    testOnlyFastHashing: true,
  });
  const token = (
    await setup.inject({
      method: 'POST',
      url: '/api/login',
      payload: { str_username: 'alice@two.test', str_password: PASSWORD },
    })
  ).json().data.token as string;
  const ticket = await setup.inject({
    method: 'POST',
    url: '/api/ticket/',
    headers: { authorization: `JWT ${token}` },
    payload: { subject: 'Old file', description: '<p>From before.</p>', priority_id: 2 },
  });
  await setup.close();
  const name = randomUUID();
  const content = randomBytes(400 * 1024);
  fs.mkdirSync(path.join(dirs[0], 'attachments'));
  fs.writeFileSync(path.join(dirs[0], 'attachments', name), content);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO attachments (record_id, file_name, stored_name, content_type, size, uploaded_by)
     VALUES ($1, 'old.bin', $2, 'application/octet-stream', $3, $4) RETURNING id`,
    [ticket.json().data.id, name, content.length, aliceId],
  );
  legacy = { attachmentId: Number(rows[0].id), content, name };

  const started = await Promise.allSettled(dirs.map((dir) => startApi(dir)));
  for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  [a, b] = processes;
}, 90_000);

afterAll(async () => {
  for (const p of processes) await stopApi(p);
  for (const p of processes) fs.rmSync(p.dataDir, { recursive: true, force: true });
  await db?.end();
  await database?.drop();
});

it('serves a record written through one process through the other, and 409s a stale edit', async () => {
  const token = (await login(a, 'alice@two.test', PASSWORD)).json.data.token as string;
  const created = await api(a, 'POST', '/api/ticket/', token, {
    subject: 'Written through A',
    description: '<p>Hello.</p>',
    priority_id: 2,
  });
  expect(created.status).toBe(200);
  const id = created.json.data.id as number;
  const version = created.json.data.version as number;

  const read = await api(b, 'GET', `/api/ticket/${id}/`, token);
  expect(read.status).toBe(200);
  expect(read.json.data).toMatchObject({ id, subject: 'Written through A', version });

  const edited = await api(b, 'PUT', `/api/ticket/${id}/`, token, {
    version,
    subject: 'Edited through B',
  });
  expect(edited.status).toBe(200);
  const stale = await api(a, 'PUT', `/api/ticket/${id}/`, token, {
    version,
    subject: 'Stale edit through A',
  });
  expect(stale.status).toBe(409);
  expect((await api(a, 'GET', `/api/ticket/${id}/`, token)).json.data.subject).toBe(
    'Edited through B',
  );
});

it('downloads through one process, byte for byte, a file uploaded through the other', async () => {
  const token = (await login(b, 'alice@two.test', PASSWORD)).json.data.token as string;
  const ticket = await api(b, 'POST', '/api/ticket/', token, {
    subject: 'With a file',
    description: '<p>See the file.</p>',
    priority_id: 2,
  });
  const content = randomBytes(900 * 1024 + 7);
  const form = new FormData();
  form.append('files', new Blob([content], { type: 'application/pdf' }), 'scan.pdf');
  const up = await fetch(`${a.base}/api/attachment/T/${ticket.json.data.id}`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  });
  expect(up.status).toBe(200);
  const id = ((await up.json()) as { data: { id: number } }).data.id;

  const list = await api(b, 'GET', `/api/attachment/T/${ticket.json.data.id}`, token);
  expect(list.json.data).toEqual([expect.objectContaining({ id, file_name: 'scan.pdf' })]);
  const got = await download(b, id, token);
  expect(got.status).toBe(200);
  expect(got.bytes.equals(content)).toBe(true);
  // Nothing went to either process's disk.
  for (const p of [a, b]) expect(fs.existsSync(path.join(p.dataDir, 'attachments'))).toBe(false);
});

it('serves through the other process a file the first moved in from its disk at start', async () => {
  const token = (await login(b, 'alice@two.test', PASSWORD)).json.data.token as string;
  const got = await download(b, legacy.attachmentId, token);
  expect(got.status).toBe(200);
  expect(got.bytes.equals(legacy.content)).toBe(true);
  expect(fs.existsSync(path.join(a.dataDir, 'attachments', legacy.name))).toBe(false);
});

it('refuses a login through one process once failures through the other throttled it', async () => {
  // Wrong passwords through A until A refuses with 429 (whatever the throttle's thresholds).
  let refusedByA: Awaited<ReturnType<typeof login>> | undefined;
  for (let attempt = 0; attempt < 30 && !refusedByA; attempt++) {
    const res = await login(a, 'bob@two.test', 'wrong password');
    if (res.status === 429) refusedByA = res;
    else expect(res.status).toBe(401);
  }
  expect(refusedByA?.status).toBe(429);
  const throughB = await login(b, 'bob@two.test', 'wrong password');
  expect(throughB.status).toBe(429);
  expect(throughB.json).toEqual(refusedByA?.json);
});
