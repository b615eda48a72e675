// Saved views: agents only; a personal view is its owner's alone, a shared one every agent's to
// see; only the owner changes or deletes; GET views/counts/ counts what each view's list shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let owner: Person;
let other: Person;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  alice = await person(env, 'Alice Requester');
  owner = await person(env, 'Agent Owner', true, true);
  other = await person(env, 'Agent Colleague', true);
});
afterAll(() => env.close());

const input = (name: string, extra: object = {}) => ({
  name,
  object_type: 'T',
  filters: { status_id: 1 },
  sort: '-updated_at',
  columns: ['title', 'status', 'priority'],
  ...extra,
});

async function save(token: string, body: object) {
  const res = await call('POST', '/api/views/', token, body);
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; name: string; mine: boolean; shared: boolean };
}

const names = async (token: string) =>
  ((await call('GET', '/api/views/', token)).json().data as { name: string }[]).map((v) => v.name);

describe('saved views', () => {
  it('shows a personal view to its owner only and a shared one to every agent', async () => {
    const mine = await save(owner.token, input('My new tickets'));
    expect(mine).toMatchObject({ name: 'My new tickets', shared: false, mine: true });
    const shared = await save(owner.token, input('Team queue', { shared: true }));
    expect(await names(owner.token)).toEqual(['My new tickets', 'Team queue']);
    expect(await names(other.token)).toEqual(['Team queue']);
    const seen = (await call('GET', '/api/views/', other.token)).json().data[0];
    expect(seen).toMatchObject({
      id: shared.id,
      mine: false,
      owner_name: 'Agent Owner',
      filters: { status_id: 1 },
      sort: '-updated_at',
      columns: ['title', 'status', 'priority'],
    });
  });

  it('lets only the owner change or delete a view', async () => {
    const personal = await save(owner.token, input('Private'));
    const shared = await save(owner.token, input('Shared queue', { shared: true }));
    // Another agent's personal view does not exist for them; a shared one is not theirs.
    expect(
      (await call('PUT', `/api/views/${personal.id}/`, other.token, input('X'))).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/views/${personal.id}/`, other.token)).statusCode).toBe(404);
    const put = await call('PUT', `/api/views/${shared.id}/`, other.token, input('Mine now'));
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('Only the owner can change this view.');
    expect((await call('DELETE', `/api/views/${shared.id}/`, other.token)).statusCode).toBe(403);

    const renamed = await call(
      'PUT',
      `/api/views/${shared.id}/`,
      owner.token,
      input('Renamed', { shared: true }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Renamed');
    // Unsharing hides it from the others.
    await call('PUT', `/api/views/${shared.id}/`, owner.token, input('Renamed', { shared: false }));
    expect(await names(other.token)).not.toContain('Renamed');
    expect((await call('DELETE', `/api/views/${shared.id}/`, owner.token)).statusCode).toBe(200);
    expect(await names(owner.token)).not.toContain('Renamed');
  });

  it('is for agents only and validates its input', async () => {
    expect((await call('GET', '/api/views/', alice.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/views/counts/', alice.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/views/', alice.token, input('Nope'))).statusCode).toBe(403);
    expect((await call('GET', '/api/views/')).statusCode).toBe(401);
    const badSort = await call('POST', '/api/views/', owner.token, input('Bad', { sort: 'title' }));
    expect(badSort.statusCode).toBe(400);
    const blank = await call('POST', '/api/views/', owner.token, input('   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBe('Name must be 1 to 80 characters.');
    const badColumn = await call(
      'POST',
      '/api/views/',
      owner.token,
      input('C', { columns: ['secret'] }),
    );
    expect(badColumn.statusCode).toBe(400);
  });

  it('counts each visible view in one call, as its list counts', async () => {
    const marker = `Countmark${Date.now()}`;
    for (let i = 0; i < 3; i++) await newTicket(env, alice.token, { subject: `${marker} ${i}` });
    await newTicket(env, alice.token, { subject: `${marker} high`, priority_id: 4 });
    const all = await save(
      owner.token,
      input('Marked', { filters: { text: marker }, shared: true }),
    );
    const urgent = await save(
      owner.token,
      input('Marked urgent', { filters: { text: marker, priority_id: 4 } }),
    );
    const res = await call('GET', '/api/views/counts/', owner.token);
    expect(res.statusCode).toBe(200);
    const counts = new Map(
      (res.json().data as { id: number; count: number }[]).map((c) => [c.id, c]),
    );
    expect(counts.get(all.id)).toEqual({ id: all.id, count: 4, capped: false });
    expect(counts.get(urgent.id)).toEqual({ id: urgent.id, count: 1, capped: false });
    // The other agent gets the shared view's count and none of the personal one.
    const theirs = (await call('GET', '/api/views/counts/', other.token)).json().data as {
      id: number;
      count: number;
    }[];
    expect(theirs.find((c) => c.id === all.id)?.count).toBe(4);
    expect(theirs.some((c) => c.id === urgent.id)).toBe(false);
    // The same figure as the list itself.
    const list = await call('POST', '/api/search/ticket/hd', owner.token, {
      filters: { text: marker },
    });
    expect(list.json().data.total).toBe(4);
  });

  it('a shared "assigned to me" view counts and lists each viewer\'s own tickets', async () => {
    const marker = `Memark${Date.now()}`;
    const assign = async (agent: Person, n: number) => {
      for (let i = 0; i < n; i++) {
        const t = await newTicket(env, alice.token, {
          subject: `${marker} ${agent.fullname} ${i}`,
        });
        const res = await call('PUT', `/api/ticket/${t.id}/assign/`, owner.token, {
          assignee_id: agent.id,
          version: t.version,
        });
        expect(res.statusCode).toBe(200);
      }
    };
    await assign(owner, 2);
    await assign(other, 3);
    const view = await save(
      owner.token,
      input('Assigned to me', { filters: { text: marker, assignee_id: 'me' }, shared: true }),
    );
    // Stored as "me", not as the saver's id.
    const seen = (await call('GET', '/api/views/', other.token)).json().data as {
      id: number;
      filters: object;
    }[];
    expect(seen.find((v) => v.id === view.id)?.filters).toEqual({
      text: marker,
      assignee_id: 'me',
    });
    const countFor = async (agent: Person) =>
      (
        (await call('GET', '/api/views/counts/', agent.token)).json().data as {
          id: number;
          count: number;
        }[]
      ).find((c) => c.id === view.id)?.count;
    expect(await countFor(owner)).toBe(2);
    expect(await countFor(other)).toBe(3);
    const list = await call('POST', '/api/search/ticket/hd', other.token, {
      filters: { text: marker, assignee_id: 'me' },
    });
    expect((list.json().data.items as { subject: string }[]).map((r) => r.subject).sort()).toEqual(
      [0, 1, 2].map((i) => `${marker} ${other.fullname} ${i}`),
    );
  });
});
