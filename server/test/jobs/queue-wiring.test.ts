// The job queue's wiring: an API-only app (WORKERS=0) queues its mails durably and runs none of
// them; a worker started on the same database (as `npm run worker` would) then sends them.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue } from '../../jobs/queue.js';
import { startWorkers } from '../../jobs/workers.js';
import { drainJobs, mailTo, startTestEnv, type TestEnv } from '../helpers.js';

let api: TestEnv;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  api = await startTestEnv({ workers: 0 });
});
afterAll(() => api.close());

async function jobStates(): Promise<string[]> {
  const { rows } = await api.db.query<{ state: string }>(
    `SELECT state FROM pgboss.job WHERE name = 'mail.send' ORDER BY created_on`,
  );
  return rows.map((r) => r.state);
}

function outboxFiles(): string[] {
  return fs.existsSync(api.outboxDir) ? fs.readdirSync(api.outboxDir) : [];
}

/**
 * Resolves once `polls` polling intervals of a worker in this process have passed: a probe
 * worker started now, polling as often as a worker of the app would (JOB_POLL_SECONDS), runs
 * `polls` + 1 probe jobs one after the other (each sent once the one before has completed).
 * pg-boss starts two fetches at least an interval apart, so the last is fetched `polls`
 * intervals after the first; a worker of the app, had it one, would have polled meanwhile. The
 * probe runs only its own queue, never `mail.send`.
 */
async function pollIntervalsPass(polls: number): Promise<void> {
  const probe = createJobQueue(api.db, {
    policies: jobPolicies(api.config),
    log: silent,
    worker: true,
    pollSeconds: api.config.jobPollSeconds,
  });
  await probe.work('sla.sweep', () => Promise.resolve());
  try {
    for (let i = 0; i <= polls; i++) {
      const id = await probe.send('sla.sweep', {});
      // Its completion row (whoever ran it), polled for up to 20 s.
      for (let wait = 0; ; wait++) {
        const { rows } = await api.db.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'sla.sweep' AND id = $1`,
          [id],
        );
        if (rows[0]?.state === 'completed') break;
        if (wait >= 400) throw new Error(`probe job ${String(id)}: ${rows[0]?.state}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await probe.stop();
  }
}

describe('job queue', () => {
  it('queues mails in an API-only process and runs them in a separate worker', async () => {
    const email = 'queued-signup@example.com';
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: { fullname: 'Queued Person', email, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    // The confirmation mail is a job in the database, and this process runs no workers.
    expect(await jobStates()).toEqual(['created']);
    // Several of a worker's polling intervals pass: still nothing has run it.
    await pollIntervalsPass(3);
    expect(await jobStates()).toEqual(['created']);
    expect(outboxFiles()).toEqual([]);

    // A worker-only process on the same database picks it up.
    const stop = await startWorkers(api.db, { ...api.config, workers: 1 }, silent);
    try {
      const mail = await mailTo(api, email);
      expect(mail.raw).toContain('Queued Person');
      await drainJobs(api);
      expect(await jobStates()).toEqual(['completed']);
    } finally {
      await stop();
    }
  });
});
