// Triggers and templates: administrators write them, agents read and test them, requesters get
// 403; a rule that cannot run is a 400 naming its part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { caller, newTicket, person, type Person } from '../routes/work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let user: Person;

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  const a = await createUser(env, { fullname: 'Admin Rules', hde: true, admin: true });
  admin = {
    id: a.id,
    email: a.email,
    fullname: 'Admin Rules',
    token: await tokenFor(env, a.email, a.password),
  };
  agent = await person(env, 'Agent Rules', true);
  user = await person(env, 'Requester Rules');
});
afterAll(() => env.close());

const consumerActive = async () =>
  (await env.db.query(`SELECT active FROM event_consumers WHERE name = 'rules'`)).rows[0]?.active ??
  false;

describe('/api/triggers', () => {
  it('lets an admin create, order, edit and delete triggers; agents read them; others get 403', async () => {
    const tag = await env.db.query<{ id: number }>(
      `INSERT INTO tags (name) VALUES ('vip-rules') RETURNING id`,
    );
    const tagId = tag.rows[0].id;
    const body = {
      name: 'Hardware is urgent',
      event: 'ticket_created',
      conditions: [
        { field: 'desk', operator: 'is', value: [2] },
        { field: 'subject', operator: 'matches', value: 'print(er)?' },
        { field: 'channel', operator: 'is', value: ['mail'] },
      ],
      actions: [
        { type: 'set_priority', priority_id: 4 },
        { type: 'add_tags', tag_ids: [tagId] },
      ],
    };
    expect(await consumerActive()).toBe(false);
    const made = await call('POST', '/api/triggers', admin.token, body);
    expect(made.statusCode).toBe(200);
    const t = made.json().data;
    expect(t).toMatchObject({
      name: 'Hardware is urgent',
      active: true,
      match: 'all',
      stop: false,
    });
    expect(await consumerActive()).toBe(true);

    const second = await call('POST', '/api/triggers', admin.token, {
      ...body,
      name: 'Second',
      active: false,
    });
    expect(second.json().data.position).toBeGreaterThan(t.position);

    expect((await call('POST', '/api/triggers', agent.token, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/triggers', user.token)).statusCode).toBe(403);
    const list = await call('GET', '/api/triggers', agent.token);
    expect(list.json().data.map((x: { name: string }) => x.name)).toEqual([
      'Hardware is urgent',
      'Second',
    ]);

    const ordered = await call('POST', '/api/triggers/order', admin.token, {
      ids: [second.json().data.id, t.id],
    });
    expect(ordered.json().data.map((x: { name: string }) => x.name)).toEqual([
      'Second',
      'Hardware is urgent',
    ]);
    expect(
      (await call('POST', '/api/triggers/order', admin.token, { ids: [t.id] })).json().fields,
    ).toEqual({ ids: 'Give every trigger id once, in the new order.' });

    const edited = await call('PUT', `/api/triggers/${t.id}`, admin.token, {
      ...body,
      active: false,
    });
    expect(edited.json().data.active).toBe(false);
    expect(await consumerActive()).toBe(false);

    expect((await call('DELETE', `/api/triggers/${t.id}`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/triggers/${t.id}`, agent.token)).statusCode).toBe(404);
  });

  it('refuses a rule that cannot run, naming each part', async () => {
    const res = await call('POST', '/api/triggers', admin.token, {
      name: 'Broken',
      event: 'ticket_updated',
      conditions: [
        { field: 'desk', operator: 'is', value: [999] },
        { field: 'colour', operator: 'is', value: ['red'] },
        { field: 'status', operator: 'contains', value: [1] },
        { field: 'subject', operator: 'matches', value: '(unclosed' },
        { field: 'custom_field', key: 'nope', operator: 'set' },
        { field: 'change', attribute: 'status', operator: 'changed_to' },
      ],
      actions: [
        { type: 'set_status', status_id: 7 },
        { type: 'launch_rocket' },
        { type: 'send_mail', template_id: 999999, to: 'address' },
        { type: 'set_assignee', agent_id: user.id },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'conditions.1': 'Choose a condition this rule supports.',
      'conditions.2.operator': 'Choose an operator this condition supports.',
      'actions.1': 'Choose an action this rule supports.',
    });
    const res2 = await call('POST', '/api/triggers', admin.token, {
      name: 'Broken',
      event: 'ticket_updated',
      conditions: [
        { field: 'desk', operator: 'is', value: [999] },
        { field: 'subject', operator: 'matches', value: '(unclosed' },
        { field: 'custom_field', key: 'nope', operator: 'set' },
        { field: 'change', attribute: 'status', operator: 'changed_to' },
      ],
      actions: [
        { type: 'set_status', status_id: 7 },
        { type: 'send_mail', template_id: 999999, to: 'address' },
        { type: 'set_assignee', agent_id: user.id },
      ],
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().fields).toEqual({
      'conditions.0.value': 'Choose help desks of tickets.',
      'conditions.1.value': 'This is not a valid regular expression.',
      'conditions.2.key': 'Choose an active custom field of tickets.',
      'conditions.3.value': 'Give a value for this operator.',
      'actions.0.status_id': 'Choose ticket statuses.',
      'actions.1.template_id': 'Choose an existing template.',
      'actions.1.address': 'Give the address to mail.',
      'actions.2.agent_id': 'Choose helpdesk agents.',
    });
  });

  it('refuses a pair of updated triggers that would undo each other', async () => {
    const down = {
      name: 'High to low',
      event: 'ticket_updated',
      conditions: [{ field: 'priority', operator: 'is', value: [3] }],
      actions: [{ type: 'set_priority', priority_id: 1 }],
    };
    const made = await call('POST', '/api/triggers', admin.token, down);
    expect(made.statusCode).toBe(200);
    const up = await call('POST', '/api/triggers', admin.token, {
      name: 'Low to high',
      event: 'ticket_updated',
      conditions: [{ field: 'change', attribute: 'priority', operator: 'changed_to', value: 1 }],
      actions: [
        {
          type: 'add_tags',
          tag_ids: [(await env.db.query('SELECT id FROM tags LIMIT 1')).rows[0].id],
        },
        { type: 'set_priority', priority_id: 3 },
      ],
    });
    expect(up.statusCode).toBe(400);
    expect(up.json().fields).toEqual({
      'actions.1': 'This action and trigger “High to low” would undo each other (a cycle).',
    });
    // Not active, it cannot run: saved.
    const inactive = await call('POST', '/api/triggers', admin.token, {
      name: 'Low to high',
      event: 'ticket_updated',
      active: false,
      conditions: [{ field: 'priority', operator: 'is', value: [1] }],
      actions: [{ type: 'set_priority', priority_id: 3 }],
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    await call('DELETE', `/api/triggers/${made.json().data.id}`, admin.token);
    await call('DELETE', `/api/triggers/${inactive.json().data.id}`, admin.token);
  });

  it('tests a trigger against a ticket: which conditions hold and what it would do', async () => {
    const ticket = await newTicket(env, user.token, { subject: 'Printer jam' });
    const t = (
      await call('POST', '/api/triggers', admin.token, {
        name: 'Printers',
        event: 'ticket_updated',
        match: 'all',
        active: false,
        conditions: [
          { field: 'subject', operator: 'contains', value: 'printer' },
          { field: 'priority', operator: 'is', value: [4] },
        ],
        actions: [{ type: 'set_priority', priority_id: 3 }],
      })
    ).json().data;
    const res = await call('POST', `/api/triggers/${t.id}/test`, agent.token, {
      ticket_id: ticket.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      matched: false,
      conditions: [
        { index: 0, matched: true, description: 'Subject contains: printer' },
        { index: 1, matched: false, description: 'Priority is: Urgent' },
      ],
      actions: [],
    });
    await call('PUT', `/api/triggers/${t.id}`, admin.token, {
      name: 'Printers',
      event: 'ticket_updated',
      match: 'any',
      active: false,
      conditions: [
        { field: 'subject', operator: 'contains', value: 'printer' },
        { field: 'priority', operator: 'is', value: [4] },
      ],
      actions: [{ type: 'set_priority', priority_id: 3 }],
    });
    const any = await call('POST', `/api/triggers/${t.id}/test`, agent.token, {
      ticket_id: ticket.id,
    });
    expect(any.json().data).toMatchObject({
      matched: true,
      actions: [{ index: 0, type: 'set_priority', description: 'Set the priority to High' }],
    });
    expect(
      (await call('POST', `/api/triggers/${t.id}/test`, agent.token, { ticket_id: 99999999 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('/api/templates', () => {
  it('saves templates, refuses unknown placeholders, previews with a real ticket, escaped', async () => {
    const bad = await call('POST', '/api/templates', admin.token, {
      name: 'Bad',
      subject_en: 'Re {{ticket.subjet}}',
      body_es: '<p>{{nope}}</p>',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      subject_en: 'Unknown placeholder: {{ticket.subjet}}.',
      body_es: 'Unknown placeholder: {{nope}}.',
    });
    const made = await call('POST', '/api/templates', admin.token, {
      name: 'Acknowledge',
      subject_en: 'We got #{{ticket.id}}: {{ticket.subject}}',
      body_en: '<p>Hello {{requester.name}}, about {{ticket.subject}}.</p>',
      subject_es: 'Recibimos #{{ticket.id}}',
      body_es: '<p>Hola {{requester.name}}</p>',
    });
    expect(made.statusCode).toBe(200);
    expect((await call('POST', '/api/templates', agent.token, { name: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/api/templates', agent.token)).json().data).toHaveLength(1);

    const ticket = await newTicket(env, user.token, { subject: '<b>Bold</b> & co' });
    const preview = await call('POST', '/api/templates/preview', agent.token, {
      subject: made.json().data.subject_en,
      body: made.json().data.body_en,
      ticket_id: ticket.id,
      language: 'en',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({
      subject: `We got #${ticket.id}: <b>Bold</b> & co`,
      html: `<p>Hello Requester Rules, about &#60;b&#62;Bold&#60;/b&#62; &#38; co.</p>`,
      text: 'Hello Requester Rules, about <b>Bold</b> & co.',
    });
    const t = await call('POST', '/api/triggers', admin.token, {
      name: 'Ack',
      event: 'ticket_created',
      actions: [{ type: 'send_mail', template_id: made.json().data.id, to: 'requester' }],
    });
    expect(t.statusCode).toBe(200);
    const del = await call('DELETE', `/api/templates/${made.json().data.id}`, admin.token);
    expect(del.statusCode).toBe(409);
    await call('DELETE', `/api/triggers/${t.json().data.id}`, admin.token);
    expect(
      (await call('DELETE', `/api/templates/${made.json().data.id}`, admin.token)).statusCode,
    ).toBe(200);
  });
});
