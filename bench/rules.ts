// Triggers (docs/rules.md): what 50 active triggers cost the requester who raises a ticket (the
// rules run after the commit, in the `rules` event consumer, so the call should barely notice),
// and how long their work takes: BENCH_RULE_TICKETS (1,000) tickets raised at 50/s, each timed
// from its raise to the last action a trigger took on it (both database clocks: the ticket's
// created_at and the newest event a rule wrote). Its own embedded PostgreSQL, or a new database
// on DATABASE_URL's server (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig, type Config } from '../server/config.js';
import { migrate } from '../server/db/migrate.js';
import { createPool } from '../server/db/pool.js';
import { jobPolicies } from '../server/jobs/jobs.js';
import { createJobQueue } from '../server/jobs/queue.js';
import { startWorkers } from '../server/jobs/workers.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { percentile, request, sampleInTurns } from './measure.js';
import { benchDatabase } from './database.js';
import { addTarget } from './summary.js';

const TICKETS = Number(process.env.BENCH_RULE_TICKETS ?? 1000);
const RATE = 50;
const TRIGGERS = 50;
/** Raises timed per side for the call's cost. */
const RAISES = Number(process.env.BENCH_RULE_RAISES ?? 300);
const TARGET_RATIO = 1.2;
const TARGET_P95_MS = 2000;
const PASSWORD = 'bench-password';

const met = (ok: boolean) => (ok ? 'met' : 'not met');

/**
 * 50 triggers on new tickets, with conditions on tags, a custom field and the text: a few hold
 * for the bench's tickets (they tag them, set the field and the priority), the rest do not.
 */
function triggerBodies(tagIds: number[]) {
  return Array.from({ length: TRIGGERS }, (_, i) => {
    const holds = i % 10 === 0;
    return {
      name: `Bench trigger ${i + 1}`,
      event: 'ticket_created',
      conditions: [
        { field: 'subject', operator: 'contains', value: holds ? 'printer' : `word${i}` },
        { field: 'tags', operator: 'not_contains', value: [tagIds[i]] },
        { field: 'custom_field', key: 'product', operator: holds ? 'not_set' : 'set' },
        { field: 'body', operator: 'matches', value: holds ? 'paper\\s+jam' : `never${i}` },
      ],
      actions: [
        { type: 'add_tags', tag_ids: [tagIds[i]] },
        { type: 'set_priority', priority_id: 1 + (i % 4) },
        ...(i === TRIGGERS - 10 ? [{ type: 'set_fields', values: { product: 'printer' } }] : []),
      ],
    };
  });
}

