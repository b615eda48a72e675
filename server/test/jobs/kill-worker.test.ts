// A worker process killed with -9 in the middle of a job loses nothing: the job stays active
// in the database until a worker's maintenance expires it, then it runs again and the mail is
// delivered exactly once.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/workers.js';
import { drainJobs, startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newRecord, person } from '../work-helpers.js';
import { mailsTo } from '../routes/work-helpers.js';

let env: TestEnv;
/** An SMTP server that accepts connections and never answers: the job hangs mid-delivery. */
let hung: net.Server;
const hungSockets = new Set<net.Socket>();

beforeAll(async () => {
  env = await startTestEnv({ workers: 0, mailJobExpireSeconds: 3, mailRetryDelaySeconds: 1 });
  hung = net.createServer((socket) => {
    hungSockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  for (const s of hungSockets) s.destroy();
  await new Promise((r) => hung.close(r));
  await env.close();
});

let lastState: string | undefined;
async function jobState(): Promise<string | undefined> {
  const { rows } = await env.db.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = 'mail.send'`,
  );
  lastState = rows[0]?.state;
  return lastState;
}

/**
 * Polls `check` every 100 ms until it holds, for up to a minute (generous: under a loaded CI
 * machine a worker's start and pg-boss's maintenance run late).
 */
async function until(check: () => Promise<boolean>, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a worker killed with -9', () => {
  it(
    'loses no job: it runs again elsewhere and the mail goes out once',
    { timeout: 150_000 },
    async () => {
      const alice = await person(env, 'Alice Kill');
      const agent = await person(env, 'Agent Kill', true);
      const t = await newRecord(env, 'ticket', alice.token, { subject: 'Survives a crash' });
      const res = await caller(env)('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
        body: '<p>This mail outlives its worker.</p>',
      });
      expect(res.statusCode).toBe(200);

      // `npm run worker` on the same database, delivering to the SMTP server that never answers.
      const addr = hung.address() as net.AddressInfo;
      // Node itself with tsx's loader, not the tsx CLI: the CLI runs the script in a child
      // process, and -9 on the CLI would leave that child running (and delivering).
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/worker.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: env.database.url,
          SMTP_URL: `smtp://127.0.0.1:${addr.port}`,
          WORKERS: '1',
          JOB_POLL_SECONDS: '1',
          INBOUND_SMTP: 'off',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, s) => r(s)));
      try {
        await until(
          async () => (await jobState()) === 'active',
          () => `the worker to take the job (state ${String(lastState)}; worker said: ${output})`,
        );
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      // Nobody runs it now; it is still in the database, active, not lost.
      expect(await jobState()).toBe('active');

      // Another worker (this process, delivering to the outbox) expires it and runs it again.
      const stop = await startWorkers(
        env.db,
        { ...env.config, workers: 1, jobMaintenanceSeconds: 1 },
        { info: () => undefined, warn: () => undefined, error: () => undefined },
      );
      try {
        await until(
          async () => (await jobState()) !== undefined && mailsTo(env, alice.email).length > 0,
          () => `the mail (job state ${String(lastState)})`,
        );
        await drainJobs(env);
      } finally {
        await stop();
      }
      expect(mailsTo(env, alice.email)).toHaveLength(1);
      expect(mailsTo(env, alice.email)[0]).toContain('This mail outlives its worker.');
      const { rows } = await env.db.query(
        `SELECT state, attempts FROM record_mail_log WHERE record_id = $1`,
        [t.id],
      );
      expect(rows).toEqual([{ state: 'sent', attempts: 1 }]);
    },
  );
});
