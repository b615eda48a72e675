// Custom fields in the lists: two tickets carry values of a single-choice and a number field;
// the hd list filters and sorts by them, refuses an unknown field and a wrong operator (400
// naming the field), a saved view keeps the filter, and the bulk `field_set` action sets one
// value on a filter's selection. The fields end deactivated and the view deleted.
import { at, list, num, ref, type Json, type Scenario, type Side } from '../harness.js';
import { MARK } from './records.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));
const ids = (d: Json, r: { record: (id: Json) => Json }) =>
  list(at(d, 'items')).map((i) => r.record(at(i, 'id')));

const lane = {
  object_type: 'T',
  key: 'lane',
  type: 'single_choice',
  label_en: 'Lane',
  label_es: 'Carril',
  choices: [
    { value: 'fast', label_en: 'Fast', label_es: 'Rápido' },
    { value: 'slow', label_en: 'Slow', label_es: 'Lento' },
  ],
};
const effort = {
  object_type: 'T',
  key: 'effort',
  type: 'number',
  label_en: 'Effort',
  label_es: 'Esfuerzo',
};

export async function fieldLists(s: Scenario): Promise<void> {
  for (const [name, body] of [
    ['field:lane', lane],
    ['field:effort', effort],
  ] as const) {
    await s.step({
      op: 'POST /api/custom-fields',
      as: 'agent',
      body,
      status: 200,
      save: keep(name),
    });
  }
  for (const [name, fields] of [
    ['ticket:fast', { lane: 'fast', effort: 3 }],
    ['ticket:slow', { lane: 'slow', effort: 8 }],
  ] as const) {
    await s.step({
      op: 'POST /api/ticket/',
      as: 'agent',
      body: { subject: `${MARK} ${name}`, description: '<p>x</p>', priority_id: 2, fields },
      status: 200,
      save: keep(name),
    });
  }
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { fields: { lane: { any_of: ['fast', 'slow'] } } }, sort: '-fields.effort' },
    status: 200,
    values: ids,
    note: 'filtered by a choice field, sorted by a number field',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { fields: { effort: { from: 5 }, lane: { equals: 'slow' } } } },
    status: 200,
    values: ids,
    note: 'a range and an equality',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { fields: { nope: { equals: 'x' }, effort: { contains: '3' } } } },
    status: 400,
    note: 'an unknown field and a wrong operator, each named',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { sort: 'fields.nope' },
    status: 400,
    note: 'a sort by an unknown field',
  });
  await s.step({
    op: 'POST /api/views/',
    as: 'agent',
    body: {
      name: `${MARK} fast lane`,
      object_type: 'T',
      filters: { fields: { lane: { equals: 'fast' } } },
      sort: 'fields.lane',
      columns: ['title', 'tags', 'fields.lane'],
    },
    status: 200,
    values: (d) => ({
      filters: at(d, 'filters'),
      sort: at(d, 'sort'),
      columns: at(d, 'columns'),
    }),
    save: keep('view:fast'),
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: {
      object_type: 'T',
      action: 'field_set',
      fields: { effort: 13 },
      filter: { filters: { fields: { lane: { any_of: ['fast', 'slow'] } } }, sort: 'id' },
    },
    status: 200,
    values: (d, r) => ({
      action: at(d, 'action'),
      succeeded: list(at(d, 'succeeded')).map((id) => r.record(id)),
      refused: list(at(d, 'refused')).length,
    }),
    note: 'bulk: set one field on a filter',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      action: 'field_set',
      fields: { lane: 'sideways' },
      records: [{ id: side.refs.id('ticket:fast') }],
    }),
    status: 400,
    note: 'bulk: a value not among the choices',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { fields: { effort: { from: 13, to: 13 } } } },
    status: 200,
    values: ids,
    note: 'the bulk action set both',
  });
  await s.step({
    op: 'DELETE /api/views/{id}/',
    as: 'agent',
    params: { id: ref('view:fast') },
    status: 200,
  });
  for (const [name, body] of [
    ['field:lane', lane],
    ['field:effort', effort],
  ] as const) {
    await s.step({
      op: 'PUT /api/custom-fields/{id}',
      as: 'agent',
      params: { id: ref(name) },
      body: { ...body, version: 1, active: false },
      status: 200,
      note: 'deactivated: the later areas raise tickets without them',
    });
  }
}
