// Custom field values on tickets and content items (docs/api-records.md "Custom fields"): the
// `fields` object on create, edit, the record, its details and the lists; checked against the
// active definitions; defaults; requesters' limits; history; and the set version's 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { caller, newContent, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let user: Person;
let other: Person;

const base = { label_en: 'Label', label_es: 'Etiqueta' };
const define = async (field: object) => {
  const res = await call('POST', '/api/custom-fields', admin.token, { ...base, ...field });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
};
const fieldsVersion = async (type: 'T' | 'C') =>
  (await call('GET', `/api/custom-fields?object_type=${type}`, agent.token)).json().data
    .version as number;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  const a = await createUser(env, { fullname: 'Admin Values', hde: true, admin: true });
  admin = {
    id: a.id,
    email: a.email,
    fullname: 'Admin Values',
    token: await tokenFor(env, a.email, a.password),
  };
  agent = await person(env, 'Agent Values', true);
  user = await person(env, 'Requester Values');
  other = await person(env, 'Other Values');
  await define({
    object_type: 'T',
    key: 'product',
    type: 'single_choice',
    shown_to_requesters: true,
    editable_by_requesters: true,
    choices: [
      { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
      { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
    ],
    default_value: 'printer',
  });
  await define({ object_type: 'T', key: 'shown', type: 'number', shown_to_requesters: true });
  await define({ object_type: 'T', key: 'secret', type: 'text' });
  await define({ object_type: 'T', key: 'owner', type: 'agent' });
  await define({ object_type: 'T', key: 'hr_only', type: 'checkbox', hd_ids: [4] });
  await define({
    object_type: 'C',
    key: 'audience',
    type: 'multiple_choice',
    choices: [
      { value: 'staff', label_en: 'Staff', label_es: 'Personal' },
      { value: 'guests', label_en: 'Guests', label_es: 'Invitados' },
    ],
  });
});
afterAll(() => env.close());

