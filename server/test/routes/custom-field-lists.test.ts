// Custom fields in the record lists (docs/api-records.md "Lists", `filters.fields`, field sort):
// each type's filter, the checks that name the field, the requester's lists, the count, bulk on a
// filter, saved views and their counts, and the bulk `field_set` action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { caller, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let user: Person;
const ids: Record<string, number> = {};

const base = { label_en: 'Label', label_es: 'Etiqueta' };
const define = async (field: object) => {
  const res = await call('POST', '/api/custom-fields', admin.token, { ...base, ...field });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; version: number };
};
const choices = (...values: string[]) =>
  values.map((value) => ({ value, label_en: value, label_es: value }));

/** The hd ticket list's answer for a body; `ids` of its items in order. */
async function list(body: object, token = agent.token, scope = 'hd') {
  const res = await call('POST', `/api/search/ticket/${scope}`, token, { page_size: 100, ...body });
  return res;
}
async function listed(body: object, token = agent.token, scope = 'hd') {
  const res = await list(body, token, scope);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number }[]).map((i) => i.id);
}
const only = (...names: string[]) => names.map((n) => ids[n]);
/** The listed ids among this test's tickets, in list order. */
const ours = (listedIds: number[]) => listedIds.filter((id) => Object.values(ids).includes(id));

let inactiveId: number;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  const a = await createUser(env, { fullname: 'Admin Lists', hde: true, admin: true });
  admin = {
    id: a.id,
    email: a.email,
    fullname: 'Admin Lists',
    token: await tokenFor(env, a.email, a.password),
  };
  agent = await person(env, 'Agent Lists', true);
  user = await person(env, 'Requester Lists');
  await define({
    object_type: 'T',
    key: 'product',
    type: 'single_choice',
    shown_to_requesters: true,
    // The order of the choices is the sort's: zebra before apple.
    choices: choices('zebra', 'apple', 'mango'),
  });
  await define({ object_type: 'T', key: 'cost', type: 'number' });
  await define({ object_type: 'T', key: 'due', type: 'date' });
  await define({ object_type: 'T', key: 'seen_at', type: 'datetime' });
  await define({ object_type: 'T', key: 'urgent', type: 'checkbox' });
  await define({ object_type: 'T', key: 'note', type: 'text' });
  await define({ object_type: 'T', key: 'owner', type: 'agent' });
  await define({
    object_type: 'T',
    key: 'areas',
    type: 'multiple_choice',
    choices: choices('a', 'b'),
  });
  inactiveId = (await define({ object_type: 'T', key: 'old', type: 'text', active: false })).id;
  const make = async (name: string, fields: object) => {
    ids[name] = (await newTicket(env, user.token, { subject: `Lists ${name}` })).id;
    const t = await call('GET', `/api/ticket/${ids[name]}/`, agent.token);
    const put = await call('PUT', `/api/ticket/${ids[name]}/`, agent.token, {
      version: t.json().data.version,
      fields,
    });
    expect(put.statusCode, put.body).toBe(200);
  };
  await make('one', {
    product: 'apple',
    cost: 5,
    due: '2026-03-01',
    seen_at: '2026-03-01T10:00:00Z',
    urgent: true,
    note: 'Café machine broken',
    owner: agent.id,
    areas: ['a', 'b'],
  });
  await make('two', { product: 'zebra', cost: 50, due: '2026-05-01', urgent: false, note: 'VPN' });
  await make('three', { product: 'mango', cost: 12.5, seen_at: '2026-04-01T08:00:00+02:00' });
  await make('four', {});
});
afterAll(() => env.close());

