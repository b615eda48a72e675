// A worker killed with -9 in the middle of a trigger chain: after another worker takes over,
// every action happened exactly once as far as a user can see (one note, one mail each), and
// the chain went on (the updated trigger answered the first trigger's change).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../jobs/workers.js';
import { drainJobs, startTestEnv, type TestEnv } from '../helpers.js';
import { mailsTo } from '../routes/work-helpers.js';
import { caller, person } from '../work-helpers.js';

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
});
afterAll(() => env.close());

/** Polls `check` every 100 ms until it holds, for up to a minute (a loaded machine is slow). */
async function until(check: () => Promise<boolean>, what: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a worker killed with -9 during a trigger chain', () => {
  it(
    'leaves every action done exactly once after another worker takes over',
    { timeout: 150_000 },
    async () => {
      const call = caller(env);
      const admin = await person(env, 'Admin Chain', true, true);
      const alice = await person(env, 'Alice Chain');
      const template = async (name: string, body: string) =>
        (
          await call('POST', '/api/templates', admin.token, {
            name,
            subject_en: `${name} {{ticket.id}}`,
            body_en: body,
          })
        ).json().data.id as number;
      const triage = await template('Triage', '<p>Triage note</p>');
      const ack = await template('Ack', '<p>We have it</p>');
      const followUp = await template('Follow-up', '<p>Follow-up note</p>');
      for (const body of [
        {
          name: 'Triage',
          event: 'ticket_created',
          actions: [
            { type: 'add_note', template_id: triage },
            { type: 'send_mail', template_id: ack, to: 'requester' },
            { type: 'set_priority', priority_id: 4 },
          ],
        },
        {
          name: 'Follow-up',
          event: 'ticket_updated',
          conditions: [
            { field: 'change', attribute: 'priority', operator: 'changed_to', value: 4 },
          ],
          actions: [{ type: 'add_note', template_id: followUp }],
        },
      ]) {
        expect((await call('POST', '/api/triggers', admin.token, body)).statusCode).toBe(200);
      }

      const raised = await call('POST', '/api/ticket/', alice.token, {
        subject: 'Crash mid-chain',
        description: '<p>Hello</p>',
        priority_id: 2,
      });
      expect(raised.statusCode).toBe(200);
      const id = raised.json().data.id as number;

      // Hold the ticket's row: the worker writes the note and queues the mail, then waits at the
      // priority's UPDATE, in the middle of the trigger's actions.
      const holder = await env.db.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM records WHERE id = $1 FOR NO KEY UPDATE', [id]);

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
      try {
        await until(
          async () =>
            (
              await env.db.query(
                `SELECT 1 FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE records SET priority_id%'`,
              )
            ).rowCount === 1,
          () => `the worker to reach the priority's update (worker said: ${output})`,
        );
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await holder.query('ROLLBACK');
        holder.release();
      }

      // The killed worker's transaction never committed: no note, no mail yet.
      const notes = async () =>
        (
          await env.db.query<{ body: string }>(
            `SELECT body FROM record_messages WHERE record_id = $1 AND thread = 'worklog' ORDER BY id`,
            [id],
          )
        ).rows.map((r) => r.body);
      await until(
        async () =>
          (
            await env.db.query(
              `SELECT 1 FROM pg_stat_activity WHERE query LIKE 'UPDATE records SET priority_id%' AND state <> 'idle'`,
            )
          ).rowCount === 0,
        () => 'the killed worker’s session to end',
      );
      expect(await notes()).toEqual([]);

      // Another worker (this process) takes over: the event comes back and the chain completes.
      const stop = await startWorkers(
        env.db,
        { ...env.config, workers: 1 },
        { info: () => undefined, warn: () => undefined, error: () => undefined },
      );
      try {
        await until(
          async () => (await notes()).length === 2 && mailsTo(env, alice.email).length > 0,
          () => `the chain to complete (notes: ${JSON.stringify(output)})`,
        );
        await until(
          async () =>
            (await env.db.query(`SELECT 1 FROM event_outbox WHERE record_id = $1`, [id]))
              .rowCount === 0,
          () => 'the outbox to empty',
        );
        await drainJobs(env);
      } finally {
        await stop();
      }
      expect(await notes()).toEqual(['<p>Triage note</p>', '<p>Follow-up note</p>']);
      expect(mailsTo(env, alice.email)).toHaveLength(1);
      expect(mailsTo(env, alice.email)[0]).toContain('Auto-Submitted: auto-generated');
      const { rows } = await env.db.query(
        `SELECT state FROM record_mail_log WHERE record_id = $1 AND kind = 'rule'`,
        [id],
      );
      expect(rows).toEqual([{ state: 'sent' }]);
      const ticket = await call('GET', `/api/ticket/${id}/`, admin.token);
      expect(ticket.json().data.priority_id).toBe(4);
    },
  );
});
