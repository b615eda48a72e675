// Search by a record's tags and by its text custom fields (migration 036): the words follow
// every change (a record's tags and values, a tag's rename, merge and delete, a field's
// activation and visibility), agents match every text field, requesters only those shown to them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, newContent, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let alice: Person;
let bob: Person;
const fieldIds: Record<string, number> = {};

const define = async (field: object) => {
  const res = await call('POST', '/api/custom-fields', admin.token, {
    label_en: 'Label',
    label_es: 'Etiqueta',
    ...field,
  });
  expect(res.statusCode, res.body).toBe(200);
  const made = res.json().data as { id: number; key: string };
  fieldIds[made.key] = made.id;
};

async function found(who: Person, q: string, type: 'T' | 'C' = 'T'): Promise<number[]> {
  const res = await call('POST', '/api/search/query', who.token, { q, type });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { id: number }[]).map((i) => i.id);
}

/** The stored vector has the lexemes a rebuild from the record's columns gives. */
async function consistent(id: number): Promise<boolean> {
  const { rows } = await env.db.query<{ same: boolean }>(
    `SELECT search_vector = record_search_vector(id, object_type, title, body) AS same
       FROM records WHERE id = $1`,
    [id],
  );
  return rows[0].same;
}

async function editField(key: string, change: object) {
  const got = await call('GET', '/api/custom-fields?object_type=T', admin.token);
  const field = (got.json().data.fields as { id: number; key: string }[]).find(
    (f) => f.key === key,
  ) as Record<string, unknown>;
  const res = await call('PUT', `/api/custom-fields/${fieldIds[key]}`, admin.token, {
    label_en: field.label_en,
    label_es: field.label_es,
    shown_to_requesters: field.shown_to_requesters,
    active: field.active,
    version: field.version,
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setFields(id: number, fields: object) {
  const rec = (await call('GET', `/api/ticket/${id}/`, agent.token)).json().data;
  const version = (await call('GET', '/api/custom-fields?object_type=T', agent.token)).json().data
    .version;
  const res = await call('PUT', `/api/ticket/${id}/`, agent.token, {
    version: rec.version,
    fields,
    fields_version: version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  admin = await person(env, 'Admin Findtags', true, true);
  agent = await person(env, 'Agent Findtags', true);
  alice = await person(env, 'Alice Findtags');
  bob = await person(env, 'Bob Findtags');
  await define({ object_type: 'T', key: 'serial', type: 'text', shown_to_requesters: true });
  await define({ object_type: 'T', key: 'contract', type: 'long_text' });
  await define({ object_type: 'T', key: 'units', type: 'number', shown_to_requesters: true });
  await define({ object_type: 'C', key: 'vendor', type: 'text', shown_to_requesters: true });
});
afterAll(() => env?.close());

describe('search by tag', () => {
  it("finds a record by a tag's name and follows adding, renaming, merging and removing", async () => {
    const t = await newTicket(env, alice.token, { subject: 'Screen flickers' });
    const other = await newTicket(env, bob.token, { subject: 'Screen flickers too' });
    expect(await found(alice, 'gizmotron')).toEqual([]);

    const added = await call('POST', `/api/ticket/${t.id}/tags/`, agent.token, {
      name: 'Gizmotron',
    });
    expect(added.statusCode, added.body).toBe(200);
    const tagId = (added.json().data as { id: number; name: string }[])[0].id;
    // Its requester and agents find it by the tag, stemmed like the text; nobody else does.
    expect(await found(alice, 'gizmotron')).toEqual([t.id]);
    expect(await found(agent, 'gizmotrons')).toEqual([t.id]);
    expect(await found(alice, 'gizmo')).toEqual([t.id]);
    expect(await found(bob, 'gizmotron')).toEqual([]);
    expect(await consistent(t.id)).toBe(true);

    // A title match still ranks above a tag match.
    const titled = await newTicket(env, alice.token, { subject: 'Gizmotron is broken' });
    expect(await found(alice, 'gizmotron')).toEqual([titled.id, t.id]);

    const renamed = await call('PUT', `/api/tags/${tagId}`, admin.token, { name: 'Whirligig' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found(alice, 'whirligig')).toEqual([t.id]);
    expect(await found(alice, 'gizmotron')).toEqual([titled.id]);
    expect(await consistent(t.id)).toBe(true);

    const into = await call('POST', `/api/ticket/${other.id}/tags/`, agent.token, {
      name: 'Doohickey',
    });
    const intoId = (into.json().data as { id: number }[])[0].id;
    const merged = await call('POST', `/api/tags/${tagId}/merge`, admin.token, { into_id: intoId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await found(agent, 'whirligig')).toEqual([]);
    expect((await found(agent, 'doohickey')).sort()).toEqual([t.id, other.id].sort());

    const removed = await call('DELETE', `/api/ticket/${t.id}/tags/${intoId}`, agent.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await found(agent, 'doohickey')).toEqual([other.id]);
    expect(await consistent(t.id)).toBe(true);

    const deleted = await call('DELETE', `/api/tags/${intoId}`, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await found(agent, 'doohickey')).toEqual([]);
  });

  it('a new reply after the tags still finds both (the appended words keep the tags)', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Dock station' });
    await call('POST', `/api/ticket/${t.id}/tags/`, agent.token, { name: 'thunderbolt' });
    const reply = await call('POST', `/api/ticket/${t.id}/communication/`, agent.token, {
      body: '<p>The quasar cable is loose.</p>',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await found(agent, 'thunderbolt quasar')).toEqual([t.id]);
  });
});

describe('search by text custom fields', () => {
  it('agents find every active text field; requesters only those shown to them', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Laptop battery' });
    await setFields(t.id, { serial: 'SN4471XQ', contract: 'Frameworkagreement Pelican', units: 3 });
    expect(await consistent(t.id)).toBe(true);

    // Shown to requesters: everyone who reads the ticket.
    expect(await found(alice, 'sn4471xq')).toEqual([t.id]);
    expect(await found(agent, 'SN4471XQ')).toEqual([t.id]);
    expect(await found(bob, 'sn4471xq')).toEqual([]);
    // Agents only: the requester of the very ticket never matches through it, not even with the
    // rest of the words matching or as a prefix.
    expect(await found(agent, 'pelican')).toEqual([t.id]);
    expect(await found(agent, 'frameworkagreements')).toEqual([t.id]);
    expect(await found(alice, 'pelican')).toEqual([]);
    expect(await found(alice, 'laptop pelican')).toEqual([]);
    expect(await found(alice, 'pelic')).toEqual([]);
    expect(await found(alice, 'laptop')).toEqual([t.id]);
    // A number field is not text.
    expect(await found(agent, '3 ')).toEqual([]);

    // Shown to requesters later: they find it; deactivated: nobody does; active again: back.
    await editField('contract', { shown_to_requesters: true });
    expect(await found(alice, 'pelican')).toEqual([t.id]);
    await editField('contract', { active: false });
    expect(await found(agent, 'pelican')).toEqual([]);
    expect(await found(alice, 'pelican')).toEqual([]);
    await editField('contract', { active: true, shown_to_requesters: false });
    expect(await found(agent, 'pelican')).toEqual([t.id]);
    expect(await found(alice, 'pelican')).toEqual([]);
    expect(await consistent(t.id)).toBe(true);

    // A changed value: the old words go, the new ones come; a removed value's go.
    await setFields(t.id, { serial: 'SN9000ZZ', contract: null });
    expect(await found(agent, 'sn4471xq')).toEqual([]);
    expect(await found(alice, 'sn9000zz')).toEqual([t.id]);
    expect(await found(agent, 'pelican')).toEqual([]);
  });

  it('a requester’s words with a quote in their lexeme (unaccent makes ʼ one) still search', async () => {
    const t = await newTicket(env, alice.token, { subject: 'Dʼartagnan badge expired' });
    expect(await found(alice, 'dʼartagnan')).toEqual([t.id]);
    expect(await found(alice, 'dʼartagnan badg')).toEqual([t.id]);
    expect(await found(bob, 'dʼartagnan ')).toEqual([]);
  });

  it('content items: readers find a searchable article by a field shown to them', async () => {
    const c = await newContent(env, agent.token, {
      title: 'Docking guide',
      fields: { vendor: 'Contoso Dockworks' },
    });
    await env.db.query('UPDATE records SET searchable = true, status_id = 7 WHERE id = $1', [c.id]);
    expect(await found(bob, 'dockworks', 'C')).toEqual([c.id]);
    expect(await found(agent, 'contoso', 'C')).toEqual([c.id]);
  });
});
