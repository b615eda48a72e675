// Time-based rules (docs/rules.md): one pass of a rule over a large ticket table of which
// BENCH_AUTOMATION_MATCHING (10,000) tickets match ("pending for more than 168 hours → close"),
// from BENCH_AUTOMATION_TICKETS (1,000,000). The pass narrows by the indexed status and the time
// it was entered, so its cost follows the matches, not the table. Target: within 60 s. Its own
// throwaway database (bench/database.ts). Beside the pass, 50 people (bench/crowd.ts) work on a
// server process on that database: their p95 during the pass against their p95 just before it
// (target: within 1.5x).
import os from 'node:os';
import { loadConfig } from '../server/config.js';
import { migrate } from '../server/db/migrate.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { jobPolicies } from '../server/jobs/jobs.js';
import { createJobQueue } from '../server/jobs/queue.js';
import { systemClock } from '../server/lib/clock.js';
import { jwtSecretProvider } from '../server/lib/jwt-secret.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { runAutomationPass } from '../server/rules/automations.js';
import { benchDatabase } from './database.js';
import { printCrowd, signInCrowd } from './crowd.js';
import { percentile } from './measure.js';
import { seedBench } from './records-seed.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { addTarget } from './summary.js';

const TICKETS = Number(process.env.BENCH_AUTOMATION_TICKETS ?? 1_000_000);
const MATCHING = Number(process.env.BENCH_AUTOMATION_MATCHING ?? 10_000);
const TARGET_S = 60;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50);
const PEOPLE_SECONDS = 20;
const PASSWORD = 'bench-password';

export async function automationsBench(): Promise<void> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const db0 = await benchDatabase('automations');
  // The load runs without a statement timeout; the pass with the product's settings.
  const setup = createPool(db0.url, undefined, { ...LONG_TASK_SETTINGS, max: 2 });
  const db = createPool(db0.url, undefined, 10);
  const config = { ...loadConfig({}), inboundSmtp: false };
  const queue = createJobQueue(db, { policies: jobPolicies(config), log: silent, worker: false });
  let server: ServerProcess | undefined;
  try {
    await migrate(setup);
    const hash = await createPasswordHasher(true).hash(PASSWORD);
    await seedBench(setup, { users: 2000, tickets: TICKETS, content: 1 }, hash, (s) =>
      console.log(`  ${s}`),
    );
    // Whatever is pending now entered it just now (no match); MATCHING open tickets have been
    // pending for 200 hours.
    await setup.query(`UPDATE records SET status_changed_at = now() WHERE status_id = 3`);
    const picked = await setup.query<{ id: string }>(
      `SELECT id FROM records WHERE object_type = 'T' AND NOT is_draft AND status_id IN (1, 2)
        ORDER BY id LIMIT $1`,
      [MATCHING],
    );
    const ids = picked.rows.map((r) => r.id);
    // The status change sets status_changed_at (a database trigger): put it back 200 hours.
    await setup.query(`UPDATE records SET status_id = 3 WHERE id = ANY ($1::bigint[])`, [ids]);
    await setup.query(
      `UPDATE records SET status_changed_at = now() - interval '200 hours'
        WHERE id = ANY ($1::bigint[])`,
      [ids],
    );
    await setup.query('VACUUM ANALYZE records');
    await queue.start();
    await db.query(
      `INSERT INTO automations (name, time_conditions, actions)
       VALUES ('Close stale pending', '[{"field":"status_for","status_id":3,"hours":168}]',
               '[{"type":"set_status","status_id":5}]')`,
    );
    const ctx = {
      db,
      queue,
      config,
      clock: systemClock,
      jwtSecret: jwtSecretProvider(db, config.jwtSecret),
    };
    // The seed's first ten users are agents: one person in five is one.
    server = await startServerProcess(db0.url);
    const crowd = await signInCrowd(
      server.address,
      PEOPLE,
      (i) => `bench${i % 5 === 0 ? 1 + (i % 10) : 11 + i}@example.com`,
      PASSWORD,
    );
    await crowd.run(3);
    const before = await crowd.run(PEOPLE_SECONDS);
    printCrowd(`  ${PEOPLE} people before the pass, ${PEOPLE_SECONDS} s`, before);

    let passing = true;
    const started = performance.now();
    const [acted, during] = await Promise.all([
      runAutomationPass(ctx, silent).finally(() => {
        passing = false;
      }),
      crowd.run(0, () => passing),
    ]);
    const seconds = (performance.now() - started) / 1000;
    printCrowd(`  ${PEOPLE} people during the pass`, during);
    const p95Before = percentile(before.latencies, 95);
    const p95During = percentile(during.latencies, 95);
    const crowdRatio = p95During / p95Before;
    addTarget({
      what: `${PEOPLE} people during a time-based rule's pass: p95 during / before`,
      measured: `${p95During.toFixed(1)} / ${p95Before.toFixed(1)} ms = ${crowdRatio.toFixed(2)}x, ${during.errors} errors`,
      target: '<= 1.5x, 0 errors',
      met: crowdRatio <= 1.5 && during.errors === 0,
    });
    const ok = acted === MATCHING && seconds <= TARGET_S;
    console.log(
      `  one pass over ${TICKETS.toLocaleString('en-US')} tickets: acted on ${acted} of ${MATCHING} in ${seconds.toFixed(1)} s ` +
        `(target <= ${TARGET_S} s: ${ok ? 'met' : 'not met'}); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' / ')}`,
    );
    addTarget({
      what: `time-based rule: one pass, ${MATCHING} of ${TICKETS} tickets`,
      measured: `${seconds.toFixed(1)} s`,
      target: `<= ${TARGET_S} s`,
      met: ok,
    });
  } finally {
    await server?.stop();
    await queue.stop({ graceful: false });
    await db.end();
    await setup.end();
    await db0.stop();
  }
}
