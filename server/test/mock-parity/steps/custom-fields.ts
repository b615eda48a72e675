// Custom field definitions: an administrator defines, orders, edits (optimistic locking) and
// deletes them; agents read them all, requesters the ones shown to them; others get 403.
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const field = (d: Json): Json =>
  pick(
    d,
    'object_type',
    'key',
    'type',
    'label_en',
    'label_es',
    'help_en',
    'help_es',
    'required_for_agents',
    'shown_to_requesters',
    'editable_by_requesters',
    'required_when_raising',
    'hd_ids',
    'choices',
    'default_value',
    'position',
    'active',
    'version',
  );

/** The set as a person sees it (its version counts every change ever made: not compared). */
const fieldSet = (d: Json): Json => list(at(d, 'fields')).map(field);

const product = {
  object_type: 'T',
  key: 'product',
  type: 'single_choice',
  label_en: 'Product',
  label_es: 'Producto',
  help_en: 'What it is about',
  help_es: 'De qué se trata',
  shown_to_requesters: true,
  editable_by_requesters: true,
  choices: [
    { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
    { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
  ],
  default_value: 'printer',
};

export async function customFields(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: product,
    status: 200,
    values: field,
    save: keep('field:product'),
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: {
      object_type: 'T',
      key: 'serial_number',
      type: 'text',
      label_en: ' Serial number ',
      label_es: 'Número de serie',
      required_for_agents: true,
    },
    status: 200,
    values: field,
    save: keep('field:serial'),
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: {
      object_type: 'T',
      key: 'size',
      type: 'multiple_choice',
      label_en: 'Size',
      label_es: 'Talla',
      editable_by_requesters: true,
      required_when_raising: true,
      hd_ids: [999999],
      choices: [],
      default_value: ['xl'],
    },
    status: 400,
    note: 'every rule a schema cannot tell',
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: { ...product, type: 'number', default_value: 'seven' },
    status: 400,
    note: 'a key taken, checked after the rules',
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent',
    body: { ...product, key: 'Bad Key', label_en: '' },
    status: 400,
    note: 'the schema',
  });
  await s.step({ op: 'POST /api/custom-fields', as: 'alice', body: product, status: 403 });

  await s.step({
    op: 'GET /api/custom-fields',
    as: 'agent',
    query: { object_type: 'T' },
    status: 200,
    values: fieldSet,
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'alice',
    query: { object_type: 'T' },
    status: 200,
    values: fieldSet,
    note: 'a requester: the fields shown to requesters',
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'alice',
    query: { object_type: 'X' },
    status: 400,
  });

  await s.step({
    op: 'PUT /api/custom-fields/order',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      ids: [side.refs.id('field:serial'), side.refs.id('field:product')],
    }),
    status: 200,
    values: fieldSet,
  });
  await s.step({
    op: 'PUT /api/custom-fields/order',
    as: 'agent',
    body: (side) => ({ object_type: 'T', ids: [side.refs.id('field:serial')] }),
    status: 400,
    note: 'one field left out',
  });
  await s.step({
    op: 'PUT /api/custom-fields/order',
    as: 'bob',
    body: { object_type: 'T', ids: [] },
    status: 403,
  });

  const edit = { ...product, label_en: 'Product line', active: false };
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:product') },
    body: { ...edit, version: 1 },
    status: 200,
    values: field,
  });
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:product') },
    body: { ...edit, version: 1 },
    status: 409,
    note: 'a form opened before the last change',
  });
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:product') },
    body: { ...edit, choices: [], version: 2 },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    body: { ...edit, version: 1 },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/custom-fields/{id}',
    as: 'alice',
    params: { id: ref('field:product') },
    body: { ...edit, version: 2 },
    status: 403,
  });
  await s.step({
    op: 'GET /api/custom-fields',
    as: 'alice',
    query: { object_type: 'T' },
    status: 200,
    values: fieldSet,
    note: 'a deactivated field is hidden from requesters',
  });

  await s.step({
    op: 'DELETE /api/custom-fields/{id}',
    as: 'alice',
    params: { id: ref('field:serial') },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:serial') },
    status: 200,
    values: (d) => pick(d, 'cleared'),
  });
  await s.step({
    op: 'DELETE /api/custom-fields/{id}',
    as: 'agent',
    params: { id: ref('field:serial') },
    query: { confirm: 'true' },
    status: 404,
  });
}
