// What most test files need: an app on its own database and DATA_DIR, plus small helpers to
// create users, log in and read mailed links from the outbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createPool, type Db } from '../db/pool.js';
import { startWorkers } from '../jobs/workers.js';
import type { MailListenerMonitor } from '../mail/inbound/listener-health.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestEnv {
  app: FastifyInstance;
  db: Db;
  config: Config;
  outboxDir: string;
  database: TestDatabase;
  close: () => Promise<void>;
}

const fastHasher = createPasswordHasher(true);

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * An app on its own database; its job workers run too (mails reach the outbox) unless `workers: 0`.
 * `logTo` receives the app's log lines (info and up); by default it logs nothing. `mailListener`:
 * the app's health reports it and the workers' inbound SMTP listener writes it.
 */
export async function startTestEnv(
  overrides: Partial<Config> = {},
  opts: { logTo?: NodeJS.WritableStream; mailListener?: MailListenerMonitor } = {},
): Promise<TestEnv> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-data-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    publicUrl: 'http://helpdesk.test',
    // Workers look for jobs often, so a queued mail reaches the outbox quickly.
    jobPollSeconds: 0.5,
    // Tests that need the inbound SMTP listener start it on a free port (test/mail/inbound-env.ts).
    inboundSmtp: false,
    ...overrides,
  };
  // Generous limits: tests also set up data (thousands of rows) through this pool on a busy
  // machine; the web limits themselves are tested in test/db/db-unavailable.test.ts.
  const db = createPool(database.url, undefined, {
    connectTimeoutMs: 10000,
    statementTimeoutMs: 60000,
    queryTimeoutMs: 65000,
  });
  const logger = opts.logTo ? { level: 'info', stream: opts.logTo } : false;
  const { mailListener } = opts;
  const app = await buildApp({ config, db, logger, testOnlyFastHashing: true, mailListener });
  await app.ready();
  const stopWorkers =
    config.workers > 0 ? await startWorkers(db, config, silentLog, { mailListener }) : undefined;
  return {
    app,
    db,
    config,
    outboxDir: path.join(dataDir, 'outbox'),
    database,
    close: async () => {
      await app.close();
      await stopWorkers?.();
      await db.end();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the job queue has nothing left to run (every job done or failed for good), so a
 * test can assert that no mail went out. Jobs are sent in the request's transaction, so a job
 * caused by a request exists once the request has answered.
 */
export async function drainJobs(env: TestEnv, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await env.db.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
    );
    if (rows[0].pending === 0) return;
    if (Date.now() > until) throw new Error(`${rows[0].pending} jobs still pending`);
    await new Promise((r) => setTimeout(r, 50)); // polling, up to timeoutMs
  }
}

let userCounter = 0;

/** A unique email for this test file (tests in one file share the database). */
export function uniqueEmail(prefix = 'user'): string {
  userCounter += 1;
  return `${prefix}${userCounter}-${process.pid}@example.com`;
}

export async function createUser(
  env: TestEnv,
  u: {
    email?: string;
    password?: string;
    fullname?: string;
    confirmed?: boolean;
    hde?: boolean;
    admin?: boolean;
  } = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = u.email ?? uniqueEmail();
  const password = u.password ?? 'correct horse battery';
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO users (fullname, email, password_hash, user_is_hde, confirmed_at, user_is_admin)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, $6) RETURNING id`,
    [
      u.fullname ?? 'Test User',
      email,
      await fastHasher.hash(password),
      u.hde ?? false,
      u.confirmed ?? true,
      u.admin ?? false,
    ],
  );
  return { id: Number(rows[0].id), email, password };
}

export async function login(env: TestEnv, email: string, password: string) {
  return env.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { str_username: email, str_password: password },
  });
}

/** Logs in and returns the token, failing loudly if the login does not succeed. */
export async function tokenFor(env: TestEnv, email: string, password: string): Promise<string> {
  const res = await login(env, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export function auth(token: string): Record<string, string> {
  return { authorization: `JWT ${token}` };
}

/** Raises a ticket through `app` as the token's user; returns its id, failing loudly otherwise. */
export async function raiseTicket(
  app: FastifyInstance,
  token: string,
  fields: { subject?: string } = {},
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ticket/',
    headers: auth(token),
    payload: {
      subject: 'Printer jams',
      description: '<p>Every morning.</p>',
      priority_id: 2,
      ...fields,
    },
  });
  if (res.statusCode !== 200) throw new Error(`raise failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: number } }).data.id;
}

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest .eml in the outbox addressed to `to` (waits, polling for up to 10 s: mails are sent
 * by a job worker).
 */
export async function mailTo(env: TestEnv, to: string): Promise<{ raw: string; link: string }> {
  for (let i = 0; i < 500; i++) {
    const files = fs.existsSync(env.outboxDir)
      ? fs
          .readdirSync(env.outboxDir)
          .filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()))
          .sort()
      : [];
    if (files.length) {
      const raw = decodeQuotedPrintable(
        fs.readFileSync(path.join(env.outboxDir, files[files.length - 1]), 'utf8'),
      );
      const link = raw.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+/)?.[0];
      if (!link) throw new Error(`no link in mail:\n${raw}`);
      return { raw, link };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to} in ${env.outboxDir}`);
}

export function tokenFromLink(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** Every mail to `to` in the outbox once the queue is idle, parsed, oldest first. */
export async function parsedMailsTo(env: TestEnv, to: string): Promise<ParsedMail[]> {
  await drainJobs(env);
  if (!fs.existsSync(env.outboxDir)) return [];
  const files = fs
    .readdirSync(env.outboxDir)
    .filter((f) => f.endsWith('.eml') && f.includes(to.toLowerCase()))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(env.outboxDir, f)))));
}