describe('fields on tickets', () => {
  it('stores what a requester sets, fills defaults, and shows requesters only their fields', async () => {
    const given = await newTicket(env, user.token, { fields: { product: 'laptop' } });
    expect(given.fields).toEqual({ product: 'laptop' });
    const defaulted = await newTicket(env, user.token);
    expect(defaulted.fields).toEqual({ product: 'printer' });
    // An explicit null is "no value", over the default.
    const none = await newTicket(env, user.token, { fields: { product: null } });
    expect(none.fields).toEqual({});

    // An agent sets the fields requesters do not see; the requester's answers leave them out.
    const put = await call('PUT', `/api/ticket/${given.id}/`, agent.token, {
      version: given.version,
      fields: { secret: 'S-1', shown: 3, owner: agent.id },
      fields_version: await fieldsVersion('T'),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.fields).toEqual({
      product: 'laptop',
      secret: 'S-1',
      shown: 3,
      owner: agent.id,
    });
    const mine = (await call('GET', `/api/ticket/${given.id}/`, user.token)).json().data;
    expect(mine.fields).toEqual({ product: 'laptop', shown: 3 });
    const details = (await call('GET', `/api/ticket/${given.id}/details/`, user.token)).json();
    expect(details.data.record.fields).toEqual({ product: 'laptop', shown: 3 });
    const list = (await call('POST', '/api/search/ticket/my', user.token, { page_size: 50 })).json()
      .data.items as { id: number; fields: object }[];
    expect(list.find((i) => i.id === given.id)?.fields).toEqual({ product: 'laptop', shown: 3 });
    const hd = (await call('POST', '/api/search/ticket/hd', agent.token, { page_size: 50 })).json()
      .data.items as { id: number; fields: object }[];
    expect(hd.find((i) => i.id === given.id)?.fields).toMatchObject({ secret: 'S-1' });

    // The requester's save keeps what they cannot see; a shown field sent back unchanged is fine.
    const edit = await call('PUT', `/api/ticket/${given.id}/`, user.token, {
      version: mine.version,
      fields: { product: 'printer', shown: 3 },
    });
    expect(edit.statusCode).toBe(200);
    const stored = (await call('GET', `/api/ticket/${given.id}/`, agent.token)).json().data;
    expect(stored.fields).toEqual({ product: 'printer', secret: 'S-1', shown: 3, owner: agent.id });

    // Each change is in the history, with what it was and became.
    const history = (await call('GET', `/api/ticket/${given.id}/history/`, agent.token)).json()
      .data;
    const updates = JSON.stringify(history);
    expect(updates).toContain('"fields.secret":{"from":null,"to":"S-1"}');
    expect(updates).toContain('"fields.product":{"from":"laptop","to":"printer"}');
    // The requester's history leaves out the fields not shown to them, as the record does.
    for (const url of [`/api/ticket/${given.id}/history/`, `/api/ticket/${given.id}/details/`]) {
      const theirs = JSON.stringify((await call('GET', url, user.token)).json().data);
      expect(theirs).toContain('"fields.product":{"from":"laptop","to":"printer"}');
      expect(theirs).not.toContain('secret');
      expect(theirs).not.toContain('S-1');
    }
  });

  it('answers 400 naming the field for unknown keys, wrong values and other desks', async () => {
    const bad = await call('POST', '/api/ticket/', agent.token, {
      subject: 'Bad fields',
      description: '<p>x</p>',
      priority_id: 2,
      fields: { nope: 1, product: 'phone', shown: 'three', owner: user.id, hr_only: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'fields.nope': 'There is no such field on this record.',
      'fields.product': 'Choose one of the field’s choices.',
      'fields.shown': 'Enter a number.',
      'fields.owner': 'Choose a helpdesk agent.',
      'fields.hr_only': 'There is no such field on this record.',
    });
    // In the caller's language.
    const spanish = await createUser(env);
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [spanish.id]);
    const es = await call(
      'POST',
      '/api/ticket/',
      await tokenFor(env, spanish.email, spanish.password),
      {
        subject: 'x',
        description: '<p>x</p>',
        priority_id: 2,
        fields: { nope: 1 },
      },
    );
    expect(es.statusCode).toBe(400);
    expect(es.json().fields['fields.nope']).toBe('Este registro no tiene ese campo.');
    // Not an object at all.
    const notObject = await call('POST', '/api/ticket/', user.token, {
      subject: 'x',
      description: '<p>x</p>',
      priority_id: 2,
      fields: [1],
    });
    expect(notObject.statusCode).toBe(400);
    // A field of desk 4 is a field there.
    const hr = await newTicket(env, agent.token, { hd_id: 4, fields: { hr_only: true } });
    expect(hr.fields).toMatchObject({ hr_only: true });
  });

  it('lets requesters set only the fields editable by requesters', async () => {
    const res = await call('POST', '/api/ticket/', user.token, {
      subject: 'Sneaky',
      description: '<p>x</p>',
      priority_id: 2,
      fields: { secret: 'mine', shown: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'fields.secret': 'Only helpdesk agents can set this field.',
      'fields.shown': 'Only helpdesk agents can set this field.',
    });
  });

  it('answers 409 to a save whose form predates a change of the definitions', async () => {
    const t = await newTicket(env, agent.token);
    const version = await fieldsVersion('T');
    await define({ object_type: 'T', key: 'late', type: 'text' });
    const res = await call('PUT', `/api/ticket/${t.id}/`, agent.token, {
      version: t.version,
      fields: { secret: 'x' },
      fields_version: version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/The custom fields changed while you were editing/);
    const create = await call('POST', '/api/ticket/', agent.token, {
      subject: 'Stale form',
      description: '<p>x</p>',
      priority_id: 2,
      fields_version: version,
    });
    expect(create.statusCode).toBe(409);
    // Nothing was written.
    const now = (await call('GET', `/api/ticket/${t.id}/`, agent.token)).json().data;
    expect(now).toMatchObject({ version: t.version, fields: { product: 'printer' } });
  });

  it('enforces required-when-raising on requesters and required-for-agents on agents', async () => {
    const asked = await define({
      object_type: 'T',
      key: 'urgent_reason',
      type: 'text',
      shown_to_requesters: true,
      editable_by_requesters: true,
      required_when_raising: true,
    });
    const raw = { subject: 'Needs a reason', description: '<p>x</p>', priority_id: 2 };
    const missing = await call('POST', '/api/ticket/', user.token, raw);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ 'fields.urgent_reason': 'This field is required.' });
    // A draft may leave it out; submitting the draft may not.
    const draft = await newTicket(env, user.token, { is_draft: true });
    const submit = await call('PUT', `/api/ticket/${draft.id}/`, user.token, {
      version: draft.version,
      is_draft: false,
    });
    expect(submit.json().fields).toEqual({ 'fields.urgent_reason': 'This field is required.' });
    const ok = await newTicket(env, user.token, { fields: { urgent_reason: 'Down' } });
    // An agent raising one is not a requester raising it.
    const byAgent = await newTicket(env, agent.token);
    expect(byAgent.fields).not.toHaveProperty('urgent_reason');
    await call('PUT', `/api/custom-fields/${asked.id}`, admin.token, {
      ...base,
      version: asked.version,
      hd_ids: [],
      choices: [],
      default_value: null,
      shown_to_requesters: true,
      editable_by_requesters: true,
      required_when_raising: false,
      required_for_agents: true,
      active: true,
      help_en: '',
      help_es: '',
    });
    const agentSave = await call('PUT', `/api/ticket/${byAgent.id}/`, agent.token, {
      version: byAgent.version,
      subject: 'Renamed',
    });
    expect(agentSave.statusCode).toBe(400);
    expect(agentSave.json().fields).toEqual({ 'fields.urgent_reason': 'This field is required.' });
    // The requester's own edit is not an agent's save.
    const mine = await call('PUT', `/api/ticket/${ok.id}/`, user.token, {
      version: ok.version,
      fields: { urgent_reason: null },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('keeps a ticket BOLA-safe: a stranger cannot read or write its fields', async () => {
    const t = await newTicket(env, user.token, { fields: { product: 'laptop' } });
    expect((await call('GET', `/api/ticket/${t.id}/`, other.token)).statusCode).toBe(404);
    const res = await call('PUT', `/api/ticket/${t.id}/`, other.token, {
      version: t.version,
      fields: { product: 'printer' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('fields on content items', () => {
  it('checks and stores the content fields', async () => {
    const c = await newContent(env, agent.token, { fields: { audience: ['staff', 'guests'] } });
    expect(c.fields).toEqual({ audience: ['staff', 'guests'] });
    const bad = await call('PUT', `/api/content/${c.id}/`, agent.token, {
      version: c.version,
      fields: { audience: ['staff', 'staff'], product: 'printer' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'fields.audience': 'Choose among the field’s choices, each at most once.',
      'fields.product': 'There is no such field on this record.',
    });
  });
});

describe('the forms’ definitions come with their lookups', () => {
  it('GET helpdesk/?object_type= carries the kind’s fields as the caller may see them', async () => {
    const forAgent = (await call('GET', '/api/helpdesk/?object_type=T', agent.token)).json();
    expect(forAgent.data[0]).toMatchObject({ hd_id: 1 });
    expect(forAgent.custom_fields.version).toBe(await fieldsVersion('T'));
    expect(forAgent.custom_fields.fields.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['product', 'shown', 'secret', 'owner', 'hr_only']),
    );
    const forUser = (await call('GET', '/api/helpdesk/?object_type=T', user.token)).json();
    const keys = forUser.custom_fields.fields.map((f: { key: string }) => f.key);
    expect(keys).toContain('product');
    expect(keys).not.toContain('secret');
    const content = (await call('GET', '/api/helpdesk/?object_type=C', user.token)).json();
    expect(content.custom_fields.fields).toEqual([]);
    expect(content).not.toHaveProperty('company_id');
    const all = (await call('GET', '/api/helpdesk/', user.token)).json();
    expect(all).not.toHaveProperty('custom_fields');
  });

  it('gives a ticket form the caller’s primary organization as its company', async () => {
    expect((await call('GET', '/api/helpdesk/?object_type=T', other.token)).json().company_id).toBe(
      null,
    );
    const org = await call('POST', '/api/organizations', admin.token, { name: 'Form Org' });
    expect(org.statusCode).toBe(200);
    const id = org.json().data.organization.id as number;
    const member = await call('PUT', `/api/organizations/${id}/members/${other.id}`, admin.token, {
      is_primary: true,
    });
    expect(member.statusCode).toBe(200);
    expect((await call('GET', '/api/helpdesk/?object_type=T', other.token)).json().company_id).toBe(
      id,
    );
  });

  it('GET contact/ carries the tickets’ fields for the contact form', async () => {
    const res = (await call('GET', '/api/contact/', user.token)).json();
    expect(res.data.length).toBeGreaterThan(0);
    const keys = res.custom_fields.fields.map((f: { key: string }) => f.key);
    expect(keys).toContain('product');
    expect(keys).not.toContain('secret');
  });
});

describe('fields on organizations', () => {
  it('lets agents set an organization’s values, checked like a record’s, with history', async () => {
    await define({
      object_type: 'O',
      key: 'tier',
      type: 'single_choice',
      choices: [
        { value: 'gold', label_en: 'Gold', label_es: 'Oro' },
        { value: 'silver', label_en: 'Silver', label_es: 'Plata' },
      ],
    });
    await define({ object_type: 'O', key: 'contract', type: 'text' });
    const version = (await call('GET', '/api/custom-fields?object_type=O', agent.token)).json().data
      .version as number;
    const org = await call('POST', '/api/organizations', admin.token, { name: 'Fields Org' });
    const id = org.json().data.organization.id as number;
    expect(org.json().data.fields).toEqual({});
    const url = `/api/organizations/${id}/fields`;

    const saved = await call('PUT', url, agent.token, {
      fields: { tier: 'gold', contract: 'C-1' },
      fields_version: version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.fields).toEqual({ tier: 'gold', contract: 'C-1' });
    const cleared = await call('PUT', url, agent.token, {
      fields: { contract: null },
      fields_version: version,
    });
    expect(cleared.json().data.fields).toEqual({ tier: 'gold' });
    expect((await call('GET', `/api/organizations/${id}`, agent.token)).json().data.fields).toEqual(
      { tier: 'gold' },
    );
    const { rows } = await env.db.query<{ details: { changes: object } }>(
      `SELECT details FROM admin_events
        WHERE action = 'organization_fields_changed' AND target_id = $1 ORDER BY id`,
      [id],
    );
    expect(rows.map((r) => r.details.changes)).toEqual([
      {
        'fields.tier': { from: null, to: 'gold' },
        'fields.contract': { from: null, to: 'C-1' },
      },
      { 'fields.contract': { from: 'C-1', to: null } },
    ]);

    const bad = await call('PUT', url, agent.token, {
      fields: { tier: 'bronze', nope: 1 },
      fields_version: version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'fields.tier': 'Choose one of the field’s choices.',
      'fields.nope': 'There is no such field on this record.',
    });
    const stale = await call('PUT', url, agent.token, {
      fields: { tier: 'silver' },
      fields_version: version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call('PUT', url, user.token, { fields: {}, fields_version: version })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', '/api/organizations/999999/fields', agent.token, {
          fields: {},
          fields_version: version,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('fields on users', () => {
  it('lets agents read and set a user’s values; requesters get 403', async () => {
    await define({ object_type: 'U', key: 'vip', type: 'checkbox' });
    const version = (await call('GET', '/api/custom-fields?object_type=U', agent.token)).json().data
      .version as number;
    const url = `/api/users/${other.id}/fields`;
    expect((await call('GET', url, agent.token)).json().data).toEqual({ id: other.id, fields: {} });
    const saved = await call('PUT', url, agent.token, {
      fields: { vip: true },
      fields_version: version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ id: other.id, fields: { vip: true } });
    expect((await call('GET', url, agent.token)).json().data.fields).toEqual({ vip: true });
    const { rows } = await env.db.query<{ details: { fields: string[] } }>(
      `SELECT details FROM admin_events WHERE action = 'user_fields_changed' AND target_id = $1`,
      [other.id],
    );
    expect(rows.map((r) => r.details.fields)).toEqual([['fields.vip']]);
    const wrong = await call('PUT', url, agent.token, {
      fields: { vip: 'yes' },
      fields_version: version,
    });
    expect(wrong.json().fields).toEqual({ 'fields.vip': 'Answer true or false.' });
    expect((await call('GET', url, user.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/99999999/fields', agent.token)).statusCode).toBe(404);
    // Deleting the field counts and clears the users' values.
    const fieldId = (await call('GET', '/api/custom-fields?object_type=U', agent.token)).json().data
      .fields[0].id as number;
    const asked = await call('DELETE', `/api/custom-fields/${fieldId}`, admin.token);
    expect(asked.statusCode).toBe(409);
    const gone = await call('DELETE', `/api/custom-fields/${fieldId}?confirm=true`, admin.token);
    expect(gone.json().data.cleared).toBe(1);
    expect((await call('GET', url, agent.token)).json().data.fields).toEqual({});
  });
});
