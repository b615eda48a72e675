// Tags: the type-ahead, a record's tags (add by name or id, remove), their history and live
// events, the lists' any/all filter, search by tag, bulk add/remove, and the admins' operations.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../../db/pool.js';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { eventually } from './work-helpers.js';
import {
  caller,
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
let admin: Person;
let listener: pg.Client;
const heard: { type: string | null; record_id: number }[] = [];

const NAME_MESSAGE = 'A tag must be 1 to 50 characters.';
const ONE_LINE =
  'This text must be one line: line breaks, tabs and control characters are not allowed.';
const ADMINS_ONLY = 'Only administrators can do this.';

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  alice = await person(env, 'Alice Tag');
  bob = await person(env, 'Bob Tag');
  agent = await person(env, 'Agent Tag', true);
  const a = await createUser(env, { fullname: 'Admin Tag', hde: true, admin: true });
  admin = {
    id: a.id,
    token: await tokenFor(env, a.email, a.password),
    fullname: 'Admin Tag',
    email: a.email,
  };
  listener = await connectClient(env.database.url);
  listener.on('notification', (n) => heard.push(JSON.parse(n.payload ?? '{}')));
  await listener.query('LISTEN helpdesk_events');
});
afterAll(async () => {
  await listener?.end();
  await env?.close();
});

const names = (tags: { name: string }[]) => tags.map((t) => t.name);

async function tag(kind: 'ticket' | 'content', id: number, token: string, body: object) {
  return call('POST', `/api/${kind}/${id}/tags/`, token, body);
}

describe('a record’s tags', () => {
  it('adds by name (made on the fly, trimmed, any case) and by id; the record and its row carry them', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    heard.length = 0;
    const first = await tag('ticket', t.id, agent.token, { name: '  Billing  ' });
    expect(first.statusCode).toBe(200);
    expect(names(first.json().data)).toEqual(['Billing']);
    const billing = first.json().data[0].id as number;
    // The same name in another case is the same tag; adding it again changes nothing.
    const again = await tag('ticket', t.id, agent.token, { name: 'BILLING' });
    expect(again.json().data).toEqual([{ id: billing, name: 'Billing' }]);
    const byOwner = await tag('ticket', t.id, alice.token, { name: 'another' });
    expect(names(byOwner.json().data)).toEqual(['another', 'Billing']);
    const details = await call('GET', `/api/ticket/${t.id}/`, alice.token);
    expect(names(details.json().data.tags)).toEqual(['another', 'Billing']);
    const list = await call('POST', '/api/search/ticket/my', alice.token, {});
    const row = list.json().data.items.find((i: { id: number }) => i.id === t.id);
    expect(names(row.tags)).toEqual(['another', 'Billing']);
    // History: one `tagged` event per change, none for the repeat.
    const history = await call('GET', `/api/ticket/${t.id}/history/`, alice.token);
    const tagged = history
      .json()
      .data.filter((e: { action: string }) => e.action === 'tagged')
      .map((e: { details: { name: string } }) => e.details.name);
    expect(tagged.sort()).toEqual(['Billing', 'another']);
    // Live: the events are announced.
    await eventually(() =>
      expect(heard.filter((e) => e.type === 'tagged' && e.record_id === t.id)).toHaveLength(2),
    );

    const removed = await call('DELETE', `/api/ticket/${t.id}/tags/${billing}`, agent.token);
    expect(names(removed.json().data)).toEqual(['another']);
    const history2 = await call('GET', `/api/ticket/${t.id}/history/`, alice.token);
    expect(history2.json().data.some((e: { action: string }) => e.action === 'untagged')).toBe(
      true,
    );
    // Removing a tag the record does not carry changes nothing.
    const none = await call('DELETE', `/api/ticket/${t.id}/tags/${billing}`, agent.token);
    expect(names(none.json().data)).toEqual(['another']);
    const byId = await tag('ticket', t.id, agent.token, { tag_id: billing });
    expect(names(byId.json().data)).toEqual(['another', 'Billing']);
  });

  it('answers 400 with a field message for an empty, too long or multi-line name', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    for (const name of ['', '   ', 'x'.repeat(51)]) {
      const res = await tag('ticket', t.id, agent.token, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: NAME_MESSAGE });
    }
    const fifty = await tag('ticket', t.id, agent.token, { name: 'y'.repeat(50) });
    expect(fifty.statusCode).toBe(200);
    for (const name of ['a\nb', 'tab\there', 'bell\u0007']) {
      const res = await tag('ticket', t.id, agent.token, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: ONE_LINE });
    }
    const neither = await tag('ticket', t.id, agent.token, {});
    expect(neither.json().fields).toEqual({ name: 'Type a tag or choose one.' });
    const unknown = await tag('ticket', t.id, agent.token, { tag_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ tag_id: 'Choose a tag.' });
  });

  it('answers 404 to whom cannot see the record, 403 to whom it is shared with', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    const hidden = await tag('ticket', t.id, bob.token, { name: 'nosy' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(NOT_FOUND);
    expect((await call('DELETE', `/api/ticket/${t.id}/tags/1`, bob.token)).statusCode).toBe(404);
    await share(env, t.id, bob.id);
    const shared = await tag('ticket', t.id, bob.token, { name: 'nosy' });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().message).toBe(READ_ONLY);
    // Nothing was made by the refused calls.
    const found = await call('GET', '/api/tags/?q=nosy', agent.token);
    expect(found.json().data).toEqual([]);
  });

  it('tags content items too', async () => {
    const c = await newRecord(env, 'content', alice.token);
    const res = await tag('content', c.id, alice.token, { name: 'howto' });
    expect(names(res.json().data)).toEqual(['howto']);
    const details = await call('GET', `/api/content/${c.id}/`, alice.token);
    expect(names(details.json().data.tags)).toEqual(['howto']);
  });
});

