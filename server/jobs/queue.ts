// The job queue: pg-boss in the application's own PostgreSQL (schema `pgboss`), so a job is as
// durable as the change that caused it and can be sent in the same transaction. Any process
// can send; only worker processes (WORKERS > 0, or `npm run worker`) run handlers and the
// maintenance that hands the jobs of dead workers back to the queue.
import PgBoss from 'pg-boss';
import type { Db } from '../db/pool.js';
import { prepared } from '../db/prepared.js';
import type { Queryable } from '../db/transaction.js';
import type { JobName, JobPayloads, JobPolicy } from './jobs.js';

export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

/** Runs one job. Throwing fails this attempt (retried while retries remain). Must be idempotent. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface SendOptions {
  /** Send inside this transaction: the job exists only if the transaction commits. */
  tx?: Queryable;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued job with this key (e.g. one poll per mailbox). */
  singletonKey?: string;
}

export interface JobQueue {
  /** Installs/updates the pg-boss schema and the queues. Other calls do it on first use. */
  start(): Promise<void>;
  send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    opts?: SendOptions,
  ): Promise<string | null>;
  /** Sends one job of `name` per item in one statement (a batch of stored mails, say). */
  sendMany<N extends JobName>(
    name: N,
    items: Array<JobPayloads[N]>,
    opts?: Omit<SendOptions, 'singletonKey'>,
  ): Promise<void>;
  /** Runs `handler` for jobs of `name` with `concurrency` parallel workers (worker processes only). */
  work<N extends JobName>(
    name: N,
    handler: JobHandler<JobPayloads[N]>,
    opts?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Wakes this process's idle workers of `name` to fetch at once instead of at their next poll
   * (a producer in the same process that has just committed jobs; others poll as usual).
   */
  wake(name: JobName): void;
  /** Sends `name` with `data` on a cron schedule (once across all processes). */
  schedule<N extends JobName>(name: N, cron: string, data: JobPayloads[N]): Promise<void>;
  /**
   * Stops polling; with `graceful` waits up to `timeoutMs` for running jobs to finish, then
   * fails the rest so they run again elsewhere.
   */
  stop(opts?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

export interface QueueLogger {
  error: (obj: object, msg: string) => void;
}

export interface JobQueueOptions {
  policies: Record<JobName, JobPolicy>;
  log: QueueLogger;
  /** true: this process runs jobs (maintenance, schedules); false: it only sends. */
  worker: boolean;
  pollSeconds?: number;
  maintenanceSeconds?: number;
}

const JOB_INSERT = /^\s*INSERT INTO \S+\.job \(/;

/**
 * pg-boss runs its SQL through our pool (or a transaction's client): one set of connections.
 * `inflight` collects the statements under way: pg-boss completes or fails a finished job
 * without awaiting it, so stop() waits for them before the pool's owner may end the pool.
 * A job's insert, sent with every raise and reply, goes as a named statement, planned once per
 * connection (planning it, into the job table partitioned by queue, took longer than running
 * it). Its other statements stay unnamed: several return `*`, which a kept plan would refuse
 * to do once a newer pg-boss has added a column, and its migrations hold several statements
 * in one text, which only the simple protocol runs.
 */
function adapter(q: Queryable, inflight?: Set<Promise<unknown>>): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const query = JOB_INSERT.test(text)
        ? q.query(prepared(text, values ?? []))
        : q.query(text, values);
      inflight?.add(query);
      try {
        const result = await query;
        return { rows: result.rows };
      } finally {
        inflight?.delete(query);
      }
    },
  };
}

/**
 * Jobs one worker takes per fetch. pg-boss waits the polling interval after every fetch, even
 * one that found work, so one job per fetch held each worker to one job per JOB_POLL_SECONDS
 * (a burst of mails went out at 1 per second); a few per fetch, run one after another, keep
 * each job's time limit meaningful.
 */
const JOBS_PER_FETCH = 5;

/** Deadlock, or a table/row another process created a moment earlier. */
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * Runs an idempotent setup step, again when it lost a race: processes starting together on one
 * database create the same queues at the same moment, and PostgreSQL may pick one as a deadlock
 * victim. The next try finds the queue there and does nothing.
 */
async function retryRace(step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !RACE_CODES.has(code)) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 50));
    }
  }
}

