// POST records/bulk: agents only; each record through its own single-record call (refusals per
// record with a reason, the rest done), every change in that record's history, list selections
// capped at BULK_CAP and said so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_CAP } from '../../routes/bulk/routes.js';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newContent, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let agent: Person;
let agent2: Person;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  alice = await person(env, 'Alice Requester');
  agent = await person(env, 'Agent Bulk', true);
  agent2 = await person(env, 'Agent Other', true);
});
afterAll(() => env.close());

async function events(recordId: number, action: string) {
  const { rows } = await env.db.query<{ details: Record<string, unknown>; actor_id: string }>(
    'SELECT details, actor_id FROM record_events WHERE record_id = $1 AND action = $2 ORDER BY id',
    [recordId, action],
  );
  return rows;
}

const bulk = (token: string, body: object) => call('POST', '/api/records/bulk', token, body);

describe('POST records/bulk', () => {
  it('assigns what it can, refuses the rest with reasons, and writes each history', async () => {
    const a = await newTicket(env, alice.token, { subject: 'Bulk one' });
    const b = await newTicket(env, alice.token, { subject: 'Bulk two' });
    const stale = await newTicket(env, alice.token, { subject: 'Bulk stale' });
    // Someone edits `stale` after the agent selected it.
    const edit = await call('PUT', `/api/ticket/${stale.id}/`, agent2.token, {
      version: stale.version,
      priority_id: 3,
    });
    expect(edit.statusCode).toBe(200);

    const res = await bulk(agent.token, {
      object_type: 'T',
      action: 'assign',
      value: agent2.id,
      records: [
        { id: a.id, version: a.version },
        { id: b.id, version: b.version },
        { id: stale.id, version: stale.version },
        { id: 999999999 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.succeeded).toEqual([a.id, b.id]);
    expect(data.refused).toEqual([
      {
        id: stale.id,
        code: 'stale',
        reason: 'Someone else changed this record after you selected it.',
      },
      { id: 999999999, code: 'not_found', reason: 'This record no longer exists.' },
    ]);
    expect(data.capped).toBe(false);
    for (const id of [a.id, b.id]) {
      const rows = await events(id, 'assigned');
      expect(rows).toHaveLength(1);
      expect(rows[0].details).toEqual({ to: 'Agent Other' });
      expect(Number(rows[0].actor_id)).toBe(agent.id);
    }
    expect(await events(stale.id, 'assigned')).toEqual([]);
  });

  it("gives the single-record call's own reason for an invalid value", async () => {
    const t = await newTicket(env, alice.token);
    const res = await bulk(agent.token, {
      object_type: 'T',
      action: 'assign',
      value: alice.id, // not an agent
      records: [{ id: t.id, version: t.version }],
    });
    expect(res.json().data.refused).toEqual([
      { id: t.id, code: 'invalid', reason: 'Choose a helpdesk agent.' },
    ]);
    // In the caller's language, as the single call would say it.
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [agent.id]);
    try {
      const es = await bulk(agent.token, {
        object_type: 'T',
        action: 'status',
        value: 7, // a content status
        records: [{ id: t.id }, { id: 999999998 }],
      });
      const refused = es.json().data.refused;
      expect(refused[0].code).toBe('invalid');
      expect(refused[0].reason).not.toBe('Choose a status.');
      expect(refused[1].reason).toBe('Este registro ya no existe.');
    } finally {
      await env.db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [agent.id]);
    }
  });

  it('sets status, priority, help desk and classification, and deletes, each in history', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Every action' });
    const records = () => [{ id: t.id }];
    const run = async (action: string, value?: number) => {
      const res = await bulk(agent.token, { object_type: 'T', action, value, records: records() });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ succeeded: [t.id], refused: [] });
    };
    await run('status', 3);
    expect((await events(t.id, 'status_changed'))[0].details).toEqual({
      from: 'New',
      to: 'Pending',
    });
    await run('priority', 4);
    expect((await events(t.id, 'updated'))[0].details).toEqual({
      fields: ['priority_id'],
      changes: { priority_id: { from: expect.any(String), to: 'Urgent' } },
    });
    await run('move', 3);
    expect((await events(t.id, 'moved'))[0].details).toEqual({ from: 'IT Support', to: 'Network' });
    await run('classify', 2);
    await run('classify', 3);
    const classified = await events(t.id, 'classified');
    expect(classified.map((e) => e.details.names)).toEqual([['Laptops'], ['Laptops', 'Printers']]);
    await run('delete');
    const gone = await call('GET', `/api/ticket/${t.id}/`, agent.token);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses what the single call refuses, and validates the request', async () => {
    const c = await newContent(env, alice.token);
    const priority = await bulk(agent.token, {
      object_type: 'C',
      action: 'priority',
      value: 2,
      records: [{ id: c.id }],
    });
    expect(priority.statusCode).toBe(400);
    const both = await bulk(agent.token, {
      object_type: 'C',
      action: 'delete',
      records: [{ id: c.id }],
      filter: { filters: {} },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields.records).toBe('Send either records or a list filter.');
    const noValue = await bulk(agent.token, {
      object_type: 'C',
      action: 'move',
      records: [{ id: c.id }],
    });
    expect(noValue.json().fields.value).toBe('Choose a value for this action.');
    const tooMany = await bulk(agent.token, {
      object_type: 'C',
      action: 'delete',
      records: Array.from({ length: BULK_CAP + 1 }, (_, i) => ({ id: i + 1 })),
    });
    expect(tooMany.statusCode).toBe(400);
    // A ticket id sent as content is not found (each kind's own call).
    const t = await newTicket(env, alice.token);
    const wrongKind = await bulk(agent.token, {
      object_type: 'C',
      action: 'move',
      value: 7,
      records: [{ id: t.id }],
    });
    expect(wrongKind.json().data.refused[0].code).toBe('not_found');
  });

  it('answers 403 to a regular user and 401 without a session', async () => {
    const t = await newTicket(env, alice.token);
    const body = { object_type: 'T', action: 'delete', records: [{ id: t.id }] };
    const res = await bulk(alice.token, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only helpdesk agents can do this.');
    expect((await call('POST', '/api/records/bulk', undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `/api/ticket/${t.id}/`, alice.token)).statusCode).toBe(200);
  });

  it(`acts on at most ${BULK_CAP} records of a list selection and says it was capped`, async () => {
    const seed = await newTicket(env, alice.token, { subject: 'Capmarker seed' });
    // BULK_CAP more records like it, straight into the table (the list selection reads them).
    await env.db.query(
      `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, priority_id, is_draft)
       SELECT object_type, title, body, owner_id, hd_id, status_id, priority_id, is_draft
         FROM records, generate_series(1, $2) WHERE id = $1`,
      [seed.id, BULK_CAP],
    );
    const res = await bulk(agent.token, {
      object_type: 'T',
      action: 'assign',
      value: agent2.id,
      filter: { filters: { text: 'Capmarker' }, sort: 'id' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.capped).toBe(true);
    expect(data.cap).toBe(BULK_CAP);
    expect(data.succeeded).toHaveLength(BULK_CAP);
    expect(data.refused).toEqual([]);
    // In the list's order (id ascending): the seed first, the newest one left out.
    expect(data.succeeded[0]).toBe(seed.id);
    const { rows } = await env.db.query<{ assigned: number; other: number }>(
      `SELECT count(*) FILTER (WHERE assignee_id = $1)::int AS assigned,
              count(*) FILTER (WHERE assignee_id IS NULL)::int AS other
         FROM records WHERE title = 'Capmarker seed'`,
      [agent2.id],
    );
    expect(rows[0]).toEqual({ assigned: BULK_CAP, other: 1 });
    const history = await env.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM record_events e JOIN records r ON r.id = e.record_id
        WHERE r.title = 'Capmarker seed' AND e.action = 'assigned'`,
    );
    expect(history.rows[0].n).toBe(BULK_CAP);
  }, 180_000);
});
