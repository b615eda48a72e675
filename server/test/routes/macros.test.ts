// Macros: helpdesk agents create, list, edit and delete them; everyone else gets 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let user: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  user = await person(env, 'Regular Macro');
  agent = await person(env, 'Agent Macro', true, true);
});
afterAll(() => env.close());

const pending = async () =>
  (await env.db.query<{ id: number }>("SELECT id FROM statuses WHERE code = 'pending'")).rows[0].id;

describe('/api/macros', () => {
  it('lets an agent create, list, read, edit and delete a macro', async () => {
    const statusId = await pending();
    const created = await call('POST', '/api/macros', agent.token, {
      name: 'Ask for logs',
      body: '<p>Hi {{requester_name}}, please send the logs for #{{ticket_id}}. {{agent_name}}</p>',
      status_id: statusId,
      priority_id: 2,
      assignee_id: agent.id,
      category_ids: [],
    });
    expect(created.statusCode).toBe(200);
    const macro = created.json().data;
    expect(macro).toMatchObject({
      name: 'Ask for logs',
      status_id: statusId,
      status_name: 'Pending',
      priority_id: 2,
      assignee_id: agent.id,
      assignee_name: 'Agent Macro',
    });
    expect(macro.body).toContain('{{requester_name}}');

    const list = await call('GET', '/api/macros', agent.token);
    expect(list.json().data.map((m: { name: string }) => m.name)).toEqual(['Ask for logs']);
    expect((await call('GET', `/api/macros/${macro.id}`, agent.token)).json().data.id).toBe(
      macro.id,
    );

    const edited = await call('PUT', `/api/macros/${macro.id}`, agent.token, {
      name: 'Ask for logs (v2)',
      body: '<p>Logs please</p>',
      status_id: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Ask for logs (v2)', status_id: null });

    expect((await call('DELETE', `/api/macros/${macro.id}`, agent.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/macros/${macro.id}`, agent.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/macros/${macro.id}`, agent.token)).statusCode).toBe(404);
  });

  it('answers 400 with field messages for bad input', async () => {
    const res = await call('POST', '/api/macros', agent.token, {
      name: ' ',
      body: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBeDefined();
    const notAgent = await call('POST', '/api/macros', agent.token, {
      name: 'Assign to a regular user',
      assignee_id: user.id,
    });
    expect(notAgent.statusCode).toBe(400);
    expect(notAgent.json().fields).toEqual({ assignee_id: 'Choose a helpdesk agent.' });
    await call('POST', '/api/macros', agent.token, { name: 'Twice' });
    const twice = await call('POST', '/api/macros', agent.token, { name: 'twice' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ name: 'A macro with this name already exists.' });
  });

  it('answers 403 to regular users and 401 without a session', async () => {
    const made = (await call('POST', '/api/macros', agent.token, { name: 'Secret' })).json().data;
    for (const [method, url, body] of [
      ['GET', '/api/macros', undefined],
      ['GET', `/api/macros/${made.id}`, undefined],
      ['POST', '/api/macros', { name: 'Mine' }],
      ['PUT', `/api/macros/${made.id}`, { name: 'Mine' }],
      ['DELETE', `/api/macros/${made.id}`, undefined],
    ] as const) {
      expect((await call(method, url, user.token, body)).statusCode).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
  });
});
