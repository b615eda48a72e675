// An agent who is not an administrator (agent2): 403 on the administrators' operations, with a
// valid body, while their agent's work answers as for any agent (docs/api-admin.md).
import { at, list, pick, ref, type Json, type Scenario } from '../harness.js';
import { MARK } from './records.js';
import { message, people, record } from '../values.js';

const user = (d: Json) => pick(d, 'fullname', 'email', 'user_is_hde', 'user_is_admin');

export async function plainAgent(s: Scenario): Promise<void> {
  await s.step({ op: 'GET /api/user/me', as: 'agent2', status: 200, values: user });

  // The administrators' operations: 403, whatever the body's worth.
  await s.step({ op: 'GET /api/admin/users/', as: 'agent2', status: 403, note: 'a plain agent' });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent2',
    params: { id: 4 },
    body: { restricted: false, member_ids: [] },
    status: 403,
    note: 'a plain agent, a valid body',
  });
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'agent2',
    body: {
      object_type: 'T',
      key: 'plain_agent_field',
      type: 'text',
      label_en: 'Serial',
      label_es: 'Serie',
    },
    status: 403,
    note: 'a plain agent, a valid body',
  });
  await s.step({ op: 'GET /api/tags/usage', as: 'agent2', status: 403, note: 'a plain agent' });

  // The agent's work, as any agent's.
  await s.step({
    op: 'GET /api/agents/',
    as: 'agent2',
    status: 200,
    values: (d, r) => people(d, r).filter((p) => !String(at(p, 'id')).endsWith(':other')),
    note: 'a plain agent',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent2',
    body: { filters: { text: MARK }, sort: 'id' },
    status: 200,
    values: (d, r) => ({
      total: at(d, 'total'),
      items: list(at(d, 'items')).map((i) => r.record(at(i, 'id'))),
    }),
    note: 'a plain agent',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'agent2',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: record,
    note: 'a plain agent',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/worklog/',
    as: 'agent2',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: (d, r) => list(d).map((m) => message(m, r)),
    note: 'a plain agent',
  });
}
