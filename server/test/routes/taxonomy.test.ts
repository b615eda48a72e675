// Classification: the tree, search by name, favourites, and a record's classification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  makeSearchable,
  NOT_FOUND,
  newRecord,
  person,
  READ_ONLY,
  share,
  type Person,
} from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Tax');
  bob = await person(env, 'Bob Tax');
  agent = await person(env, 'Agent Tax', true, true);
});
afterAll(() => env.close());

const node = (category_id: number, category_name: string, path: string, has_children = false) => ({
  category_id,
  category_name,
  has_children,
  path,
});

describe('GET classification/ and sub-nodes', () => {
  it('lists the roots with empty children, then a node’s children with paths', async () => {
    const res = await call('GET', '/api/classification/', alice.token);
    expect(res.statusCode).toBe(200);
    const roots = res.json().data;
    expect(roots.map((n: { category_name: string }) => n.category_name)).toEqual([
      'Hardware',
      'Software',
      'Network',
      'Accounts and access',
      'HR',
      'Facilities',
    ]);
    expect(roots[1]).toEqual({ ...node(6, 'Software', 'Software', true), children: [] });
    const sub = await call('GET', '/api/classification/sub-nodes/6', alice.token);
    expect(sub.json().data).toEqual([
      node(7, 'Email and calendar', 'Software > Email and calendar'),
      node(8, 'Office suite', 'Software > Office suite'),
      node(9, 'Operating system', 'Software > Operating system', true),
    ]);
    const leaf = await call('GET', '/api/classification/sub-nodes/10', alice.token);
    expect(leaf.json().data).toEqual([]);
  });

  it('answers 404 for an unknown node, 400 for a bad id, 401 anonymous', async () => {
    const unknown = await call('GET', '/api/classification/sub-nodes/9999', alice.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NOT_FOUND);
    const bad = await call('GET', '/api/classification/sub-nodes/x', alice.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ id: 'Choose a category.' });
    expect((await call('GET', '/api/classification/')).statusCode).toBe(401);
    expect((await call('GET', '/api/classification/sub-nodes/1')).statusCode).toBe(401);
  });
});

describe('GET classification/by-name/{name}', () => {
  it('finds nodes by name, case- and accent-insensitive, with their path', async () => {
    const res = await call(
      'GET',
      `/api/classification/by-name/${encodeURIComponent('MÁC')}`,
      alice.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([node(11, 'macOS', 'Software > Operating system > macOS')]);
    const pct = await call('GET', '/api/classification/by-name/%25', alice.token);
    expect(pct.json().data).toEqual([]);
    const blank = await call('GET', '/api/classification/by-name/%20', alice.token);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: 'Type 1 to 100 characters.' });
    expect((await call('GET', '/api/classification/by-name/mac')).statusCode).toBe(401);
  });
});

describe('classification/favorite', () => {
  it('adds, lists and removes favourites (409 duplicate, 404 unknown)', async () => {
    const fav = (category_id?: number) =>
      call('POST', '/api/classification/favorite', alice.token, { category_id });
    const add = await fav(14);
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toEqual(node(14, 'VPN', 'Network > VPN'));
    await fav(2);
    const dup = await fav(14);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This category is already a favourite.');
    expect((await fav(9999)).statusCode).toBe(404);
    const bad = await fav();
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ category_id: 'Choose a category.' });

    const list = await call('GET', '/api/classification/favorite', alice.token);
    expect(list.json().data).toEqual([
      node(14, 'VPN', 'Network > VPN'),
      node(2, 'Laptops', 'Hardware > Laptops'),
    ]);
    // Favourites are per person.
    expect((await call('GET', '/api/classification/favorite', bob.token)).json().data).toEqual([]);

    const del = await call('DELETE', '/api/classification/favorite/14', alice.token);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ category_id: 14 });
    const again = await call('DELETE', '/api/classification/favorite/14', alice.token);
    expect(again.statusCode).toBe(404);
    const badId = await call('DELETE', '/api/classification/favorite/x', alice.token);
    expect(badId.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/classification/favorite'],
      ['POST', '/api/classification/favorite'],
      ['DELETE', '/api/classification/favorite/2'],
    ] as const) {
      const payload = method === 'POST' ? { category_id: 2 } : undefined;
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
  });
});

describe('GET/PUT {kind}/{id}/classification/', () => {
  it('classifies a record (owner or agent), records the event, shows it to readers', async () => {
    for (const kind of ['ticket', 'content'] as const) {
      const r = await newRecord(env, kind, alice.token);
      const url = `/api/${kind}/${r.id}/classification/`;
      expect((await call('GET', url, alice.token)).json().data).toEqual([]);
      const put = await call('PUT', url, alice.token, { category_ids: [14, 2, 14] });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toEqual([
        node(2, 'Laptops', 'Hardware > Laptops'),
        node(14, 'VPN', 'Network > VPN'),
      ]);
      const byAgent = await call('PUT', url, agent.token, { category_ids: [15] });
      expect(byAgent.json().data).toEqual([node(15, 'Wi-Fi', 'Network > Wi-Fi')]);
      expect((await call('GET', url, alice.token)).json().data).toEqual(byAgent.json().data);

      await share(env, r.id, bob.id);
      expect((await call('GET', url, bob.token)).statusCode).toBe(200);
      const shared = await call('PUT', url, bob.token, { category_ids: [] });
      expect(shared.statusCode).toBe(403);
      expect(shared.json().message).toBe(READ_ONLY);

      const history = await call('GET', `/api/${kind}/${r.id}/history/`, alice.token);
      const classified = history
        .json()
        .data.filter((e: { action: string }) => e.action === 'classified');
      expect(classified).toMatchObject([
        { actor_name: 'Agent Tax', details: { names: ['Wi-Fi'] } },
        { actor_name: 'Alice Tax', details: { names: ['Laptops', 'VPN'] } },
      ]);
    }
  });

  it('answers 400 for unknown ids, 403 to readers, 404 to others, 401 anonymous', async () => {
    const r = await newRecord(env, 'content', alice.token);
    const url = `/api/content/${r.id}/classification/`;
    const unknown = await call('PUT', url, alice.token, { category_ids: [1, 9999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      category_ids: 'Choose categories from the classification.',
    });
    expect((await call('PUT', url, alice.token, {})).statusCode).toBe(400);
    const badId = await call('GET', '/api/content/x/classification/', alice.token);
    expect(badId.statusCode).toBe(400);
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { category_ids: [] } : undefined;
      const other = await call(method, url, bob.token, payload);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(NOT_FOUND);
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
    await makeSearchable(env, r.id);
    // Searchable content: readable by everyone, changeable by the owner and agents only.
    const reader = await call('PUT', url, bob.token, { category_ids: [] });
    expect(reader.statusCode).toBe(403);
    expect(reader.json().message).toBe(READ_ONLY);
  });
});
