// Live event fan-out (docs/api-live.md): BENCH_CLIENTS (200) open event streams on one API
// process — agents, plus regular users some of whom the ticket is shared with, so each event also
// runs the visibility query — then BENCH_CHANGES (30) replies posted over HTTP, one after the
// other. Prints the time from sending a change to the LAST stream that may see it receiving it
// (p50/p95/max) beside the target. A new database on DATABASE_URL's server (dropped afterwards),
// or its own embedded PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig, type Config } from '../server/config.js';
import { migrate } from '../server/db/migrate.js';
import { createPool } from '../server/db/pool.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { openStream, type SseStream } from '../server/test/live/sse-client.js';
import { benchDatabase } from './database.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 30);
/** Of the streams: regular users (the rest are agents); the ticket is shared with half of them. */
const REGULAR = Math.round(CLIENTS / 4);
const PASSWORD = 'bench-password';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function eventsBench(): Promise<void> {
  const db0 = await benchDatabase('events');
  const db = createPool(db0.url, undefined, 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-events-data-'));
  const config: Config = { ...loadConfig({}), dataDir, distDir: path.join(dataDir, 'no-dist') };
  const streams: SseStream[] = [];
  await migrate(db);
  const app = await buildApp({ config, db, logger: false, testOnlyFastHashing: true });
  try {
    const hash = await createPasswordHasher(true).hash(PASSWORD);
    const { rows: people } = await db.query<{ id: string; email: string; user_is_hde: boolean }>(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, confirmed_at)
       SELECT 'Bench ' || n, 'bench' || n || '@bench.test', $1, n > $2, now()
         FROM generate_series(0, $3) AS n
       RETURNING id, email, user_is_hde`,
      [hash, REGULAR, CLIENTS],
    );
    // Person 0 requests the tickets and is not streaming; 1..CLIENTS stream.
    const requester = people.find((p) => p.email === 'bench0@bench.test');
    const agent = people.find((p) => p.user_is_hde);
    if (!requester || !agent) throw new Error('no people');
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const tokenOf = async (email: string) => {
      const res = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ str_username: email, str_password: PASSWORD }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const tickets: number[] = [];
    const ownerToken = await tokenOf(requester.email);
    for (let i = 0; i < CHANGES; i++) {
      const res = await fetch(`${address}/api/ticket/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${ownerToken}` },
        body: JSON.stringify({
          subject: `Bench ticket ${i}`,
          description: '<p>Bench.</p>',
          priority_id: 2,
          is_draft: false,
        }),
      });
      if (res.status !== 200) throw new Error(`new ticket: ${res.status} ${await res.text()}`);
      tickets.push(((await res.json()) as { data: { id: number } }).data.id);
    }
    const shared = people.filter((p) => !p.user_is_hde && p !== requester).slice(0, REGULAR / 2);
    await db.query(
      `INSERT INTO record_shares (record_id, user_id)
       SELECT t, u FROM unnest($1::bigint[]) t, unnest($2::bigint[]) u`,
      [tickets, shared.map((p) => p.id)],
    );
    const audience: SseStream[] = [];
    for (const p of people.filter((x) => x !== requester)) {
      const s = await openStream(address, await tokenOf(p.email));
      await s.next((e) => e.event === 'ready');
      streams.push(s);
      if (p.user_is_hde || shared.includes(p)) audience.push(s);
    }
    const agentToken = await tokenOf(agent.email);

    const latencies: number[] = [];
    const answered: number[] = [];
    for (const ticket of tickets) {
      const started = performance.now();
      const arrived = audience.map((s) =>
        s
          .next(
            (e) => e.event === 'change' && e.data.record_id === ticket && e.data.kind === 'message',
          )
          .then(() => performance.now()),
      );
      const res = await fetch(`${address}/api/ticket/${ticket}/communication/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${agentToken}` },
        body: JSON.stringify({ body: 'A reply everyone should see at once.' }),
      });
      if (res.status !== 200) throw new Error(`reply answered ${res.status}`);
      answered.push(performance.now() - started);
      latencies.push(Math.max(...(await Promise.all(arrived))) - started);
    }
    latencies.sort((x, y) => x - y);
    answered.sort((x, y) => x - y);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    console.log(
      `  ${streams.length} open streams (${CLIENTS - REGULAR} agents, ${REGULAR} regular users, ${shared.length} of them shared on the ticket); ${CHANGES} replies posted over HTTP:`,
    );
    console.log(
      `    the reply call itself answered in: p50 ${ms(percentile(answered, 50))}, p95 ${ms(percentile(answered, 95))}`,
    );
    console.log(
      `    change sent -> last of ${audience.length} streams received it: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1) ?? 0)}   (target p95 <= 500 ms)`,
    );
  } finally {
    for (const s of streams) s.close();
    await app.close();
    await db.end();
    await db0.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
