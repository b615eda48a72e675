// Exactly once through a crash: a real worker process (server/worker.ts, as `npm run worker`
// runs it) takes 200 mails over SMTP and is killed with SIGKILL while importing them. Its
// successor gets every mail again (a sending MTA retries what was not acknowledged; we resend
// all, acknowledged ones included). Afterwards every mail is exactly one ticket.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { SUPPORT } from './inbound-env.js';

const MAILS = 200;
let env: TestEnv;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  await env.db.query(`INSERT INTO mail_channels (hd_id, address) VALUES (1, $1)`, [SUPPORT]);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-crash-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await env?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A port free right now (INBOUND_SMTP_PORT=0 turns the listener off). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `npm run worker`'s process on the test database; resolves with its SMTP port. */
async function startWorker(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: env.database.url,
      DATA_DIR: dataDir,
      INBOUND_SMTP: 'on',
      INBOUND_SMTP_PORT: String(await freePort()),
      WORKERS: '2',
      JOB_POLL_SECONDS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Inbound SMTP listening on [\d.]+:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`worker exited (${code}) before listening:\n${out}`)),
    );
  });
}

const mailFor = (i: number) => ({
  from: `sender${i}@client.test`,
  to: SUPPORT,
  subject: `Crash ${i}`,
  text: `Mail number ${i}`,
  messageId: `<crash-${i}.${process.pid}@client.test>`,
});

/** Sends the mails over a few connections; resolves with the ones acknowledged (250). */
async function sendAll(port: number, numbers: number[]): Promise<Set<number>> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 8,
    connectionTimeout: 5000,
  });
  const acknowledged = new Set<number>();
  await Promise.all(
    numbers.map((i) =>
      transport.sendMail(mailFor(i)).then(
        () => acknowledged.add(i),
        () => undefined,
      ),
    ),
  );
  transport.close();
  return acknowledged;
}

async function count(sql: string): Promise<number> {
  const { rows } = await env.db.query<{ n: number }>(sql);
  return rows[0].n;
}
const crashTickets = () =>
  count(`SELECT count(*)::int AS n FROM records WHERE title LIKE 'Crash %'`);

it('kill -9 while 200 mails are imported: after a restart each is exactly one ticket', async () => {
  const numbers = Array.from({ length: MAILS }, (_, i) => i + 1);
  const first = await startWorker();

  // Kill it once imports are under way and mails are still arriving.
  let killedAt = -1;
  const killer = (async () => {
    for (;;) {
      const n = await crashTickets();
      if (n >= 40) {
        first.child.kill('SIGKILL');
        killedAt = n;
        return;
      }
      await new Promise((r) => setTimeout(r, 10)); // polling (the test's timeout bounds it)
    }
  })();
  const acknowledged = await sendAll(first.port, numbers);
  await killer;
  if (first.child.exitCode === null && first.child.signalCode === null) {
    await new Promise((r) => first.child.once('exit', r));
  }
  expect(killedAt).toBeGreaterThanOrEqual(40);
  // Every acknowledged mail was stored before its 250.
  const stored = await count(`SELECT count(*)::int AS n FROM inbound_mails`);
  expect(stored).toBeGreaterThanOrEqual(acknowledged.size);
  // The kill came mid-import: stored mails were left for the next process.
  const left = await count(`SELECT count(*)::int AS n FROM inbound_mails WHERE state = 'received'`);
  expect(left).toBeGreaterThan(0);

  const second = await startWorker();
  const again = await sendAll(second.port, numbers);
  expect(again.size).toBe(MAILS);
  // Until every mail is a ticket (polled, for up to 30 s); the checks below say what is missing.
  for (let i = 0; i < 600 && (await crashTickets()) < MAILS; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  second.child.kill('SIGTERM');

  const { rows } = await env.db.query<{ title: string; n: number }>(
    `SELECT title, count(*)::int AS n FROM records WHERE title LIKE 'Crash %' GROUP BY title`,
  );
  expect(rows).toHaveLength(MAILS);
  expect(rows.every((r) => r.n === 1)).toBe(true);
  expect(await count(`SELECT count(*)::int AS n FROM inbound_mails`)).toBe(MAILS);
  expect(await count(`SELECT count(*)::int AS n FROM inbound_mails WHERE state <> 'ticket'`)).toBe(
    0,
  );
}, 120_000);
