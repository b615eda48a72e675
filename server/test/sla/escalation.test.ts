// Escalation on the job queue with TWO worker queues on one database: the warning (80 % of a
// target) and the breach each fire exactly once per target per ticket, however many check and
// sweep jobs run, on whichever worker; each writes a history entry, a live event and a mail to
// the assignee (or every agent when unassigned); a job made stale by a change does nothing.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';
import { startSlaWorkers } from '../../sla/jobs.js';
import { caller, person, type Person } from '../work-helpers.js';
import { ALWAYS_HOURS, policyInput, startSlaEnv, type SlaEnv } from './sla-env.js';

const T0 = new Date('2026-05-04T08:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let env: SlaEnv;
let call: ReturnType<typeof caller>;
let agent: Person;
let otherAgent: Person;
let requester: Person;
const workers: { queue: JobQueue; stop: () => void }[] = [];
let listener: pg.Client;
const notices: { record_id: number; kind: string }[] = [];

beforeAll(async () => {
  env = await startSlaEnv(T0);
  call = caller(env);
  agent = await person(env, 'Agent Escalate', true, true);
  otherAgent = await person(env, 'Agent Two', true);
  requester = await person(env, 'Requester Escalate');
  await call(
    'POST',
    '/api/sla/policies/',
    agent.token,
    policyInput({ time_zone: 'UTC', hours: ALWAYS_HOURS, resolution_minutes: null }),
  );
  for (let i = 0; i < 2; i++) {
    const queue = createJobQueue(env.db, {
      policies: jobPolicies(env.config),
      log: silent,
      worker: true,
      pollSeconds: 0.5,
    });
    await queue.start();
    const stop = await startSlaWorkers({ ...env.jobs, queue }, silent, { concurrency: 2 });
    workers.push({ queue, stop });
  }
  listener = new pg.Client({ connectionString: env.database.url });
  await listener.connect();
  listener.on('notification', (n) => notices.push(JSON.parse(n.payload ?? '{}')));
  await listener.query('LISTEN record_events');
});

afterAll(async () => {
  await listener.end();
  for (const w of workers) {
    w.stop();
    await w.queue.stop({ graceful: false });
  }
  await env.close();
});

/** Many checks and sweeps at once, spread over both workers, then wait until all have run. */
async function runJobsFor(recordId: number): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await workers[i % 2].queue.send('sla.check', { recordId });
  }
  await workers[0].queue.send('sla.sweep', {});
  await workers[1].queue.send('sla.sweep', {});
  await jobsDone();
}

