// Sharing: finding people, a record's shared-with list, and what sharing lets people do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestEnv, type TestEnv } from '../helpers.js';
import { caller, NOT_FOUND, newRecord, person, READ_ONLY, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Share');
  bob = await person(env, 'Bob Sharé');
  carol = await person(env, 'Carol Other');
  agent = await person(env, 'Agent Share', true);
  await createUser(env, { fullname: 'Bob Unconfirmed', confirmed: false });
});
afterAll(() => env.close());

describe('GET search/user/by-id/{text}', () => {
  it('finds confirmed people by name (case- and accent-insensitive), not the caller', async () => {
    const res = await call('GET', '/api/search/user/by-id/SHARE', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: agent.id, fullname: 'Agent Share' },
      { id: bob.id, fullname: 'Bob Sharé' },
    ]);
    const bobs = await call('GET', '/api/search/user/by-id/bob', alice.token);
    expect(bobs.json().data).toEqual([{ id: bob.id, fullname: 'Bob Sharé' }]);
  });

  it('finds by exact id and by email; shows emails to agents only', async () => {
    const byId = await call('GET', `/api/search/user/by-id/${carol.id}`, alice.token);
    expect(byId.json().data[0]).toEqual({ id: carol.id, fullname: 'Carol Other' });
    const byEmail = await call('GET', `/api/search/user/by-id/${carol.email}`, agent.token);
    expect(byEmail.json().data).toEqual([
      { id: carol.id, fullname: 'Carol Other', email: carol.email },
    ]);
    const regular = await call('GET', `/api/search/user/by-id/${carol.email}`, alice.token);
    expect(regular.json().data).toEqual([{ id: carol.id, fullname: 'Carol Other' }]);
    expect(regular.body).not.toContain('@');
  });

  it('answers at most 10, 400 for blank text, 401 without a session', async () => {
    for (let i = 0; i < 12; i++) await createUser(env, { fullname: `Many Person ${i}` });
    const res = await call('GET', '/api/search/user/by-id/many', alice.token);
    expect(res.json().data).toHaveLength(10);
    const blank = await call('GET', '/api/search/user/by-id/%20%20', alice.token);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ text: 'Type 1 to 100 characters.' });
    expect((await call('GET', '/api/search/user/by-id/bob')).statusCode).toBe(401);
  });
});

describe('GET/PUT {kind}/{id}/shared-with/', () => {
  it('lets the owner share; the shared person reads it but cannot change it', async () => {
    for (const kind of ['ticket', 'content'] as const) {
      const r = await newRecord(env, kind, alice.token);
      const url = `/api/${kind}/${r.id}/shared-with/`;
      expect((await call('GET', url, alice.token)).json().data).toEqual([]);
      expect((await call('GET', `/api/${kind}/${r.id}/`, bob.token)).statusCode).toBe(404);

      const put = await call('PUT', url, alice.token, { user_ids: [bob.id, alice.id, bob.id] });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toEqual([{ id: bob.id, fullname: 'Bob Sharé' }]);

      const read = await call('GET', `/api/${kind}/${r.id}/`, bob.token);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({
        access: 'shared',
        shared_with_me: true,
        following: false,
      });
      expect((await call('GET', url, bob.token)).json().data).toEqual(put.json().data);
      const edit = await call('PUT', `/api/${kind}/${r.id}/`, bob.token, { version: 1 });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(READ_ONLY);
      const reshare = await call('PUT', url, bob.token, { user_ids: [carol.id] });
      expect(reshare.statusCode).toBe(403);
      expect(reshare.json().message).toBe(READ_ONLY);

      // An agent may change the list; an empty list unshares.
      const cleared = await call('PUT', url, agent.token, { user_ids: [] });
      expect(cleared.json().data).toEqual([]);
      expect((await call('GET', `/api/${kind}/${r.id}/`, bob.token)).statusCode).toBe(404);

      const history = await call('GET', `/api/${kind}/${r.id}/history/`, alice.token);
      expect(
        history.json().data.filter((e: { action: string }) => e.action === 'shared'),
      ).toMatchObject([
        { actor_id: agent.id, actor_name: 'Agent Share', details: { names: [] } },
        { actor_id: alice.id, actor_name: 'Alice Share', details: { names: ['Bob Sharé'] } },
      ]);
    }
  });

  it('lists records shared with the caller with filters.shared_with_me', async () => {
    const mine = await newRecord(env, 'ticket', carol.token, { subject: 'Carol own' });
    const shared = await newRecord(env, 'ticket', alice.token, { subject: 'Shared to Carol' });
    await call('PUT', `/api/ticket/${shared.id}/shared-with/`, alice.token, {
      user_ids: [carol.id],
    });
    const list = async (filters: object) =>
      (await call('POST', '/api/search/ticket/my', carol.token, { filters })).json().data;
    const own = await list({});
    expect(own.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
    const withMe = await list({ shared_with_me: true });
    expect(withMe.total).toBe(1);
    expect(withMe.items[0]).toMatchObject({
      id: shared.id,
      access: 'shared',
      shared_with_me: true,
      requester_name: 'Alice Share',
    });
    const bad = await call('POST', '/api/search/ticket/my', carol.token, {
      filters: { shared_with_me: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'filters.shared_with_me': 'Shared with me must be true or false.',
    });
  });

  it('answers 400 for unknown or unconfirmed people, 404 for others, 401 anonymous', async () => {
    const r = await newRecord(env, 'ticket', alice.token);
    const url = `/api/ticket/${r.id}/shared-with/`;
    const { rows } = await env.db.query<{ id: string }>(
      `SELECT id FROM users WHERE fullname = 'Bob Unconfirmed'`,
    );
    for (const user_ids of [[999999], [Number(rows[0].id)], { a: 1 }]) {
      const res = await call('PUT', url, alice.token, { user_ids });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ user_ids: 'Choose people from the list.' });
    }
    for (const user_ids of [[0], 'x']) {
      const item = await call('PUT', url, alice.token, { user_ids });
      expect(item.json().fields).toEqual({ 'user_ids.0': 'Choose people from the list.' });
    }
    expect((await call('PUT', url, alice.token, {})).statusCode).toBe(400);
    for (const method of ['GET', 'PUT'] as const) {
      const other = await call(method, url, carol.token, { user_ids: [] });
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(NOT_FOUND);
      expect((await call(method, url, undefined, { user_ids: [] })).statusCode).toBe(401);
      expect((await call(method, '/api/ticket/abc/shared-with/', alice.token)).statusCode).toBe(
        400,
      );
    }
  });
});
