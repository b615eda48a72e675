// Triggers and their templates: an administrator writes them, agents read them, test one
// against a ticket and preview a template; a requester gets 403; a rule or template that cannot
// run is a 400 naming its part.
import { at, list, num, ref, type Json, type Refs, type Scenario, type Side } from '../harness.js';
import { MARK } from './records.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

/** A condition or action with the scenario's ids named (the two sides' ids differ). */
function named(part: Json, refs: Refs): Json {
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return part;
  const out: Record<string, Json> = { ...part };
  if (part.field === 'tags') out.value = list(part.value).map((id) => refs.name('tag', id));
  if ('tag_ids' in part) out.tag_ids = list(part.tag_ids).map((id) => refs.name('tag', id));
  if ('template_id' in part) out.template_id = refs.name('template', part.template_id);
  return out;
}

const trigger = (d: Json, refs: Refs): Json => ({
  name: at(d, 'name'),
  active: at(d, 'active'),
  position: at(d, 'position'),
  event: at(d, 'event'),
  match: at(d, 'match'),
  stop: at(d, 'stop'),
  conditions: list(at(d, 'conditions')).map((c) => named(c, refs)),
  actions: list(at(d, 'actions')).map((a) => named(a, refs)),
});
const triggers = (d: Json, refs: Refs) => list(d).map((t) => trigger(t, refs));

const template = (d: Json): Json => ({
  name: at(d, 'name'),
  subject_en: at(d, 'subject_en'),
  body_en: at(d, 'body_en'),
  subject_es: at(d, 'subject_es'),
  body_es: at(d, 'body_es'),
});

const ack = {
  name: 'Acknowledgement',
  subject_en: 'We got #{{ticket.id}}: {{ticket.subject}}',
  body_en: '<p>Hello {{requester.name}}, {{desk.name}} has your ticket.</p>',
  subject_es: 'Recibimos #{{ticket.id}}',
  body_es: '<p>Hola {{requester.name}}</p>',
};

