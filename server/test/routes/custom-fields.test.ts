// Custom field definitions: administrators define, edit (optimistic locking), order, deactivate
// and delete them; agents read them all; requesters read the active ones shown to them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';
import { caller, newContent, newTicket, person, type Person } from './work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let admin: Person;
let agent: Person;
let user: Person;

const product = {
  object_type: 'T',
  key: 'product',
  type: 'single_choice',
  label_en: 'Product',
  label_es: 'Producto',
  help_en: 'What it is about',
  shown_to_requesters: true,
  editable_by_requesters: true,
  required_when_raising: true,
  choices: [
    { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
    { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
  ],
  default_value: 'printer',
};

beforeAll(async () => {
  env = await startTestEnv({ workers: 0 });
  call = caller(env);
  const a = await createUser(env, { fullname: 'Admin Fields', hde: true, admin: true });
  admin = {
    id: a.id,
    email: a.email,
    fullname: 'Admin Fields',
    token: await tokenFor(env, a.email, a.password),
  };
  agent = await person(env, 'Agent Fields', true);
  user = await person(env, 'Requester Fields');
});
afterAll(() => env.close());

describe('/api/custom-fields', () => {
  it('lets an admin define, edit, order and deactivate fields; agents and requesters read them', async () => {
    const before = (await call('GET', '/api/custom-fields?object_type=T', agent.token)).json().data;
    const made = await call('POST', '/api/custom-fields', admin.token, product);
    expect(made.statusCode).toBe(200);
    const field = made.json().data;
    expect(field).toMatchObject({
      key: 'product',
      type: 'single_choice',
      help_es: '',
      hd_ids: [],
      default_value: 'printer',
      active: true,
      version: 1,
      required_for_agents: false,
    });
    const serial = (
      await call('POST', '/api/custom-fields', admin.token, {
        object_type: 'T',
        key: 'serial_number',
        type: 'text',
        label_en: 'Serial number',
        label_es: 'Número de serie',
        required_for_agents: true,
        choices: [{ value: 'dropped', label_en: 'Dropped', label_es: 'Quitada' }],
      })
    ).json().data;
    expect(serial.choices).toEqual([]);

    const forAgent = (await call('GET', '/api/custom-fields?object_type=T', agent.token)).json()
      .data;
    expect(forAgent.fields.map((f: { key: string }) => f.key)).toEqual([
      'product',
      'serial_number',
    ]);
    expect(forAgent.version).toBeGreaterThan(before.version);
    const forUser = (await call('GET', '/api/custom-fields?object_type=T', user.token)).json().data;
    expect(forUser.fields.map((f: { key: string }) => f.key)).toEqual(['product']);

    const ordered = await call('PUT', '/api/custom-fields/order', admin.token, {
      object_type: 'T',
      ids: [serial.id, field.id],
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().data.fields.map((f: { key: string }) => f.key)).toEqual([
      'serial_number',
      'product',
    ]);

    const edited = await call('PUT', `/api/custom-fields/${field.id}`, admin.token, {
      ...product,
      object_type: undefined,
      key: undefined,
      type: undefined,
      label_en: 'Product line',
      version: field.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      key: 'product',
      label_en: 'Product line',
      version: 2,
    });

    // An edit made from a form opened before that change is refused, not lost silently.
    const stale = await call('PUT', `/api/custom-fields/${field.id}`, admin.token, {
      label_en: 'Older edit',
      label_es: 'Producto',
      version: field.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone changed this field/);

    const off = await call('PUT', `/api/custom-fields/${field.id}`, admin.token, {
      ...product,
      object_type: undefined,
      key: undefined,
      type: undefined,
      label_en: 'Product line',
      active: false,
      version: 2,
    });
    expect(off.json().data.active).toBe(false);
    const hidden = (await call('GET', '/api/custom-fields?object_type=T', user.token)).json().data;
    expect(hidden.fields).toEqual([]);
    const stillForAgents = (
      await call('GET', '/api/custom-fields?object_type=T', agent.token)
    ).json().data.fields;
    expect(stillForAgents).toHaveLength(2);
  });

  it('asks before deleting a field records carry, then deletes it with its values', async () => {
    const field = (
      await call('POST', '/api/custom-fields', admin.token, {
        object_type: 'C',
        key: 'audience',
        type: 'checkbox',
        label_en: 'Internal',
        label_es: 'Interno',
      })
    ).json().data;
    const ticket = await newTicket(env, user.token);
    // Values arrive with the records' API (step 2); written here as the column holds them.
    await env.db.query(`UPDATE records SET fields = '{"audience": true}' WHERE id = $1`, [
      ticket.id,
    ]);
    for (let i = 0; i < 2; i++) {
      const item = await newContent(env, agent.token);
      await env.db.query(`UPDATE records SET fields = '{"audience": true}' WHERE id = $1`, [
        item.id,
      ]);
    }
    const asked = await call('DELETE', `/api/custom-fields/${field.id}`, admin.token);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      '2 records carry a value for this field. Deleting the field removes those values.',
    );
    const spanish = await createUser(env, { hde: true, admin: true });
    await env.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [spanish.id]);
    const esToken = await tokenFor(env, spanish.email, spanish.password);
    const es = await call('DELETE', `/api/custom-fields/${field.id}`, esToken);
    expect(es.json().message).toMatch(/^2 registros/);
    const deleted = await call(
      'DELETE',
      `/api/custom-fields/${field.id}?confirm=true`,
      admin.token,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.id).toBe(field.id);
    const left = await env.db.query(
      `SELECT count(*)::int AS n FROM records WHERE fields ? 'audience' AND object_type = 'C'`,
    );
    expect(left.rows[0].n).toBe(0);
    // A ticket's value of the same key belongs to another object's field: it stays.
    const kept = await env.db.query('SELECT fields FROM records WHERE id = $1', [ticket.id]);
    expect(kept.rows[0].fields).toEqual({ audience: true });
    expect((await call('DELETE', `/api/custom-fields/${field.id}`, admin.token)).statusCode).toBe(
      404,
    );

    const unused = (
      await call('POST', '/api/custom-fields', admin.token, {
        object_type: 'U',
        key: 'employee_id',
        type: 'number',
        label_en: 'Employee id',
        label_es: 'Id de empleado',
      })
    ).json().data;
    const gone = await call('DELETE', `/api/custom-fields/${unused.id}`, admin.token);
    expect(gone.json().data).toEqual({ id: unused.id, cleared: 0 });
  });

  it('answers 400 naming each field for bad definitions', async () => {
    const bad = await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'T',
      key: 'Bad Key',
      type: 'colour',
      label_en: '',
      label_es: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['key', 'label_en', 'type']);

    const rules = await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'T',
      key: 'size',
      type: 'multiple_choice',
      label_en: 'Size',
      label_es: 'Talla',
      editable_by_requesters: true,
      required_when_raising: true,
      hd_ids: [999999],
      choices: [
        { value: 's', label_en: 'S', label_es: 'S' },
        { value: 's', label_en: 'S', label_es: 'S' },
      ],
      default_value: ['xl'],
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().fields).toEqual({
      choices: 'A choice field needs at least one choice, each value once.',
      editable_by_requesters: 'A field requesters can edit must be shown to them.',
      hd_ids: 'Choose help desks of this kind of record.',
      default_value: 'Choose among the field’s choices, each at most once.',
    });

    const notAgent = await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'T',
      key: 'expert',
      type: 'agent',
      label_en: 'Expert',
      label_es: 'Experto',
      default_value: user.id,
    });
    expect(notAgent.json().fields).toEqual({ default_value: 'Choose a helpdesk agent.' });

    const date = await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'T',
      key: 'due',
      type: 'date',
      label_en: 'Due',
      label_es: 'Vence',
      default_value: '2026-02-30',
    });
    expect(date.json().fields).toEqual({ default_value: 'Enter a date (YYYY-MM-DD).' });
    for (const [type, value] of [
      ['text', 'two\nlines'],
      ['long_text', 'nul \u0000'],
      ['number', '12'],
      ['checkbox', { yes: true }],
    ] as const) {
      const res = await call('POST', '/api/custom-fields', admin.token, {
        object_type: 'T',
        key: `wrong_${type}`,
        type,
        label_en: 'Wrong',
        label_es: 'Mal',
        default_value: value,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['default_value']);
    }

    await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'C',
      key: 'twice',
      type: 'text',
      label_en: 'Twice',
      label_es: 'Dos veces',
    });
    const twice = await call('POST', '/api/custom-fields', admin.token, {
      object_type: 'C',
      key: 'twice',
      type: 'number',
      label_en: 'Twice',
      label_es: 'Dos veces',
    });
    expect(twice.json().fields).toEqual({ key: 'A field with this key already exists here.' });

    const order = await call('PUT', '/api/custom-fields/order', admin.token, {
      object_type: 'C',
      ids: [1, 2, 3],
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().fields).toEqual({
      ids: 'Send every field of this kind of record, each once.',
    });

    expect((await call('GET', '/api/custom-fields?object_type=X', agent.token)).statusCode).toBe(
      400,
    );
    expect(
      (
        await call('PUT', '/api/custom-fields/2147483647', admin.token, {
          label_en: 'a',
          label_es: 'b',
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses the changes to agents who are not administrators and to requesters (403), and anyone without a session (401)', async () => {
    for (const who of [agent, user]) {
      expect((await call('POST', '/api/custom-fields', who.token, product)).statusCode).toBe(403);
      expect(
        (await call('PUT', '/api/custom-fields/order', who.token, { object_type: 'T', ids: [] }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call('PUT', '/api/custom-fields/1', who.token, {
            label_en: 'a',
            label_es: 'b',
            version: 1,
          })
        ).statusCode,
      ).toBe(403);
      const del = await call('DELETE', '/api/custom-fields/1?confirm=true', who.token);
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe('Only administrators can do this.');
    }
    expect((await call('GET', '/api/custom-fields?object_type=T')).statusCode).toBe(401);
  });
});