describe('filtering the lists by custom fields', () => {
  it('filters each type with its operator', async () => {
    const f = (fields: object) => listed({ filters: { fields }, sort: 'id' }).then(ours);
    expect(await f({ product: { equals: 'apple' } })).toEqual(only('one'));
    expect(await f({ product: { any_of: ['apple', 'zebra'] } })).toEqual(only('one', 'two'));
    expect(await f({ cost: { from: 10 } })).toEqual(only('two', 'three'));
    expect(await f({ cost: { from: 5, to: 12.5 } })).toEqual(only('one', 'three'));
    expect(await f({ due: { to: '2026-03-01' } })).toEqual(only('one'));
    // 08:00 at +02:00 is 06:00 UTC: before 07:00 UTC.
    expect(await f({ seen_at: { from: '2026-04-01T07:00:00Z' } })).toEqual([]);
    expect(await f({ seen_at: { from: '2026-04-01T05:00:00Z' } })).toEqual(only('three'));
    expect(await f({ urgent: { equals: true } })).toEqual(only('one'));
    // Unticked: false or no value.
    expect(await f({ urgent: { equals: false } })).toEqual(only('two', 'three', 'four'));
    // Case- and accent-insensitive, like the text filter.
    expect(await f({ note: { contains: 'CAFE' } })).toEqual(only('one'));
    expect(await f({ owner: { equals: agent.id } })).toEqual(only('one'));
    expect(await f({ areas: { any_of: ['b'] } })).toEqual(only('one'));
    // Filters combine with AND, with each other and the built-in filters.
    expect(await f({ product: { any_of: ['apple', 'zebra'] }, cost: { to: 10 } })).toEqual(
      only('one'),
    );
  });

  it('counts a field-filtered list as a tag filter is counted (to 1,000)', async () => {
    const res = await list({ filters: { fields: { cost: { from: 1 } } } });
    expect(res.json().data.total).toBe(3);
    expect(res.json().data.total_is_capped).toBe(false);
  });

  it('answers 400 naming the field for an unknown or inactive field, or a wrong operator or value', async () => {
    const bad = async (fields: object, name: string, message: string) => {
      const res = await list({ filters: { fields } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[name]).toBe(message);
    };
    await bad(
      { nope: { equals: 'x' } },
      'filters.fields.nope',
      'There is no such field on this list.',
    );
    await bad(
      { old: { contains: 'x' } },
      'filters.fields.old',
      'This field is inactive: lists cannot be filtered or sorted by it.',
    );
    await bad(
      { product: { contains: 'x' } },
      'filters.fields.product',
      'Filter this field with equals or any_of, each one of its values.',
    );
    await bad(
      { product: { equals: 'pear' } },
      'filters.fields.product',
      'Filter this field with equals or any_of, each one of its values.',
    );
    await bad(
      { cost: { from: 'ten' } },
      'filters.fields.cost',
      'Filter this field with from and/or to, each a number.',
    );
    await bad(
      { due: { from: '2026-02-30' } },
      'filters.fields.due',
      'Filter this field with from and/or to, each a date (YYYY-MM-DD).',
    );
    await bad(
      { note: { equals: 'x' } },
      'filters.fields.note',
      'Filter this field with contains (at most 200 characters).',
    );
    await bad(
      { urgent: { equals: 'yes' } },
      'filters.fields.urgent',
      'Filter this field with equals: true or false.',
    );
    // In the caller's language.
    const spanish = await person(env, 'Agente Listas', true);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [spanish.id]);
    const es = await list({ filters: { fields: { nope: { equals: 'x' } } } }, spanish.token);
    expect(es.json().fields['filters.fields.nope']).toBe('No existe ese campo en esta lista.');
  });

  it("filters a requester's own list only by the fields shown to requesters", async () => {
    expect(
      await listed({ filters: { fields: { product: { equals: 'apple' } } } }, user.token, 'my'),
    ).toEqual(only('one'));
    const hidden = await list({ filters: { fields: { cost: { from: 1 } } } }, user.token, 'my');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields['filters.fields.cost']).toBe(
      'There is no such field on this list.',
    );
  });
});