export async function rules(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/tags/',
    as: 'agent',
    body: { name: `${MARK} rules` },
    status: 200,
    values: (d) => at(d, 'name'),
    save: keep('tag:rules'),
  });
  await s.step({
    op: 'POST /api/templates',
    as: 'agent',
    body: ack,
    status: 200,
    values: template,
    save: keep('template:ack'),
  });
  await s.step({
    op: 'POST /api/templates',
    as: 'agent',
    body: { ...ack, name: 'Broken', subject_en: '{{ticket.subjet}}', body_es: '<p>{{nope}}</p>' },
    status: 400,
    note: 'unknown placeholders',
  });
  await s.step({ op: 'POST /api/templates', as: 'alice', body: ack, status: 403 });
  await s.step({
    op: 'GET /api/templates',
    as: 'agent',
    status: 200,
    values: (d) => list(d).map(template),
  });
  await s.step({ op: 'GET /api/templates', as: 'alice', status: 403 });
  await s.step({
    op: 'PUT /api/templates/{id}',
    as: 'agent',
    params: { id: ref('template:ack') },
    body: { ...ack, name: 'Acknowledgement of receipt' },
    status: 200,
    values: template,
  });
  await s.step({
    op: 'PUT /api/templates/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    body: ack,
    status: 404,
  });
  await s.step({
    op: 'POST /api/templates/preview',
    as: 'agent',
    body: (side) => ({
      subject: 'Re: {{ticket.subject}}',
      body: '<p>{{ticket.subject}} for {{requester.name}} on {{desk.name}}</p>',
      ticket_id: side.refs.id('ticket:printer'),
      language: 'en',
    }),
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'POST /api/templates/preview',
    as: 'agent',
    body: { subject: '{{x}}', ticket_id: 2147483647, language: 'en' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/templates/preview',
    as: 'agent',
    body: { subject: 'Hi', ticket_id: 2147483647, language: 'es' },
    status: 404,
  });

  const printers = (side: Side): Json => ({
    name: 'Printers are urgent',
    event: 'ticket_updated',
    match: 'all',
    conditions: [
      { field: 'subject', operator: 'contains', value: 'printer' },
      { field: 'status', operator: 'is_not', value: [5] },
      { field: 'tags', operator: 'not_contains', value: [side.refs.id('tag:rules')] },
    ],
    actions: [
      { type: 'set_priority', priority_id: 4 },
      { type: 'add_tags', tag_ids: [side.refs.id('tag:rules')] },
      { type: 'send_mail', template_id: side.refs.id('template:ack'), to: 'requester' },
    ],
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: printers,
    status: 200,
    values: trigger,
    save: keep('trigger:printers'),
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: {
      name: 'Second',
      event: 'ticket_created',
      active: false,
      stop: true,
      conditions: [{ field: 'channel', operator: 'is', value: ['mail'] }],
      actions: [{ type: 'set_status', status_id: 2 }],
    },
    status: 200,
    values: trigger,
    save: keep('trigger:second'),
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: {
      name: 'Broken',
      event: 'ticket_updated',
      conditions: [
        { field: 'colour', operator: 'is', value: ['red'] },
        { field: 'status', operator: 'contains', value: [1] },
      ],
      actions: [{ type: 'launch' }],
    },
    status: 400,
    note: 'an unknown condition, operator and action (the schema)',
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: {
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
        { type: 'send_mail', template_id: 2147483647, to: 'address' },
      ],
    },
    status: 400,
    note: 'ids that do not exist, a bad pattern, a missing value (the checks)',
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: {
      name: 'Down',
      event: 'ticket_updated',
      conditions: [{ field: 'priority', operator: 'is', value: [3] }],
      actions: [{ type: 'set_priority', priority_id: 1 }],
    },
    status: 200,
    values: trigger,
    save: keep('trigger:down'),
  });
  await s.step({
    op: 'POST /api/triggers',
    as: 'agent',
    body: {
      name: 'Up',
      event: 'ticket_updated',
      conditions: [{ field: 'priority', operator: 'is', value: [1] }],
      actions: [{ type: 'set_priority', priority_id: 3 }],
    },
    status: 400,
    note: 'a cycle with Down',
  });
  await s.step({
    op: 'DELETE /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:down') },
    status: 200,
  });
  await s.step({ op: 'POST /api/triggers', as: 'alice', body: printers, status: 403 });
  await s.step({ op: 'GET /api/triggers', as: 'agent', status: 200, values: triggers });
  await s.step({ op: 'GET /api/triggers', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:printers') },
    status: 200,
    values: trigger,
  });
  await s.step({
    op: 'GET /api/triggers/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    status: 404,
  });
  await s.step({
    op: 'POST /api/triggers/order',
    as: 'agent',
    body: (side) => ({
      ids: [side.refs.id('trigger:second'), side.refs.id('trigger:printers')],
    }),
    status: 200,
    values: triggers,
  });
  await s.step({
    op: 'POST /api/triggers/order',
    as: 'agent',
    body: (side) => ({ ids: [side.refs.id('trigger:second')] }),
    status: 400,
    note: 'one trigger left out',
  });
  await s.step({
    op: 'PUT /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:second') },
    body: {
      name: 'Second, edited',
      event: 'ticket_created',
      match: 'any',
      conditions: [{ field: 'channel', operator: 'is', value: ['mail', 'web'] }],
      actions: [{ type: 'set_assignee', agent_id: null }],
    },
    status: 200,
    values: trigger,
  });
  await s.step({
    op: 'PUT /api/triggers/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    body: { name: 'Gone', event: 'ticket_created', actions: [{ type: 'assign_next' }] },
    status: 404,
  });
  await s.step({
    op: 'POST /api/triggers/{id}/test',
    as: 'agent',
    params: { id: ref('trigger:printers') },
    body: (side) => ({ ticket_id: side.refs.id('ticket:printer') }),
    status: 200,
    values: (d, refs) => ({
      ticket_id: refs.record(at(d, 'ticket_id')),
      matched: at(d, 'matched'),
      conditions: at(d, 'conditions'),
      actions: at(d, 'actions'),
    }),
    note: 'every condition holds',
  });
  await s.step({
    op: 'POST /api/triggers/{id}/test',
    as: 'agent',
    params: { id: ref('trigger:second') },
    body: (side) => ({ ticket_id: side.refs.id('ticket:printer') }),
    status: 200,
    values: (d, refs) => ({
      ticket_id: refs.record(at(d, 'ticket_id')),
      matched: at(d, 'matched'),
      conditions: at(d, 'conditions'),
      actions: at(d, 'actions'),
    }),
  });
  await s.step({
    op: 'POST /api/triggers/{id}/test',
    as: 'agent',
    params: { id: ref('trigger:printers') },
    body: { ticket_id: 2147483647 },
    status: 404,
  });
  await s.step({
    op: 'POST /api/triggers/{id}/test',
    as: 'alice',
    params: { id: ref('trigger:printers') },
    body: { ticket_id: 1 },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/templates/{id}',
    as: 'agent',
    params: { id: ref('template:ack') },
    status: 409,
    note: 'a trigger uses it',
  });
  await s.step({
    op: 'DELETE /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:printers') },
    status: 200,
  });
  await s.step({
    op: 'DELETE /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:second') },
    status: 200,
  });
  await s.step({
    op: 'DELETE /api/triggers/{id}',
    as: 'alice',
    params: { id: ref('trigger:second') },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/triggers/{id}',
    as: 'agent',
    params: { id: ref('trigger:second') },
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/templates/{id}',
    as: 'agent',
    params: { id: ref('template:ack') },
    status: 200,
  });
  await s.step({
    op: 'DELETE /api/templates/{id}',
    as: 'agent',
    params: { id: ref('template:ack') },
    status: 404,
  });
}