/** Until no SLA job that is due is left to run (polled every 50 ms, for up to 20 s). */
async function jobsDone(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await env.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job
        WHERE name LIKE 'sla.%' AND state IN ('created', 'retry', 'active')
          AND start_after <= now()`,
    );
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('SLA jobs did not finish');
}

async function counts(recordId: number) {
  const { rows } = await env.db.query<{ what: string; n: number }>(
    `SELECT 'row:' || level AS what, count(*)::int AS n FROM sla_escalations
      WHERE record_id = $1 GROUP BY level
     UNION ALL
     SELECT 'event:' || action, count(*)::int FROM record_events
      WHERE record_id = $1 AND action LIKE 'sla_%' GROUP BY action
     UNION ALL
     SELECT 'mail:' || kind || ':' || to_email, count(*)::int FROM record_mail_log
      WHERE record_id = $1 GROUP BY kind, to_email`,
    [recordId],
  );
  return Object.fromEntries(rows.map((r) => [r.what, r.n]));
}

async function highTicket(): Promise<number> {
  env.clock.set(T0);
  const res = await call('POST', '/api/ticket/', requester.token, {
    subject: 'Escalate me',
    description: '<p>Urgent-ish.</p>',
    priority_id: 3,
    is_draft: false,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

describe('escalation with two workers', () => {
  it('warns once at 80 %, breaches once at the due time, to the assignee', async () => {
    const id = await highTicket();
    const t = (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data;
    await call('PUT', `/api/ticket/${id}/assign/`, agent.token, {
      assignee_id: agent.id,
      version: t.version,
    });

    env.clock.set(minutes(47));
    await runJobsFor(id);
    expect(await counts(id)).toEqual({});

    env.clock.set(minutes(50));
    await runJobsFor(id);
    expect(await counts(id)).toEqual({
      'row:warning': 1,
      'event:sla_warning': 1,
      [`mail:sla_warning:${agent.email}`]: 1,
    });

    env.clock.set(minutes(61));
    await runJobsFor(id);
    await runJobsFor(id);
    expect(await counts(id)).toEqual({
      'row:warning': 1,
      'row:breach': 1,
      'event:sla_warning': 1,
      'event:sla_breach': 1,
      [`mail:sla_warning:${agent.email}`]: 1,
      [`mail:sla_breach:${agent.email}`]: 1,
    });
    // Machine-made (RFC 3834), and signed for the agent so their mailed reply counts as theirs.
    const { rows: jobs } = await env.db.query<{
      mail: { autoSubmitted?: boolean; messageId: string };
    }>(
      `SELECT data->'mail' AS mail FROM pgboss.job
        WHERE name = 'mail.send' AND data->'mail'->>'subject' LIKE $1`,
      [`[#${id}]%`],
    );
    expect(jobs).toHaveLength(2);
    for (const { mail } of jobs) {
      expect(mail.autoSubmitted).toBe(true);
      expect(mail.messageId).toMatch(new RegExp(`\\.v1\\.${agent.id}\\.${id}\\.`));
    }
    expect(notices.filter((n) => n.record_id === id)).toEqual([
      expect.objectContaining({ record_id: id, kind: 'sla_warning' }),
      expect.objectContaining({ record_id: id, kind: 'sla_breach' }),
    ]);
    // The history entry is for agents only, and says which target.
    const history = (await call('GET', `/api/ticket/${id}/history/`, agent.token)).json().data;
    expect(JSON.stringify(history)).toContain('sla_breach');
    const mine = (await call('GET', `/api/ticket/${id}/history/`, requester.token)).json().data;
    expect(JSON.stringify(mine)).not.toContain('sla_breach');
  });

  it('an unassigned ticket escalates to every agent; a late start fires the breach alone', async () => {
    const id = await highTicket();
    env.clock.set(minutes(75));
    await runJobsFor(id);
    const c = await counts(id);
    expect(c).toMatchObject({
      'row:warning': 1,
      'row:breach': 1,
      'event:sla_breach': 1,
      [`mail:sla_breach:${agent.email}`]: 1,
      [`mail:sla_breach:${otherAgent.email}`]: 1,
    });
    // The warning is settled silently: one mail per person, not two.
    expect(c['event:sla_warning']).toBeUndefined();
  });

  it('a job made stale by a change does nothing', async () => {
    const id = await highTicket();
    const t = (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data;
    // Low priority: no policy, no due times; the delayed checks find nothing to fire.
    await call('PUT', `/api/ticket/${id}/`, agent.token, { version: t.version, priority_id: 1 });
    env.clock.set(minutes(120));
    await runJobsFor(id);
    expect(await counts(id)).toEqual({});
  });

  it('a new policy settles what is already overdue quietly: overdue, but no mails', async () => {
    env.clock.set(T0);
    const res = await call('POST', '/api/ticket/', requester.token, {
      subject: 'Normal and old',
      description: '<p>Waiting.</p>',
      priority_id: 2,
      is_draft: false,
    });
    const id = res.json().data.id as number;
    env.clock.set(minutes(180));
    const policy = await call(
      'POST',
      '/api/sla/policies/',
      agent.token,
      policyInput({ name: 'Normal', priority_ids: [2], time_zone: 'UTC', hours: ALWAYS_HOURS }),
    );
    expect(policy.statusCode).toBe(200);
    // The policy change queued `sla.recompute`; the workers run it.
    await jobsDone();
    const t = (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data;
    expect(t.sla.state).toBe('overdue');
    expect(await counts(id)).toEqual({ 'row:warning': 1, 'row:breach': 1 });
  });

  it('creating a ticket schedules a delayed check for its next escalation', async () => {
    const { rows } = await env.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sla.check' AND start_after > now()`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
