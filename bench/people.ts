// 50 people in a closed loop on the embedded database with the demo data (issue 13): each person
// signs in once, then repeats list, details, search, list page 2 and, one call in five, raises a
// ticket (regular users) or replies to one (agents), each call as soon as the last answered.
// The server runs in a process of its own, as production runs it (bench/server-process.ts).
// Reported, not a target: p95 and calls/s, beside the list throughput's SQL floor (pairs/s)
// when the same run measured it (the records section).
import { migrate } from '../server/db/migrate.js';
import { createPool, LONG_TASK_SETTINGS } from '../server/db/pool.js';
import { DEMO_ACCOUNTS, seedDemo } from '../server/db/seed.js';
import { createPasswordHasher } from '../server/lib/passwords.js';
import { closedLoop, fmt, percentile, request } from './measure.js';
import { setUpDatabase } from './records.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import {
  printStatementStats,
  resetStatementStats,
  statementStatsWanted,
} from './statement-stats.js';
import { addTarget, measuredOnce } from './summary.js';

const PASSWORD = 'bench-demo-password';

interface Person {
  token: string;
  agent: boolean;
  lastTicket?: number;
}

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
    const api = (p: string) => `${address}/api/${p}`;

    // One agent in five; each person signs in once (a session of their own).
    const agentEmail = DEMO_ACCOUNTS.find((a) => a.user_is_hde)?.email ?? '';
    const userEmails = DEMO_ACCOUNTS.filter((a) => !a.user_is_hde).map((a) => a.email);
    const crowd: Person[] = [];
    for (let i = 0; i < people; i++) {
      const agent = i % 5 === 0;
      const email = agent ? agentEmail : userEmails[i % userEmails.length];
      const res = await request(api('login'), {
        method: 'POST',
        body: { str_username: email, str_password: PASSWORD },
      });
      if (res.status !== 200) throw new Error(`login ${email}: HTTP ${res.status}`);
      const token = (JSON.parse(res.body) as { data: { token: string } }).data.token;
      crowd.push({ token, agent });
    }

    const expectOk = async (p: Promise<{ status: number; body: string }>) => {
      const res = await p;
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 200)}`);
      return res;
    };
    const KINDS = ['list', 'details', 'search', 'list page 2', 'raise', 'reply'];
    const byKind = new Map<string, number[]>(KINDS.map((k) => [k, []]));
    // The fifth call: an agent replies, a regular user raises a ticket.
    const kindOf = (w: number, i: number) => KINDS[i % 5 === 4 && crowd[w].agent ? 5 : i % 5];
    const step = async (w: number, i: number) => {
      const start = process.hrtime.bigint();
      try {
        await act(w, i);
      } finally {
        byKind.get(kindOf(w, i))?.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    };
    const act = async (w: number, i: number) => {
      const me = crowd[w];
      const scope = me.agent ? 'hd' : 'my';
      switch (i % 5) {
        case 0:
        case 3: {
          const res = await expectOk(
            request(api(`search/ticket/${scope}`), {
              method: 'POST',
              token: me.token,
              body: { page: i % 5 === 0 ? 1 : 2, page_size: 25 },
            }),
          );
          const items = (JSON.parse(res.body) as { data: { items: { id: number }[] } }).data.items;
          if (items.length) me.lastTicket = items[(w + i) % items.length].id;
          return;
        }
        case 1:
          if (me.lastTicket)
            await expectOk(request(api(`ticket/${me.lastTicket}/`), { token: me.token }));
          return;
        case 2:
          await expectOk(
            request(api('search/query'), {
              method: 'POST',
              token: me.token,
              body: { q: ['printer ', 'password ', 'vpn '][i % 3], type: 'T', page_size: 10 },
            }),
          );
          return;
        default:
          if (me.agent && me.lastTicket) {
            await expectOk(
              request(api(`ticket/${me.lastTicket}/communication/`), {
                method: 'POST',
                token: me.token,
                body: { body: '<p>Thanks, we are looking into it.</p>' },
              }),
            );
          } else {
            await expectOk(
              request(api('ticket/'), {
                method: 'POST',
                token: me.token,
                body: {
                  subject: `Bench ticket ${w}-${i}`,
                  description: '<p>The printer shows an error.</p>',
                  priority_id: 2,
                },
              }),
            );
          }
      }
    };
    // Warm up (connections, plans), then measure.
    await closedLoop(people, 2, step);
    for (const list of byKind.values()) list.length = 0;
    const stats = statementStatsWanted()
      ? createPool(database.url, undefined, LONG_TASK_SETTINGS)
      : undefined;
    const counting = stats ? await resetStatementStats(stats) : false;
    const result = await closedLoop(people, seconds, step);
    const p95 = percentile(result.latencies, 95);
    console.log(
      `${people} people, ${seconds} s: ${result.perSecond.toFixed(0)} calls/s in all, ` +
        `${result.errors} errors; latency p50 p95 p99 (ms): ${fmt(result.latencies)}`,
    );
    for (const [kind, times] of byKind) {
      console.log(`  ${kind.padEnd(16)} ${fmt(times.sort((a, b) => a - b))}`);
    }
    if (result.firstError) console.log(`  first error: ${result.firstError}`);
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
