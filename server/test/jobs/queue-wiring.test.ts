// The job queue's wiring: an API-only app (WORKERS=0) queues its mails durably and runs none of
// them; a worker started on the same database (as `npm run worker` would) then sends them.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await new Promise((r) => setTimeout(r, 2000));
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