describe('sorting by a custom field', () => {
  it('sorts by the value, nulls last either way, ties by id', async () => {
    const s = (sort: string) => listed({ sort }).then(ours);
    expect(await s('fields.cost')).toEqual(only('one', 'three', 'two', 'four'));
    expect(await s('-fields.cost')).toEqual(only('two', 'three', 'one', 'four'));
    // A single choice sorts in its choices' order (zebra, apple, mango).
    expect(await s('fields.product')).toEqual(only('two', 'one', 'three', 'four'));
    expect(await s('fields.due')).toEqual(only('one', 'two', 'three', 'four'));
    // Descending: ties (here: no value) by id descending too.
    expect(await s('-fields.urgent')).toEqual(only('one', 'two', 'four', 'three'));
    // A field-sorted list narrowed by a filter sorts the matches it read.
    expect(
      await listed({ sort: '-fields.cost', filters: { fields: { cost: { from: 1 } } } }).then(ours),
    ).toEqual(only('two', 'three', 'one'));
  });

  it('refuses a field that cannot sort, and an unknown one', async () => {
    const multi = await list({ sort: 'fields.areas' });
    expect(multi.statusCode).toBe(400);
    expect(multi.json().fields.sort).toBe(
      'Sort by a number, date, date-time, text, single choice or checkbox field.',
    );
    const unknown = await list({ sort: '-fields.nope' });
    expect(unknown.json().fields.sort).toBe('There is no such field on this list.');
  });
});

describe('saved views and bulk actions with a field filter', () => {
  it('keeps a view filtered and sorted by a field, counts it, and checks it', async () => {
    const body = {
      name: 'Apples',
      object_type: 'T',
      filters: { fields: { product: { equals: 'apple' } } },
      sort: '-fields.cost',
      columns: ['title', 'tags', 'fields.product'],
    };
    const saved = await call('POST', '/api/views/', agent.token, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.filters).toEqual(body.filters);
    expect(saved.json().data.columns).toEqual(body.columns);
    const counts = await call('GET', '/api/views/counts/', agent.token);
    expect(counts.json().data).toContainEqual({
      id: saved.json().data.id,
      count: 1,
      capped: false,
    });

    const bad = await call('POST', '/api/views/', agent.token, {
      ...body,
      filters: { fields: { old: { contains: 'x' } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['filters.fields.old']);

    // A field deactivated after the view was saved: the view counts nothing, the list says why.
    const def = (await call('GET', '/api/custom-fields?object_type=T', agent.token)).json().data
      .fields as { id: number; key: string; version: number }[];
    const product = def.find((d) => d.key === 'product');
    expect(product).toBeDefined();
    const off = await call('PUT', `/api/custom-fields/${product?.id}`, admin.token, {
      ...base,
      choices: choices('zebra', 'apple', 'mango'),
      shown_to_requesters: true,
      active: false,
      version: product?.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = await call('GET', '/api/views/counts/', agent.token);
    expect(after.json().data).toContainEqual({ id: saved.json().data.id, count: 0, capped: false });
    const on = await call('PUT', `/api/custom-fields/${product?.id}`, admin.token, {
      ...base,
      choices: choices('zebra', 'apple', 'mango'),
      shown_to_requesters: true,
      active: true,
      version: off.json().data.version,
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('sets one field on a list selection through the record edit (history, field errors)', async () => {
    const res = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'field_set',
      fields: { cost: 99 },
      filter: { filters: { fields: { product: { any_of: ['apple', 'zebra'] } } }, sort: 'id' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.succeeded).toEqual(only('one', 'two'));
    expect(
      await listed({ filters: { fields: { cost: { from: 99 } } }, sort: 'id' }).then(ours),
    ).toEqual(only('one', 'two'));
    const history = await call('GET', `/api/ticket/${ids.one}/history/`, agent.token);
    expect(JSON.stringify(history.json().data)).toContain('"fields.cost"');

    const wrong = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'field_set',
      fields: { product: 'pear' },
      records: [{ id: ids.one }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['fields.product']).toBe('Choose one of the field’s choices.');
    const unknown = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'field_set',
      fields: { old: 'x' },
      records: [{ id: ids.one }],
    });
    expect(unknown.json().fields['fields.old']).toBe('There is no such field on this record.');
    const none = await call('POST', '/api/records/bulk', agent.token, {
      object_type: 'T',
      action: 'field_set',
      records: [{ id: ids.one }],
    });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().fields)).toEqual(['fields']);
    expect(inactiveId).toBeGreaterThan(0);
  });
});
