// 50 people in a closed loop on the embedded database with the demo data (bench/crowd.ts).
// The server runs in a process of its own, as production runs it (bench/server-process.ts).
// Reported, not a target: p95 and calls/s, beside the list throughput's SQL floor (pairs/s)
// when the same run measured it (the records section).
import { migrate } from '../server/db/migrate.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { DEMO_ACCOUNTS, seedDemo } from '../server/db/seed.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { printCrowd, signInCrowd } from './crowd.js';
import { percentile } from './measure.js';
import { setUpDatabase } from './records.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import {
  printStatementStats,
  resetStatementStats,
  statementStatsWanted,
} from './statement-stats.js';
import { addTarget, measuredOnce } from './summary.js';

const PASSWORD = 'bench-demo-password';

export async function peopleBench(): Promise<void> {
  const people = Number(process.env.BENCH_PEOPLE ?? 50);
  const seconds = Number(process.env.BENCH_PEOPLE_SECONDS ?? 20);
  const database = await setUpDatabase((s) => console.log(s), 'helpdesk_bench_people');
  let server: ServerProcess | undefined;
  try {
    const setup = createPool(database.url, undefined, LONG_TASK_SETTINGS);
    try {
      await migrate(setup);
      await seedDemo(setup, createPasswordHasher(true), PASSWORD);
    } finally {
      await setup.end();
    }
    server = await startServerProcess(database.url);
    const { address } = server;
    const agentEmail = DEMO_ACCOUNTS.find((a) => a.user_is_hde)?.email ?? '';
    const userEmails = DEMO_ACCOUNTS.filter((a) => !a.user_is_hde).map((a) => a.email);
    const crowd = await signInCrowd(
      address,
      people,
      (i) => (i % 5 === 0 ? agentEmail : userEmails[i % userEmails.length]),
      PASSWORD,
    );
    // Warm up (connections, plans), then measure.
    await crowd.run(2);
    const stats = statementStatsWanted()
      ? createPool(database.url, undefined, LONG_TASK_SETTINGS)
      : undefined;
    const counting = stats ? await resetStatementStats(stats) : false;
    const result = await crowd.run(seconds);
    const p95 = percentile(result.latencies, 95);
    printCrowd(`${people} people, ${seconds} s`, result);
    if (stats) {
      if (counting) await printStatementStats(stats);
      await stats.end();
    }
    const floor = measuredOnce.floorPairsPerSecond;
    addTarget({
      what: `${people} people closed loop (demo data): p95, calls/s`,
      measured:
        `${p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} calls/s, ${result.errors} errors; ` +
        (floor === undefined
          ? 'no SQL floor in this run'
          : `SQL floor ${floor.toFixed(0)} pairs/s`),
      target: 'reported, 0 errors',
      met: result.errors === 0,
    });
  } finally {
    await server?.stop();
    await database.stop();
  }
}
