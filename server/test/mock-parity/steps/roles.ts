// Roles and desk access: an administrator restricts a help desk to its members and manages
// users (invite, roles, deactivate); anyone else gets 403 (docs/api-admin.md).
import { at, list, num, pick, type Json, type Scenario, type Side } from '../harness.js';
import { people } from '../values.js';

const HR = 4;
const desk = (d: Json): Json => ({
  ...pick(d, 'name', 'object_type', 'restricted'),
  members: list(at(d, 'members')).map((m) => at(m, 'fullname')),
});
const user = (d: Json): Json =>
  pick(d, 'fullname', 'email', 'user_is_hde', 'user_is_admin', 'language', 'confirmed', 'active');

export async function roles(s: Scenario): Promise<void> {
  await s.step({ op: 'GET /api/admin/helpdesks/', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/admin/helpdesks/',
    as: 'agent',
    status: 200,
    values: (d) => list(at(d, 'items')).map(desk),
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: HR },
    body: { restricted: true, member_ids: [] },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: 999 },
    body: { restricted: false, member_ids: [] },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: HR },
    body: (side: Side) => ({ restricted: true, member_ids: [side.refs.id('user:agent')] }),
    status: 200,
    values: desk,
  });
  // The assignee picker of an HR record offers its members only (the agent).
  await s.step({
    op: 'GET /api/agents/',
    as: 'agent',
    query: { hd_id: HR },
    status: 200,
    values: (d, r) => people(d, r),
  });
  // Open again: the later areas use every desk.
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'agent',
    params: { id: HR },
    body: { restricted: false, member_ids: [] },
    status: 200,
    values: desk,
  });

  await s.step({
    op: 'GET /api/admin/users/',
    as: 'agent',
    query: { text: 'example.com' },
    status: 200,
    values: (d) =>
      list(at(d, 'items'))
        .filter((u) => at(u, 'email') === 'alice@example.com')
        .map(user),
  });
  await s.step({ op: 'GET /api/admin/users/', as: 'bob', status: 403 });
  await s.step({
    op: 'POST /api/admin/users/',
    as: 'agent',
    body: {
      fullname: 'Dora Invited',
      email: 'dora.invited@example.com',
      role: 'agent',
      language: 'es',
    },
    status: 200,
    values: user,
    save: (d, side) => side.refs.set('user:dora', num(at(d, 'id'))),
  });
  await s.step({
    op: 'POST /api/admin/users/',
    as: 'agent',
    body: { fullname: 'Dora Again', email: 'DORA.invited@example.com', role: 'user' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/admin/users/{id}/',
    as: 'agent',
    params: { id: { ref: 'user:dora' } },
    body: { user_is_admin: true, active: false },
    status: 200,
    values: user,
  });
  await s.step({
    op: 'PUT /api/admin/users/{id}/',
    as: 'agent',
    params: { id: { ref: 'user:agent' } },
    body: { user_is_admin: false },
    status: 409,
  });
  await s.step({
    op: 'PUT /api/admin/users/{id}/',
    as: 'alice',
    params: { id: { ref: 'user:dora' } },
    body: { active: true },
    status: 403,
  });
}
