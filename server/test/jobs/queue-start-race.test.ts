// Several processes starting together on one new database all create the job queues at the same
// moment (as `npm start` and `npm run worker` do behind a load balancer): none may fail to start.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';
import { createPool, type Db } from '../../db/pool.js';
import { createTestDatabase, type TestDatabase } from '../db.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let database: TestDatabase;
const pools: Db[] = [];
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop({ graceful: false })));
  await Promise.all(pools.map((p) => p.end()));
  await database.drop();
});

it('starts six job queues at once on a database that has none yet', async () => {
  const policies = jobPolicies(loadConfig({}));
  for (let i = 0; i < 6; i++) {
    const pool = createPool(database.url, undefined, { max: 3 });
    pools.push(pool);
    queues.push(createJobQueue(pool, { policies, log: silent, worker: i % 2 === 0 }));
  }
  const results = await Promise.allSettled(queues.map((q) => q.start()));
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const names = Object.keys(policies);
  const { rows } = await pools[0].query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pgboss.queue WHERE name = ANY($1)',
    [names],
  );
  expect(rows[0].n).toBe(names.length);
});