export function createJobQueue(db: Db, opts: JobQueueOptions): JobQueue {
  const inflight = new Set<Promise<unknown>>();
  const running = new Set<Promise<unknown>>();
  const workerIds = new Map<JobName, string[]>();
  /**
   * Waits for what pg-boss's stop does not: a fetch that was under way still hands its job to a
   * handler, and a finished job is completed or failed without being awaited. Both must end
   * before the pool's owner may end the pool.
   */
  const settle = async (timeoutMs: number): Promise<void> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await new Promise((r) => setImmediate(r));
      if ((running.size === 0 && inflight.size === 0) || Date.now() > until) return;
      await Promise.race([
        Promise.allSettled([...running, ...inflight]),
        new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())).unref()),
      ]);
    }
  };
  const boss = new PgBoss({
    db: adapter(db, inflight),
    supervise: opts.worker,
    schedule: opts.worker,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
    pollingIntervalSeconds: opts.pollSeconds ?? 2,
  });
  // pg-boss reports background failures (a lost connection while polling) as 'error' events;
  // without a listener an EventEmitter would throw them and end the process.
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));

  // Started on first use, so an API process builds without touching the database; a failed
  // start (database down) is tried again by the next call.
  let starting: Promise<void> | undefined;
  let started = false;
  const ready = (): Promise<void> => {
    starting ??= (async () => {
      await boss.start();
      // pg-boss 10 needs each queue to exist before send/work; creating it again is a no-op.
      for (const name of Object.keys(opts.policies) as JobName[]) {
        await retryRace(() => boss.createQueue(name, { name, ...bossPolicy(opts.policies[name]) }));
      }
      started = true;
    })().catch((err: unknown) => {
      starting = undefined;
      throw err;
    });
    return starting;
  };

  return {
    start: ready,
    async send(name, data, sendOpts = {}) {
      await ready();
      return boss.send(name, data as object, {
        ...bossPolicy(opts.policies[name]),
        ...(sendOpts.tx ? { db: adapter(sendOpts.tx) } : {}),
        ...(sendOpts.startAfterSeconds ? { startAfter: sendOpts.startAfterSeconds } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
      });
    },
    async sendMany(name, items, sendOpts = {}) {
      if (!items.length) return;
      await ready();
      const policy = bossPolicy(opts.policies[name]);
      // An interval: pg-boss adds it to the database's now(), as send() does.
      const startAfter = sendOpts.startAfterSeconds
        ? `${sendOpts.startAfterSeconds} seconds`
        : undefined;
      await boss.insert(
        items.map((data) => ({
          name,
          data: data as object,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelay,
          retryBackoff: policy.retryBackoff,
          expireInSeconds: policy.expireInSeconds,
          ...(startAfter ? { startAfter } : {}),
        })),
        sendOpts.tx ? { db: adapter(sendOpts.tx) } : {},
      );
    },
    async work(name, handler, workOpts = {}) {
      await ready();
      for (let i = 0; i < (workOpts.concurrency ?? 1); i++) {
        const id = await boss.work<JobPayloads[typeof name]>(
          name,
          { batchSize: JOBS_PER_FETCH, includeMetadata: true },
          async (jobs) => {
            // One at a time, each completed or failed (and so retried) on its own; pg-boss then
            // completes the batch, which leaves these alone as they are no longer active.
            const run = (async () => {
              for (const job of jobs) {
                try {
                  await handler({
                    id: job.id,
                    data: job.data,
                    retryCount: job.retryCount,
                    retryLimit: job.retryLimit,
                  });
                  await boss.complete(name, job.id);
                } catch (err) {
                  await boss.fail(name, job.id, { message: (err as Error).message ?? String(err) });
                }
              }
            })();
            running.add(run);
            try {
              await run;
            } finally {
              running.delete(run);
            }
          },
        );
        workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
      }
    },
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async schedule(name, cron, data) {
      await ready();
      await boss.schedule(name, cron, data as object, bossPolicy(opts.policies[name]));
    },
    async stop(stopOpts = {}) {
      if (starting) await starting.catch(() => undefined);
      if (!started) return;
      // Resolves once stopped (after the running jobs, or after the timeout).
      await boss.stop({
        graceful: stopOpts.graceful ?? true,
        timeout: stopOpts.timeoutMs ?? 30_000,
        // Our pool is closed by its owner after this.
        close: false,
      });
      await settle(stopOpts.timeoutMs ?? 30_000);
    },
  };
}

function bossPolicy(p: JobPolicy) {
  return {
    retryLimit: p.retryLimit,
    retryDelay: p.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: p.expireInSeconds,
  };
}
