// Due times per ticket, in business time, with the SLA clock under the test's control: set on
// submission, paused while Pending, met by an agent's public reply, restarted by the requester,
// recomputed when priority, help desk, status or the policy change; the lists, sort and
// dashboard figures read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction.js';
import { recomputeBatch } from '../../sla/jobs.js';
import { recomputeSla } from '../../sla/recompute.js';
import { caller, person, type Person } from '../work-helpers.js';
import { ALWAYS_HOURS, policyInput, startSlaEnv, type SlaEnv } from './sla-env.js';

let env: SlaEnv;
let agent: Person;
let requester: Person;
let call: ReturnType<typeof caller>;
let highPolicy: { id: number };
let ticket: { id: number; version: number };

const at = (iso: string) => env.clock.set(new Date(iso));
const details = async (id: number) =>
  (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data;
async function edit(id: number, changes: object) {
  const current = await details(id);
  const res = await call('PUT', `/api/ticket/${id}/`, agent.token, {
    version: current.version,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const hdList = async (body: object) => {
  const res = await call('POST', '/api/search/ticket/hd', agent.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: { id: number }[]; total: number };
};

beforeAll(async () => {
  // Monday 9 March 2026, 10:00 in Madrid.
  env = await startSlaEnv(new Date('2026-03-09T09:00:00Z'));
  call = caller(env);
  agent = await person(env, 'Agent Due', true, true);
  requester = await person(env, 'Requester Due');
  highPolicy = (await call('POST', '/api/sla/policies/', agent.token, policyInput())).json().data;
  await call(
    'POST',
    '/api/sla/policies/',
    agent.token,
    policyInput({
      name: 'Network desk, around the clock',
      priority_ids: null,
      hd_ids: [3],
      first_response_minutes: 30,
      next_response_minutes: 60,
      resolution_minutes: 240,
      time_zone: 'UTC',
      hours: ALWAYS_HOURS,
    }),
  );
});
afterAll(() => env.close());

describe('a ticket through its life', () => {
  it('a submitted High ticket gets its due times in Madrid business hours', async () => {
    const res = await call('POST', '/api/ticket/', requester.token, {
      subject: 'Server room is hot',
      description: '<p>Very hot.</p>',
      priority_id: 3,
      is_draft: false,
    });
    expect(res.statusCode).toBe(200);
    ticket = res.json().data;
    // Due in exactly an hour: not yet "warning" (due within the hour, like the due-soon list).
    expect(res.json().data).toMatchObject({
      sla_policy_id: highPolicy.id,
      first_response_due_at: '2026-03-09T10:00:00.000Z',
      next_response_due_at: null,
      // 480 business minutes from Monday 10:00: 7 h on Monday, 1 h on Tuesday.
      resolution_due_at: '2026-03-10T09:00:00.000Z',
      first_responded_at: null,
      sla: { state: 'ok', target: 'first_response', due_at: '2026-03-09T10:00:00.000Z' },
    });
    // The list row carries the same.
    const list = await hdList({ filters: {} });
    expect(list.items.find((r) => r.id === ticket.id)).toMatchObject({
      first_response_due_at: '2026-03-09T10:00:00.000Z',
      sla: { state: 'ok' },
    });
  });

  it('a draft has no targets until it is submitted', async () => {
    const draft = (
      await call('POST', '/api/ticket/', requester.token, {
        subject: 'Draft',
        priority_id: 3,
        is_draft: true,
      })
    ).json().data;
    expect(draft.sla).toEqual({ state: 'none', target: null, due_at: null });
    const res = await call('PUT', `/api/ticket/${draft.id}/`, requester.token, {
      version: draft.version,
      description: '<p>Now with text.</p>',
      is_draft: false,
    });
    expect(res.json().data.first_response_due_at).toBe('2026-03-09T10:00:00.000Z');
    await call('DELETE', `/api/ticket/${draft.id}/`, agent.token);
  });

  it('stands still while Pending and moves on by the paused business time', async () => {
    at('2026-03-09T09:30:00Z');
    const pending = await edit(ticket.id, { status_id: 3 });
    expect(pending.sla).toMatchObject({ state: 'paused', target: 'first_response' });
    at('2026-03-09T11:30:00Z');
    // Still paused two hours later: not overdue, although the old due time has passed.
    expect((await details(ticket.id)).sla.state).toBe('paused');
    const open = await edit(ticket.id, { status_id: 2 });
    expect(open).toMatchObject({
      first_response_due_at: '2026-03-09T12:00:00.000Z',
      resolution_due_at: '2026-03-10T11:00:00.000Z',
      sla: { state: 'warning', target: 'first_response' },
    });
  });

  it("an agent's public reply meets the first response; a note does not", async () => {
    at('2026-03-09T11:40:00Z');
    await call('POST', `/api/ticket/${ticket.id}/communication/`, agent.token, {
      body: '<p>Internal-ish note</p>',
      action: 'note',
    });
    expect((await details(ticket.id)).first_responded_at).toBeNull();
    at('2026-03-09T11:45:00Z');
    const reply = await call('POST', `/api/ticket/${ticket.id}/communication/`, agent.token, {
      body: '<p>Looking into it.</p>',
    });
    expect(reply.statusCode).toBe(200);
    expect(await details(ticket.id)).toMatchObject({
      first_responded_at: '2026-03-09T11:45:00.000Z',
      first_response_due_at: '2026-03-09T12:00:00.000Z',
      sla: { state: 'ok', target: 'resolution', due_at: '2026-03-10T11:00:00.000Z' },
    });
  });

  it("the requester's next message starts the next-response wait; the agent's reply ends it", async () => {
    at('2026-03-09T12:00:00Z');
    await call('POST', `/api/ticket/${ticket.id}/communication/`, requester.token, {
      body: '<p>Any news?</p>',
    });
    expect(await details(ticket.id)).toMatchObject({
      next_response_due_at: '2026-03-09T14:00:00.000Z',
      sla: { target: 'next_response', due_at: '2026-03-09T14:00:00.000Z' },
    });
    at('2026-03-09T12:10:00Z');
    await call('POST', `/api/ticket/${ticket.id}/communication/`, agent.token, {
      body: '<p>Yes: a fan is on its way.</p>',
    });
    expect((await details(ticket.id)).next_response_due_at).toBeNull();
    at('2026-03-09T12:20:00Z');
    await call('POST', `/api/ticket/${ticket.id}/communication/`, requester.token, {
      body: '<p>Thanks, when?</p>',
    });
    expect((await details(ticket.id)).next_response_due_at).toBe('2026-03-09T14:20:00.000Z');
  });

  it('a priority with no matching policy clears the due times', async () => {
    const low = await edit(ticket.id, { priority_id: 1 });
    expect(low).toMatchObject({
      sla_policy_id: null,
      first_response_due_at: null,
      resolution_due_at: null,
      sla: { state: 'none' },
    });
  });

  it("moving to another help desk takes that desk's policy (24x7 in UTC)", async () => {
    const current = await details(ticket.id);
    const res = await call('POST', `/api/ticket/${ticket.id}/move/`, agent.token, {
      hd_id: 3,
      version: current.version,
    });
    expect(res.statusCode).toBe(200);
    // Started 09:00: first response due 09:30, when the pause began (so it does not move);
    // resolution 240 min + the 2 h pause = 15:00; the next-response wait from 12:20 + 60 min.
    expect(res.json().data).toMatchObject({
      first_response_due_at: '2026-03-09T09:30:00.000Z',
      next_response_due_at: '2026-03-09T13:20:00.000Z',
      resolution_due_at: '2026-03-09T15:00:00.000Z',
      sla: { state: 'ok', target: 'next_response' },
    });
  });
});

describe('lists, sort and dashboard', () => {
  let second: { id: number };

  it('filters overdue and due within the hour, sorts by the earliest due time', async () => {
    at('2026-03-09T13:00:00Z');
    second = (
      await call('POST', '/api/ticket/', requester.token, {
        subject: 'Printer on fire',
        description: '<p>Smoke.</p>',
        priority_id: 3,
        is_draft: false,
      })
    ).json().data;
    at('2026-03-09T13:30:00Z');
    const overdue = await hdList({ filters: { sla: 'overdue' } });
    expect(overdue.items.map((r) => r.id)).toEqual([ticket.id]);
    const soon = await hdList({ filters: { sla: 'due_soon' } });
    expect(soon.items.map((r) => r.id)).toEqual([second.id]);
    const sorted = await hdList({ sort: 'sla' });
    expect(sorted.items.slice(0, 2).map((r) => r.id)).toEqual([ticket.id, second.id]);
    expect((await details(ticket.id)).sla.state).toBe('overdue');

    const dashboard = (await call('GET', '/api/dashboard/', agent.token)).json().data;
    const figure = (key: string) => dashboard.figures.find((f: { key: string }) => f.key === key);
    expect(figure('overdue')).toMatchObject({ value: 1, link: '/hd_ticket?sla=overdue&sort=sla' });
    expect(figure('due_soon')).toMatchObject({
      value: 1,
      link: '/hd_ticket?sla=due_soon&sort=sla',
    });

    const bad = await call('POST', '/api/search/ticket/hd', agent.token, {
      filters: { sla: 'late' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'filters.sla': 'SLA must be overdue or due_soon.' });
  });

  it('a policy change is applied to open tickets by the recompute job', async () => {
    const res = await call('PUT', `/api/sla/policies/${highPolicy.id}/`, agent.token, {
      ...policyInput({ first_response_minutes: 90 }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    // What the queued `sla.recompute` job runs (the job tests run it through real workers).
    expect(await recomputeBatch(env.jobs, 0)).toBeNull();
    expect((await details(second.id)).first_response_due_at).toBe('2026-03-09T14:30:00.000Z');
  });

  it('resolving meets the resolution target; reopening runs it again', async () => {
    const resolved = await edit(ticket.id, { status_id: 4 });
    expect(resolved).toMatchObject({
      resolved_at: '2026-03-09T13:30:00.000Z',
      next_response_due_at: null,
      sla: { state: 'met' },
    });
    expect((await hdList({ filters: { sla: 'overdue' } })).total).toBe(0);
    at('2026-03-09T14:00:00Z');
    const reopened = await edit(ticket.id, { status_id: 2 });
    // Resolved for 30 min: the resolution due time (15:00) moves on to 15:30.
    expect(reopened).toMatchObject({
      resolved_at: null,
      resolution_due_at: '2026-03-09T15:30:00.000Z',
      sla: { state: 'ok', target: 'resolution' },
    });
  });
});

describe('charts', () => {
  it('% of targets met per week and help desk', async () => {
    at('2026-03-09T14:00:00Z');
    const third = (
      await call('POST', '/api/ticket/', requester.token, {
        subject: 'Answered on time',
        description: '<p>Quick one.</p>',
        priority_id: 3,
        is_draft: false,
      })
    ).json().data;
    at('2026-03-09T14:10:00Z');
    await call('POST', `/api/ticket/${third.id}/communication/`, agent.token, {
      body: '<p>Done.</p>',
    });
    at('2026-03-09T15:00:00Z');
    const res = await call('GET', '/api/charts/?from=2026-03-01&to=2026-03-31', agent.token);
    expect(res.statusCode).toBe(200);
    // IT Support: the third ticket answered on time, the second not answered by its 14:30 due
    // time. Network: the first ticket answered late (due 09:30, answered 11:45).
    expect(res.json().data.sla_met_per_week).toEqual([
      { week: '2026-03-09', hd_id: 1, hd_name: 'IT Support', met: 1, missed: 1, percent: 50 },
      { week: '2026-03-09', hd_id: 3, hd_name: 'Network', met: 0, missed: 1, percent: 0 },
    ]);
    // A regular user's chart counts their own tickets only (here: the same ones).
    const mine = await call('GET', '/api/charts/?from=2026-03-01&to=2026-03-31', requester.token);
    expect(mine.json().data.sla_met_per_week).toHaveLength(2);
  });
});

/**
 * Runs `run` with every write of a ticket's service-level columns noted (a test-only trigger on
 * `UPDATE OF sla_due_at`, which every such write sets), and answers the ids written.
 */
async function slaWrites(run: () => Promise<void>): Promise<number[]> {
  await env.db.query(`
    CREATE TABLE test_sla_writes (record_id bigint);
    CREATE FUNCTION test_note_sla_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO test_sla_writes VALUES (NEW.id); RETURN NULL; END $$;
    CREATE TRIGGER test_note_sla_write AFTER UPDATE OF sla_due_at ON records
      FOR EACH ROW EXECUTE FUNCTION test_note_sla_write();`);
  try {
    await run();
    const { rows } = await env.db.query<{ id: string }>(
      'SELECT record_id AS id FROM test_sla_writes',
    );
    return rows.map((r) => Number(r.id));
  } finally {
    await env.db.query(`
      DROP TRIGGER test_note_sla_write ON records;
      DROP FUNCTION test_note_sla_write();
      DROP TABLE test_sla_writes;`);
  }
}

describe('writes', () => {
  let raised: Record<string, unknown> & { id: number };

  it('a ticket raised is written once, with the due times and wake-up recomputing gives it', async () => {
    // Tuesday 17:30 in Madrid, after hours: the clocks start on Wednesday at 9:00 (the High
    // policy now answers in 90 minutes and resolves in 480).
    at('2026-03-10T16:30:00Z');
    const written = await slaWrites(async () => {
      const res = await call('POST', '/api/ticket/', requester.token, {
        subject: 'Raised after hours',
        description: '<p>The badge reader is off.</p>',
        priority_id: 3,
        is_draft: false,
      });
      expect(res.statusCode).toBe(200);
      raised = res.json().data;
    });
    expect(raised).toMatchObject({
      sla_policy_id: highPolicy.id,
      first_response_due_at: '2026-03-11T09:30:00.000Z',
      resolution_due_at: '2026-03-11T16:00:00.000Z',
      sla: { state: 'ok', target: 'first_response', due_at: '2026-03-11T09:30:00.000Z' },
    });
    expect(written).toEqual([]);
    // One wake-up, at the first warning: 72 of the 90 business minutes.
    const wakeUps = async () =>
      (
        await env.db.query<{ singleton_key: string }>(
          `SELECT singleton_key FROM pgboss.job
            WHERE name = 'sla.check' AND data->>'recordId' = $1`,
          [String(raised.id)],
        )
      ).rows.map((r) => r.singleton_key);
    expect(await wakeUps()).toEqual([`sla:${raised.id}:2026-03-11T09:12:00.000Z`]);

    // Recomputing the new row finds nothing to change and nothing more to wake for.
    expect(
      await slaWrites(() => withTransaction(env.db, (tx) => recomputeSla(tx, env.jobs, raised.id))),
    ).toEqual([]);
    const after = await details(raised.id);
    for (const key of [
      'sla_policy_id',
      'first_response_due_at',
      'first_responded_at',
      'next_response_due_at',
      'resolution_due_at',
      'sla',
    ]) {
      expect(after[key], key).toEqual(raised[key]);
    }
    expect(await wakeUps()).toHaveLength(1);
  });

  it('a reply that moves no due time does not write them again', async () => {
    at('2026-03-11T08:00:00Z');
    const reply = (token: string) => async () => {
      const res = await call('POST', `/api/ticket/${raised.id}/communication/`, token, {
        body: '<p>On it.</p>',
      });
      expect(res.statusCode).toBe(200);
    };
    // The first reply meets the first response: written.
    expect(await slaWrites(reply(agent.token))).toEqual([raised.id]);
    // A second one changes nothing.
    expect(await slaWrites(reply(agent.token))).toEqual([]);
    expect((await details(raised.id)).first_responded_at).toBe('2026-03-11T08:00:00.000Z');
  });
});
