// A test app whose SLA clock the test sets (lib/clock.ts fixedClock), on its own database, with
// no job workers: the tests run the SLA job functions themselves, or start workers explicitly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { createPool } from '../../db/pool.js';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';
import { jobPolicies } from '../../jobs/jobs.js';
import { fixedClock, type TestClock } from '../../lib/clock.js';
import { jwtSecretProvider } from '../../lib/jwt-secret.js';
import type { SlaJobContext } from '../../sla/jobs.js';
import { createTestDatabase } from '../db.js';
import type { TestEnv } from '../helpers.js';

export interface SlaEnv extends TestEnv {
  clock: TestClock;
  queue: JobQueue;
  /** What the SLA jobs get (same database, queue, settings and clock as the app). */
  jobs: SlaJobContext;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * `generousPool`: the web pool's limits of startTestEnv (a burst of concurrent calls on a busy
 * machine waits for a connection instead of failing after the web's 1 s).
 */
export async function startSlaEnv(
  start: Date,
  opts: { generousPool?: boolean } = {},
): Promise<SlaEnv> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-sla-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    publicUrl: 'http://helpdesk.test',
    workers: 0,
    inboundSmtp: false,
    jobPollSeconds: 1,
  };
  const db = opts.generousPool
    ? createPool(database.url, undefined, {
        connectTimeoutMs: 10000,
        statementTimeoutMs: 60000,
        queryTimeoutMs: 65000,
      })
    : createPool(database.url);
  const clock = fixedClock(start);
  const queue = createJobQueue(db, { policies: jobPolicies(config), log: silent, worker: false });
  const app = await buildApp({
    config,
    db,
    logger: false,
    testOnlyFastHashing: true,
    clock,
    queue,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    clock,
    queue,
    jobs: { db, queue, config, clock, jwtSecret: jwtSecretProvider(db, config.jwtSecret) },
    outboxDir: path.join(dataDir, 'outbox'),
    database,
    close: async () => {
      await app.close();
      await queue.stop();
      await db.end();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const nineToFive = { start: '09:00', end: '17:00' };

/** A policy body: Madrid office hours unless told otherwise. */
export function policyInput(extra: object = {}) {
  return {
    name: 'High priority',
    priority_ids: [3],
    first_response_minutes: 60,
    next_response_minutes: 120,
    resolution_minutes: 480,
    time_zone: 'Europe/Madrid',
    hours: [null, nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, null],
    holidays: [],
    ...extra,
  };
}

export const ALWAYS_HOURS = Array.from({ length: 7 }, () => ({ start: '00:00', end: '24:00' }));