export async function rulesBench(): Promise<void> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const db0 = await benchDatabase('rules');
  const db = createPool(db0.url, undefined, 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-rules-data-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    inboundSmtp: false,
    workers: 2,
  };
  const queue = createJobQueue(db, {
    policies: jobPolicies(config),
    log: silent,
    worker: false,
  });
  const app = await buildApp({ config, db, logger: false, queue });
  let stopWorkers: (() => Promise<void>) | undefined;
  try {
    await migrate(db);
    const hash = await createPasswordHasher(true).hash(PASSWORD);
    await db.query(
      `INSERT INTO users (fullname, email, password_hash, user_is_hde, user_is_admin, confirmed_at)
       VALUES ('Bench Admin', 'admin@bench.test', $1, true, true, now()),
              ('Bench Requester', 'requester@bench.test', $1, false, false, now())`,
      [hash],
    );
    await db.query(
      `INSERT INTO custom_fields (object_type, key, type, label_en, label_es, choices)
       VALUES ('T', 'product', 'single_choice', 'Product', 'Producto',
               '[{"value":"printer","label_en":"Printer","label_es":"Impresora"}]')`,
    );
    const tags = await db.query<{ id: number }>(
      `INSERT INTO tags (name) SELECT 'bench ' || n FROM generate_series(1, $1) n RETURNING id`,
      [TRIGGERS],
    );
    await queue.start();
    stopWorkers = await startWorkers(db, config, silent);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = async (email: string) =>
      (
        JSON.parse(
          (
            await request(`${address}/api/login`, {
              method: 'POST',
              body: { str_username: email, str_password: PASSWORD },
            })
          ).body,
        ) as { data: { token: string } }
      ).data.token;
    const admin = await login('admin@bench.test');
    const requester = await login('requester@bench.test');
    let n = 0;
    const raise = async () => {
      n += 1;
      const res = await request(`${address}/api/ticket/`, {
        method: 'POST',
        token: requester,
        body: {
          subject: `Bench printer ${n}`,
          description: '<p>The printer says paper jam.</p>',
          priority_id: 2,
        },
      });
      if (res.status !== 200) throw new Error(`raise: ${res.status} ${res.body}`);
      return JSON.parse(res.body) as { data: { id: number } };
    };

    // The requester's call, none active and 50 active, sampled in turns of 50 raises each so
    // both meet the same machine (and the rules consumer's work on the earlier tickets).
    const none: number[] = [];
    const fifty: number[] = [];
    const setActive = (on: boolean) =>
      db.query(`UPDATE event_consumers SET active = $1 WHERE name = 'rules'`, [on]);
    for (const body of triggerBodies(tags.rows.map((r) => r.id))) {
      const res = await request(`${address}/api/triggers`, { method: 'POST', token: admin, body });
      if (res.status !== 200) throw new Error(`trigger: ${res.status} ${res.body}`);
    }
    await sampleInTurns([raise], 20);
    for (let round = 0; round < RAISES / 50; round++) {
      for (const [on, into] of [
        [false, none],
        [true, fifty],
      ] as const) {
        await setActive(on);
        const [times] = await sampleInTurns([raise], 50);
        into.push(...times);
      }
    }
    await setActive(true);
    none.sort((a, b) => a - b);
    fifty.sort((a, b) => a - b);
    const ratio = percentile(fifty, 95) / percentile(none, 95);
    console.log(
      `  raise a ticket (the requester's call), p50 / p95: none active ${percentile(none, 50).toFixed(1)} / ${percentile(none, 95).toFixed(1)} ms, ` +
        `${TRIGGERS} active ${percentile(fifty, 50).toFixed(1)} / ${percentile(fifty, 95).toFixed(1)} ms ` +
        `(ratio ${ratio.toFixed(2)}x, target <= ${TARGET_RATIO}x: ${met(ratio <= TARGET_RATIO)})`,
    );
    // Let the consumer catch up before the paced run starts on a quiet outbox.
    const idle = async () => {
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM event_outbox WHERE failed_at IS NULL`,
        );
        if (rows[0].n === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await idle();

    // TICKETS raised at RATE a second; then raise -> last rule action per ticket.
    const started = Date.now();
    const ids: number[] = [];
    await Promise.all(
      Array.from({ length: TICKETS }, async (_, i) => {
        await new Promise((r) =>
          setTimeout(r, Math.max(0, started + (i * 1000) / RATE - Date.now())),
        );
        ids.push((await raise()).data.id);
      }),
    );
    await idle();
    const { rows } = await db.query<{ ms: number }>(
      `SELECT extract(epoch FROM (max(e.created_at) - r.created_at)) * 1000 AS ms
         FROM records r JOIN record_events e ON e.record_id = r.id AND e.details ? 'rule'
        WHERE r.id = ANY ($1::bigint[]) GROUP BY r.id, r.created_at`,
      [ids],
    );
    const latencies = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    console.log(
      `  ${TICKETS.toLocaleString('en-US')} tickets at ${RATE}/s, raise -> last rule action (${latencies.length} with actions): ` +
        `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms ` +
        `(target p95 <= ${TARGET_P95_MS} ms: ${met(p95 <= TARGET_P95_MS)})`,
    );
    addTarget({
      what: `triggers: raise p95 with ${TRIGGERS} active / none`,
      measured: `${ratio.toFixed(2)}x`,
      target: `<= ${TARGET_RATIO}x`,
      met: ratio <= TARGET_RATIO,
    });
    addTarget({
      what: `triggers: p95 raise -> last action, ${TICKETS} at ${RATE}/s`,
      measured: `${p95.toFixed(0)} ms`,
      target: `<= ${TARGET_P95_MS} ms`,
      met: p95 <= TARGET_P95_MS,
    });
    console.log(
      `  machine: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await app.close();
    await stopWorkers?.();
    await queue.stop({ graceful: false });
    await db.end();
    await db0.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
