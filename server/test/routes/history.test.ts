// A record's history: events written with each change, newest first, internal ones for agents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, NOT_FOUND, newRecord, person, share, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Hist');
  bob = await person(env, 'Bob Hist');
  agent = await person(env, 'Agent Hist', true);
});
afterAll(() => env.close());

describe('GET {kind}/{id}/history/', () => {
  it('records created, updated (fields) and status_changed (names), newest first', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    const edit = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: 1,
      subject: 'New subject',
      priority_id: 3,
      status_id: 2,
    });
    expect(edit.statusCode).toBe(200);
    // Sending unchanged values writes no event.
    await call('PUT', `/api/ticket/${t.id}/`, alice.token, { version: 2, priority_id: 3 });
    const res = await call('GET', `/api/ticket/${t.id}/history/`, alice.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual([
      {
        id: expect.any(Number),
        action: 'status_changed',
        actor_id: agent.id,
        actor_name: 'Agent Hist',
        details: { from: 'New', to: 'Open' },
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        action: 'updated',
        actor_id: agent.id,
        actor_name: 'Agent Hist',
        // The names before and after, so the history reads "from Normal to High".
        details: {
          fields: ['subject', 'priority_id'],
          changes: {
            subject: { from: t.subject, to: 'New subject' },
            priority_id: { from: 'Normal', to: 'High' },
          },
        },
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        action: 'created',
        actor_id: alice.id,
        actor_name: 'Alice Hist',
        details: {},
        created_at: expect.any(String),
      },
    ]);
    const c = await newRecord(env, 'content', alice.token);
    const ch = await call('GET', `/api/content/${c.id}/history/`, alice.token);
    expect(ch.json().data).toMatchObject([{ action: 'created' }]);
  });

  it('records a submitted draft, and a help desk, company or content type by name', async () => {
    const draft = await newRecord(env, 'ticket', alice.token, {
      is_draft: true,
      priority_id: null,
      company_id: null,
    });
    const submit = await call('PUT', `/api/ticket/${draft.id}/`, alice.token, {
      version: draft.version,
      is_draft: false,
      priority_id: 1,
      company_id: 2,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const res = await call('GET', `/api/ticket/${draft.id}/history/`, alice.token);
    expect(res.json().data[0]).toMatchObject({
      action: 'updated',
      details: {
        fields: ['priority_id', 'company_id', 'is_draft'],
        changes: {
          priority_id: { from: null, to: 'Low' },
          company_id: { from: null, to: expect.any(String) },
        },
      },
    });
    const c = await newRecord(env, 'content', alice.token);
    const edit = await call('PUT', `/api/content/${c.id}/`, agent.token, {
      version: c.version,
      content_type_id: 2,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const ch = await call('GET', `/api/content/${c.id}/history/`, alice.token);
    expect(ch.json().data[0].details).toEqual({
      fields: ['content_type_id'],
      changes: { content_type_id: { from: expect.any(String), to: expect.any(String) } },
    });
  });

  it('writes the change and its event together: a failed edit leaves neither', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    const bad = await call('PUT', `/api/ticket/${t.id}/`, alice.token, { version: 1, hd_id: 5 });
    expect(bad.statusCode).toBe(400);
    const res = await call('GET', `/api/ticket/${t.id}/history/`, alice.token);
    expect(res.json().data.map((e: { action: string }) => e.action)).toEqual(['created']);
  });

  it('shows internal events to agents only', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    await env.db.query(
      `INSERT INTO record_events (record_id, actor_id, action, details, internal)
       VALUES ($1, $2, 'worklog_added', '{"secret": "internal note"}', true)`,
      [t.id, agent.id],
    );
    await share(env, t.id, bob.id);
    for (const token of [alice.token, bob.token]) {
      const res = await call('GET', `/api/ticket/${t.id}/history/`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((e: { action: string }) => e.action)).toEqual(['created']);
      expect(res.body).not.toContain('internal note');
    }
    const byAgent = await call('GET', `/api/ticket/${t.id}/history/`, agent.token);
    expect(byAgent.json().data.map((e: { action: string }) => e.action)).toEqual([
      'worklog_added',
      'created',
    ]);
  });

  it('answers 404 to others, 400 for a bad id, 401 anonymous', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    const other = await call('GET', `/api/ticket/${t.id}/history/`, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(NOT_FOUND);
    expect((await call('GET', `/api/content/${t.id}/history/`, alice.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/ticket/0/history/', alice.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/ticket/${t.id}/history/`)).statusCode).toBe(401);
  });
});
