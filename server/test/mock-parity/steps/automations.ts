// Time-based rules: an administrator writes them and runs a pass now, agents read them and
// preview what one matches now; a requester gets 403; a rule with an event-only condition or a
// part that cannot run is a 400 naming it; running an inactive rule is a 409.
import { at, list, num, ref, type Json, type Scenario, type Side } from '../harness.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const automation = (d: Json): Json => ({
  name: at(d, 'name'),
  active: at(d, 'active'),
  position: at(d, 'position'),
  match: at(d, 'match'),
  conditions: at(d, 'conditions'),
  time_conditions: at(d, 'time_conditions'),
  actions: at(d, 'actions'),
});

const staleConditions: Json = [{ field: 'priority', operator: 'is_not', value: [4] }];
const staleTimes: Json = [
  { field: 'status_for', status_id: 3, hours: 168 },
  { field: 'created_ago', days: 3650 },
];
const stale = {
  name: 'Close stale pending',
  match: 'all',
  conditions: staleConditions,
  time_conditions: staleTimes,
  actions: [{ type: 'set_status', status_id: 5 }] as Json,
};

export async function automations(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/automations',
    as: 'agent',
    body: stale,
    status: 200,
    values: automation,
    save: keep('automation:stale'),
  });
  await s.step({ op: 'POST /api/automations', as: 'alice', body: stale, status: 403 });
  await s.step({
    op: 'POST /api/automations',
    as: 'agent',
    body: {
      ...stale,
      name: 'Broken',
      conditions: [{ field: 'change', attribute: 'status', operator: 'changed' }],
      time_conditions: [
        { field: 'status_for', status_id: 5, hours: 2 },
        { field: 'status_for', status_id: 3, hours: 2 },
      ],
    },
    status: 400,
    note: 'an event-only condition, a closed status, a time condition twice',
  });
  await s.step({
    op: 'POST /api/automations',
    as: 'agent',
    body: { ...stale, name: 'Broken', time_conditions: [{ field: 'created_ago', days: 0 }] },
    status: 400,
    note: 'the schema',
  });
  await s.step({
    op: 'GET /api/automations',
    as: 'agent',
    status: 200,
    values: (d) => list(d).map(automation),
  });
  await s.step({ op: 'GET /api/automations', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/automations/{id}',
    as: 'agent',
    params: { id: ref('automation:stale') },
    status: 200,
    values: automation,
  });
  await s.step({
    op: 'GET /api/automations/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    status: 404,
  });
  await s.step({
    op: 'GET /api/automations',
    as: 'agent2',
    status: 200,
    values: (d) => list(d).map(automation),
    note: 'a plain agent reads them',
  });
  await s.step({
    op: 'POST /api/automations/{id}/run',
    as: 'agent',
    params: { id: ref('automation:stale') },
    status: 200,
  });
  await s.step({
    op: 'POST /api/automations/{id}/run',
    as: 'agent2',
    params: { id: ref('automation:stale') },
    status: 403,
  });
  await s.step({
    op: 'POST /api/automations/{id}/run',
    as: 'alice',
    params: { id: ref('automation:stale') },
    status: 403,
  });
  await s.step({
    op: 'POST /api/automations/{id}/run',
    as: 'agent',
    params: { id: 2147483647 },
    status: 404,
  });
  await s.step({
    op: 'POST /api/automations/preview',
    as: 'agent',
    body: { time_conditions: staleTimes, conditions: staleConditions },
    status: 200,
    values: (d) => d,
    note: 'nothing was created ten years ago',
  });
  await s.step({
    op: 'POST /api/automations/preview',
    as: 'agent',
    body: { time_conditions: [{ field: 'status_for', status_id: 4, hours: 1 }] },
    status: 400,
  });
  await s.step({
    op: 'POST /api/automations/preview',
    as: 'alice',
    body: { time_conditions: staleTimes },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/automations/{id}',
    as: 'agent',
    params: { id: ref('automation:stale') },
    body: { ...stale, active: false },
    status: 200,
    values: automation,
  });
  await s.step({
    op: 'POST /api/automations/{id}/run',
    as: 'agent',
    params: { id: ref('automation:stale') },
    status: 409,
    note: 'the rule is off',
  });
  await s.step({
    op: 'PUT /api/automations/{id}',
    as: 'agent',
    params: { id: 2147483647 },
    body: stale,
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/automations/{id}',
    as: 'alice',
    params: { id: ref('automation:stale') },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/automations/{id}',
    as: 'agent',
    params: { id: ref('automation:stale') },
    status: 200,
  });
  await s.step({
    op: 'DELETE /api/automations/{id}',
    as: 'agent',
    params: { id: ref('automation:stale') },
    status: 404,
  });
}