describe('GET tags/', () => {
  it('finds tags containing the text, those starting with it first', async () => {
    const t = await newRecord(env, 'ticket', alice.token);
    await tag('ticket', t.id, agent.token, { name: 'zz-printer' });
    await tag('ticket', t.id, agent.token, { name: 'Printer jam' });
    const res = await call('GET', '/api/tags/?q=PRINT', alice.token);
    expect(res.statusCode).toBe(200);
    expect(names(res.json().data)).toEqual(['Printer jam', 'zz-printer']);
    const ids = res.json().data.map((x: { id: number }) => x.id);
    const byIds = await call('GET', `/api/tags/?ids=${ids[1]}&ids=${ids[0]}`, alice.token);
    expect(names(byIds.json().data)).toEqual(['Printer jam', 'zz-printer']);
    const one = await call('GET', '/api/tags/?q=print&limit=1', alice.token);
    expect(names(one.json().data)).toEqual(['Printer jam']);
    const bad = await call('GET', '/api/tags/?limit=0', alice.token);
    expect(bad.json().fields).toEqual({ limit: 'Limit must be 1 to 100.' });
    expect((await call('GET', '/api/tags/')).statusCode).toBe(401);
  });
});

describe('lists, search and bulk by tag', () => {
  it('filters by any of and all of the tags; saved views keep the filter', async () => {
    const a = await newRecord(env, 'ticket', alice.token);
    const b = await newRecord(env, 'ticket', alice.token);
    const c = await newRecord(env, 'ticket', alice.token);
    const red = (await tag('ticket', a.id, agent.token, { name: 'red' })).json().data[0].id;
    await tag('ticket', b.id, agent.token, { tag_id: red });
    const blue = (await tag('ticket', b.id, agent.token, { name: 'blue' })).json().data;
    const blueId = blue.find((x: { name: string }) => x.name === 'blue').id;
    await tag('ticket', c.id, agent.token, { tag_id: blueId });
    const ids = async (filters: object) => {
      const res = await call('POST', '/api/search/ticket/hd', agent.token, { filters });
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.items.map((i: { id: number }) => i.id)
        .sort((x: number, y: number) => x - y);
    };
    expect(await ids({ tag_ids: [red] })).toEqual([a.id, b.id]);
    expect(await ids({ tag_ids: [red, blueId] })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ tag_ids: [red, blueId], tag_mode: 'all' })).toEqual([b.id]);
    const bad = await call('POST', '/api/search/ticket/hd', agent.token, {
      filters: { tag_ids: [] },
    });
    expect(bad.statusCode).toBe(400);
    const view = await call('POST', '/api/views/', agent.token, {
      name: 'Red and blue',
      object_type: 'T',
      filters: { tag_ids: [red, blueId], tag_mode: 'all' },
      sort: '-created_at',
      columns: ['title'],
      shared: false,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.filters).toEqual({ tag_ids: [red, blueId], tag_mode: 'all' });
  });

  it('search finds records by tag', async () => {
    const t = await newRecord(env, 'ticket', alice.token, { subject: 'Keyboard sticky keys' });
    const other = await newRecord(env, 'ticket', alice.token, { subject: 'Keyboard missing' });
    const sticky = (await tag('ticket', t.id, agent.token, { name: 'sticky' })).json().data[0].id;
    const res = await call('POST', '/api/search/query', alice.token, {
      q: 'keyboard',
      type: 'T',
      filters: { tag_ids: [sticky] },
    });
    expect(res.statusCode).toBe(200);
    const found = res.json().data.items.map((i: { id: number }) => i.id);
    expect(found).toEqual([t.id]);
    expect(found).not.toContain(other.id);
  });

  it('adds and removes a tag in bulk, each record through its own call', async () => {
    const a = await newRecord(env, 'ticket', alice.token);
    const b = await newRecord(env, 'ticket', bob.token);
    const made = await call('POST', '/api/tags/', admin.token, { name: 'bulk-tag' });
    const id = made.json().data.id;
    const add = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'tag_add',
      value: id,
      records: [{ id: a.id }, { id: b.id }, { id: 99999999 }],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.succeeded).toEqual([a.id, b.id]);
    expect(add.json().data.refused.map((r: { code: string }) => r.code)).toEqual(['not_found']);
    const tagged = await call('GET', `/api/ticket/${b.id}/`, bob.token);
    expect(names(tagged.json().data.tags)).toEqual(['bulk-tag']);
    const remove = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'tag_remove',
      value: id,
      filter: { filters: { tag_ids: [id] } },
    });
    expect(remove.json().data.succeeded.sort()).toEqual([a.id, b.id].sort());
    const after = await call('GET', `/api/ticket/${a.id}/`, alice.token);
    expect(after.json().data.tags).toEqual([]);
    const noValue = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'tag_add',
      records: [{ id: a.id }],
    });
    expect(noValue.statusCode).toBe(400);
  });
});

