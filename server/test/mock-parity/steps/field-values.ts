// Custom field values on records: a requester raises a ticket with a field shown to them (its
// default filling another), an agent sets a field requesters do not see, and the failures: an
// unknown key or a wrong value (400 naming `fields.<key>`), a field requesters may not set, and a
// form made with older definitions (409). The fields end deactivated: later areas see none.
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';
import { events, record } from '../values.js';
import { keepVersion, MARK, version } from './records.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));
const both =
  (...fns: ((d: Json, side: Side) => void)[]) =>
  (d: Json, side: Side) => {
    for (const fn of fns) fn(d, side);
  };
/** The fields set's version as each side has it (its count of changes differs: kept, not compared). */
const setVersion = (side: Side) => side.refs.id('version:fields:T');

const area = {
  object_type: 'T',
  key: 'area',
  type: 'single_choice',
  label_en: 'Area',
  label_es: 'Área',
  shown_to_requesters: true,
  editable_by_requesters: true,
  choices: [
    { value: 'network', label_en: 'Network', label_es: 'Red' },
    { value: 'hardware', label_en: 'Hardware', label_es: 'Equipos' },
  ],
  default_value: 'network',
};
const code = {
  object_type: 'T',
  key: 'internal_code',
  type: 'text',
  label_en: 'Internal code',
  label_es: 'Código interno',
  default_value: 'IC-0',
};

export async function fieldValues(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: area,
    status: 200,
    values: (d) => pick(d, 'key'),
    save: keep('field:area'),
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: code,
    status: 200,
    values: (d) => pick(d, 'key'),
    save: keep('field:code'),
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'alice',
    query: { object_type: 'T' },
    status: 200,
    save: (d, side) => side.refs.set('version:fields:T', num(at(d, 'version'))),
    note: 'the raise form reads the set and its version',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: (side) => ({
      subject: `${MARK} the office wifi drops`,
      description: '<p>Every hour.</p>',
      priority_id: 2,
      fields: { area: 'hardware' },
      fields_version: setVersion(side),
    }),
    status: 200,
    values: (d, r) => ({ ...record(d, r), ...pick(d, 'fields') }),
    save: both(keep('ticket:wifi'), keepVersion('ticket:wifi')),
    note: 'a requester sets a field; the agents-only default is stored, not shown to her',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: {
      subject: `${MARK} sneaky`,
      description: '<p>x</p>',
      priority_id: 2,
      fields: { internal_code: 'mine' },
    },
    status: 400,
    note: 'a field requesters may not set',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'agent',
    body: {
      subject: `${MARK} bad values`,
      description: '<p>x</p>',
      priority_id: 2,
      fields: { area: 'phone', nope: 1 },
    },
    status: 400,
    note: 'an unknown key and a value not among the choices',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'agent',
    body: { subject: `${MARK} not an object`, priority_id: 2, fields: ['area'] },
    status: 400,
    note: 'the schema',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:wifi') },
    body: (side) => ({
      version: version('ticket:wifi')(side),
      fields: { internal_code: 'IC-7', area: 'network' },
      fields_version: setVersion(side),
    }),
    status: 200,
    values: (d, r) => ({ ...record(d, r), ...pick(d, 'fields') }),
    save: keepVersion('ticket:wifi'),
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:wifi') },
    status: 200,
    values: (d) => pick(d, 'fields'),
    note: 'a requester sees the fields shown to requesters',
  });
  // Search matches a text field's value: for agents, and for requesters only when shown to them.
  for (const who of ['agent', 'alice']) {
    await s.step({
      op: 'POST /api/search/query',
      as: who,
      body: { q: 'IC ', type: 'T' },
      status: 200,
      values: (d, r) =>
        list(at(d, 'items'))
          .map((i) => r.record(at(i, 'id')))
          .filter((id) => !id.endsWith(':other')),
      note: `a text field's value, as ${who}`,
    });
  }
  await s.step({
    op: 'GET /api/ticket/{id}/history/',
    as: 'agent',
    params: { id: ref('ticket:wifi') },
    status: 200,
    values: events,
    note: 'each value change in the history',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/history/',
    as: 'alice',
    params: { id: ref('ticket:wifi') },
    status: 200,
    values: events,
    note: 'a requester: without the changes of fields not shown to her',
  });
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:area') },
    body: { ...area, label_en: 'Area of work', version: 1 },
    status: 200,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:wifi') },
    body: (side) => ({
      version: version('ticket:wifi')(side),
      fields: { area: 'hardware' },
      fields_version: setVersion(side),
    }),
    status: 409,
    note: 'a form made before the definitions changed',
  });
  for (const [name, body] of [
    ['field:area', { ...area, label_en: 'Area of work', version: 2, active: false }],
    ['field:code', { ...code, version: 1, active: false }],
  ] as const) {
    await s.step({
      op: 'PUT /api/custom-fields/{id}',
      as: 'agent',
      params: { id: ref(name) },
      body,
      status: 200,
      note: 'deactivated: the later areas raise tickets without them',
    });
  }
}
