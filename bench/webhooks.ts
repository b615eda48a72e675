// Webhook fan-out (docs/webhooks.md): three endpoints on a local receiver this bench starts
// (allowed by WEBHOOK_ALLOW_HOSTS), then BENCH_WEBHOOK_EVENTS (1,000) tickets raised over HTTP
// at BENCH_WEBHOOK_RATE (50) a second, each a `ticket.created` event every endpoint subscribes
// to. The worker runs as `npm start` runs it (the outbox consumer, the delivery jobs). Prints the
// time from the raise's answer (the event committed) to each signed delivery's receipt
// (p50/p95/max over all deliveries) beside the target. A new database on DATABASE_URL's server
// (dropped afterwards), or its own embedded PostgreSQL.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig, type Config } from '../server/config.js';
import { migrate } from '../server/db/migrate.js';
import { createPool } from '../server/db/pool.js';
import { startWorkers } from '../server/jobs/workers.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { signature } from '../server/webhooks/send.js';
import { percentile } from './measure.js';
import { benchDatabase } from './database.js';
import { addTarget } from './summary.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
const ENDPOINTS = 3;
const TARGET_P95_MS = 2000;
const PASSWORD = 'bench-password';
const met = (ok: boolean) => (ok ? 'met' : 'not met');

interface Receiver {
  base: string;
  /** `endpoint path|ticket id` → when its delivery arrived. */
  receivedAt: Map<string, number>;
  badSignatures: number;
  close: () => Promise<void>;
}

/** The receiver: checks each delivery's signature and notes when it came. */
async function startReceiver(secrets: Map<string, string>): Promise<Receiver> {
  const receivedAt = new Map<string, number>();
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString();
      const stamp = String(req.headers['x-helpdesk-timestamp']);
      const secret = secrets.get(req.url ?? '') ?? '';
      if (req.headers['x-helpdesk-signature'] !== signature(secret, stamp, body)) badSignatures++;
      const ticket = (JSON.parse(body) as { data: { ticket: { id: number } } }).data.ticket.id;
      const key = `${req.url}|${ticket}`;
      if (!receivedAt.has(key)) receivedAt.set(key, at);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    receivedAt,
    get badSignatures() {
      return badSignatures;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export async function webhooksBench(): Promise<void> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const db0 = await benchDatabase('webhooks');
  const db = createPool(db0.url, undefined, 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-webhooks-data-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    inboundSmtp: false,
    webhookAllowHosts: ['127.0.0.1'],
  };
  const app = await buildApp({ config, db, logger: false });
  const secrets = new Map<string, string>();
  const receiver = await startReceiver(secrets);
  let stopWorkers: (() => Promise<void>) | undefined;
  try {
    await migrate(db);
    const hash = await createPasswordHasher(true).hash(PASSWORD);
    await db.query(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, user_is_admin, confirmed_at)
       VALUES ('Bench Admin', 'admin@bench.test', $1, true, true, now())`,
      [hash],
    );
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ str_username: 'admin@bench.test', str_password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (url: string, body: object) => {
      const res = await fetch(`${address}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: Record<string, unknown> };
    };
    for (let i = 1; i <= ENDPOINTS; i++) {
      const made = await call('/api/webhooks', {
        url: `${receiver.base}/hook${i}`,
        events: ['ticket.created'],
      });
      secrets.set(`/hook${i}`, String(made.data.secret));
    }
    stopWorkers = await startWorkers(db, config, silent);

    const committedAt = new Map<number, number>();
    const started = Date.now();
    const loadBefore = os.loadavg()[0].toFixed(1);
    await Promise.all(
      Array.from({ length: EVENTS }, async (_, i) => {
        const due = started + (i * 1000) / RATE;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
        const made = await call('/api/ticket/', {
          subject: `Bench webhook ${i + 1}`,
          description: '<p>For the receiver.</p>',
          priority_id: 2,
        });
        committedAt.set(Number(made.data.id), Date.now());
      }),
    );
    const expected = EVENTS * ENDPOINTS;
    const deadline = Date.now() + 300_000;
    while (receiver.receivedAt.size < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const latencies = [...receiver.receivedAt.entries()]
      .map(([key, at]) => at - (committedAt.get(Number(key.split('|')[1])) ?? at))
      .sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    console.log(
      `  ${EVENTS.toLocaleString('en-US')} ticket events at ${RATE}/s to ${ENDPOINTS} endpoints: ` +
        `${receiver.receivedAt.size} of ${expected} deliveries received, ` +
        `${receiver.badSignatures} with a bad signature`,
    );
    console.log(
      `    event committed -> delivery received: p50 ${p50} ms, p95 ${p95} ms, ` +
        `max ${latencies.at(-1) ?? 0} ms   (target p95 <= ${TARGET_P95_MS} ms: ${met(p95 <= TARGET_P95_MS)})`,
    );
    // Where the time goes: to the delivery's row (the outbox consumer) and from it to receipt.
    const { rows } = await db.query<{ record_id: string; created_at: Date }>(
      `SELECT record_id, created_at FROM webhook_deliveries`,
    );
    const written = rows
      .map((r) => r.created_at.getTime() - (committedAt.get(Number(r.record_id)) ?? 0))
      .sort((a, b) => a - b);
    console.log(
      `    of which event -> delivery written (outbox consumer): p50 ${percentile(written, 50)} ms, ` +
        `p95 ${percentile(written, 95)} ms`,
    );
    console.log(
      `  machine: ${os.cpus().length} CPUs, load average ${loadBefore} before, ${os.loadavg()[0].toFixed(1)} after`,
    );
    addTarget({
      what: `webhooks: p95 event -> receipt, ${EVENTS} events x ${ENDPOINTS} endpoints`,
      measured: `${p95} ms (${receiver.receivedAt.size}/${expected} received)`,
      target: `<= ${TARGET_P95_MS} ms`,
      met: p95 <= TARGET_P95_MS && receiver.receivedAt.size === expected,
    });
  } finally {
    await app.close();
    await stopWorkers?.();
    await receiver.close();
    await db.end();
    await db0.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