describe('administrators: usage, create, rename, merge, delete', () => {
  it('answers 403 to agents who are not administrators', async () => {
    const made = await call('POST', '/api/tags/', admin.token, { name: 'guarded' });
    const id = made.json().data.id;
    for (const [method, url, body] of [
      ['GET', '/api/tags/usage', undefined],
      ['POST', '/api/tags/', { name: 'x' }],
      ['PUT', `/api/tags/${id}`, { name: 'y' }],
      ['POST', `/api/tags/${id}/merge`, { into_id: id }],
      ['DELETE', `/api/tags/${id}`, undefined],
    ] as const) {
      const res = await call(method, url, agent.token, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(ADMINS_ONLY);
    }
  });

  it('creates and renames (409 on a taken name, 400 on a bad one, 404 on an unknown tag)', async () => {
    const made = await call('POST', '/api/tags/', admin.token, { name: 'Hardware' });
    expect(made.statusCode).toBe(200);
    const taken = await call('POST', '/api/tags/', admin.token, { name: ' hardware ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A tag with this name already exists.');
    const id = made.json().data.id;
    const renamed = await call('PUT', `/api/tags/${id}`, admin.token, { name: 'Hardware fault' });
    expect(renamed.json().data).toEqual({ id, name: 'Hardware fault' });
    // Its own name in another case is fine.
    const recased = await call('PUT', `/api/tags/${id}`, admin.token, { name: 'hardware fault' });
    expect(recased.statusCode).toBe(200);
    await call('POST', '/api/tags/', admin.token, { name: 'Other' });
    const clash = await call('PUT', `/api/tags/${id}`, admin.token, { name: 'OTHER' });
    expect(clash.statusCode).toBe(409);
    const long = await call('PUT', `/api/tags/${id}`, admin.token, { name: 'z'.repeat(51) });
    expect(long.json().fields).toEqual({ name: NAME_MESSAGE });
    const missing = await call('PUT', '/api/tags/999999', admin.token, { name: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('merges a tag into another (its records get it once, it goes) and deletes one', async () => {
    const a = await newRecord(env, 'ticket', alice.token);
    const b = await newRecord(env, 'ticket', alice.token);
    const from = (await tag('ticket', a.id, agent.token, { name: 'mrg-from' })).json().data[0];
    await tag('ticket', b.id, agent.token, { tag_id: from.id });
    const into = (await tag('ticket', b.id, agent.token, { name: 'mrg-into' })).json().data;
    const intoTag = into.find((x: { name: string }) => x.name === 'mrg-into');
    const usage = await call('GET', '/api/tags/usage', admin.token);
    const counted = usage.json().data.find((u: { id: number }) => u.id === from.id);
    expect(counted.used_by).toBe(2);
    const self = await call('POST', `/api/tags/${from.id}/merge`, admin.token, {
      into_id: from.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ into_id: 'Choose another tag to merge into.' });
    const unknown = await call('POST', `/api/tags/${from.id}/merge`, admin.token, {
      into_id: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    const merged = await call('POST', `/api/tags/${from.id}/merge`, admin.token, {
      into_id: intoTag.id,
    });
    expect(merged.json().data).toEqual({ into: intoTag, records: 2 });
    for (const id of [a.id, b.id]) {
      const d = await call('GET', `/api/ticket/${id}/`, alice.token);
      expect(d.json().data.tags).toEqual([intoTag]);
    }
    const history = await call('GET', `/api/ticket/${a.id}/history/`, alice.token);
    const event = history.json().data.find((e: { action: string }) => e.action === 'tag_merged');
    expect(event.details).toEqual({ from: 'mrg-from', to: 'mrg-into' });

    const deleted = await call('DELETE', `/api/tags/${intoTag.id}`, admin.token);
    expect(deleted.json().data).toEqual({ id: intoTag.id, records: 2 });
    const d = await call('GET', `/api/ticket/${a.id}/`, alice.token);
    expect(d.json().data.tags).toEqual([]);
    expect((await call('DELETE', `/api/tags/${intoTag.id}`, admin.token)).statusCode).toBe(404);
  });
});
