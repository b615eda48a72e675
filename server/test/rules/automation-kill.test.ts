// A worker killed with -9 in the middle of a time-based rules' pass: the ticket it was acting on
// got nothing (its transaction never committed), and the next pass acts on every ticket: each
// has exactly one note and one mail. The killed worker's pass lock went with its connection.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPolicies } from '../../jobs/jobs.js';
import { createJobQueue } from '../../jobs/queue.js';
import { systemClock } from '../../lib/clock.js';
import { jwtSecretProvider } from '../../lib/jwt-secret.js';
import { runAutomationPass } from '../../rules/automations.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, person } from '../work-helpers.js';

let env: TestEnv;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
});
afterAll(() => env.close());

/** Polls `check` every 100 ms until it holds, for up to two minutes (a loaded machine is slow). */
async function until(check: () => Promise<boolean>, what: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a worker killed with -9 during a time-based pass', () => {
  it(
    'leaves every ticket acted on exactly once after the next pass',
    { timeout: 300_000 },
    async () => {
      const call = caller(env);
      const admin = await person(env, 'Admin Pass', true, true);
      const alice = await person(env, 'Alice Pass');
      const tpl = await call('POST', '/api/templates', admin.token, {
        name: 'Still pending',
        subject_en: 'Still pending {{ticket.id}}',
        body_en: '<p>Still pending</p>',
      });
      const template = tpl.json().data.id as number;
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call('POST', '/api/ticket/', alice.token, {
          subject: `Pending ${i}`,
          description: '<p>Hello</p>',
          priority_id: 2,
        });
        ids.push(res.json().data.id as number);
      }
      await env.db.query(`UPDATE records SET status_id = 3 WHERE id = ANY ($1::bigint[])`, [ids]);
      await env.db.query(
        `UPDATE records SET status_changed_at = now() - interval '3 hours' WHERE id = ANY ($1::bigint[])`,
        [ids],
      );
      // assign_next locks the desk's turn: holding it stops the worker after the note and the
      // mail were written, in the middle of the first ticket's actions.
      await env.db.query(
        `INSERT INTO desk_assignment (helpdesk_id, mode) VALUES (1, 'round_robin')
       ON CONFLICT (helpdesk_id) DO UPDATE SET mode = 'round_robin'`,
      );
      const rule = await call('POST', '/api/automations', admin.token, {
        name: 'Nudge pending',
        conditions: [{ field: 'subject', operator: 'contains', value: 'pending' }],
        time_conditions: [{ field: 'status_for', status_id: 3, hours: 2 }],
        actions: [
          { type: 'add_note', template_id: template },
          { type: 'send_mail', template_id: template, to: 'requester' },
          { type: 'assign_next' },
        ],
      });
      expect(rule.statusCode, rule.body).toBe(200);

      // A connection of its own: the pool's would end this transaction after 5 s idle.
      const holder = new pg.Client({ connectionString: env.database.url });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM desk_assignment WHERE helpdesk_id = 1 FOR UPDATE');

      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('server/worker.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: env.database.url,
          DATA_DIR: env.config.dataDir,
          WORKERS: '1',
          JOB_POLL_SECONDS: '1',
          INBOUND_SMTP: 'off',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, s) => r(s)));
      const queue = createJobQueue(env.db, {
        policies: jobPolicies(env.config),
        log: silent,
        worker: false,
      });
      try {
        // The pass now, not at the next scheduled minute.
        await queue.send('automations.pass', {});
        // The pass works on several tickets at once: each of them waits there.
        await until(
          async () =>
            (
              await env.db.query(
                `SELECT 1 FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE OF d%'`,
              )
            ).rows.length > 0,
          () => `the worker to reach the assignment (worker said: ${output})`,
        );
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await holder.query('ROLLBACK');
        await holder.end();
        await queue.stop({ graceful: false });
      }
      await until(
        async () =>
          (
            await env.db.query(
              `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%FOR UPDATE OF d%' AND state <> 'idle' AND pid <> pg_backend_pid()`,
            )
          ).rowCount === 0,
        () => 'the killed worker’s session to end',
      );

      const notes = async (id: number) =>
        (
          await env.db.query(
            `SELECT 1 FROM record_messages WHERE record_id = $1 AND thread = 'worklog'`,
            [id],
          )
        ).rowCount;
      const mails = async (id: number) =>
        (
          await env.db.query(
            `SELECT 1 FROM record_mail_log WHERE record_id = $1 AND kind = 'rule'`,
            [id],
          )
        ).rowCount;
      // The killed transaction left nothing.
      expect(await notes(ids[0])).toBe(0);
      expect(await mails(ids[0])).toBe(0);

      // The next pass (this process) gets the lock and acts on each ticket once.
      const ctx = {
        db: env.db,
        queue: createJobQueue(env.db, {
          policies: jobPolicies(env.config),
          log: silent,
          worker: false,
        }),
        config: env.config,
        clock: systemClock,
        jwtSecret: jwtSecretProvider(env.db, env.config.jwtSecret),
      };
      try {
        expect(await runAutomationPass(ctx, silent)).toBe(3);
        expect(await runAutomationPass(ctx, silent)).toBe(0);
      } finally {
        await ctx.queue.stop({ graceful: false });
      }
      for (const id of ids) {
        expect(await notes(id)).toBe(1);
        expect(await mails(id)).toBe(1);
      }
    },
  );
});
