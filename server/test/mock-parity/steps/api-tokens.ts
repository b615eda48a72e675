// Personal API tokens: Alice makes two (refused: a too long expiry, no scopes), lists them,
// revokes one (and cannot revoke it twice); the administrator lists everyone's with the owner,
// and revokes the other; Alice cannot see or revoke through the administrators' operations.
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';

const shown = (d: Json): Json => pick(d, 'name', 'scopes', 'last_used', 'last_ip');
const keep = (name: string) => (d: Json, side: Side) =>
  side.refs.set(name, num(at(d, 'token', 'id')));

export async function apiTokens(s: Scenario): Promise<void> {
  await s.step({ op: 'GET /api/user/me/tokens', as: 'alice', status: 200, values: (d) => d });
  const refused: [Json, string][] = [
    [{ name: 'CI', scopes: ['tickets:read'], expires_in_days: 366 }, 'more than a year'],
    [{ name: 'CI', scopes: [] }, 'no scopes'],
    [{ name: 'CI', scopes: ['everything'] }, 'an unknown scope'],
    [{ name: '', scopes: ['tickets:read'] }, 'no name'],
  ];
  for (const [body, note] of refused) {
    await s.step({ op: 'POST /api/user/me/tokens', as: 'alice', body, status: 400, note });
  }
  for (const [name, scopes] of [
    ['tokens:export', ['tickets:read', 'content:read']],
    ['tokens:bot', ['tickets:write']],
  ] as const) {
    await s.step({
      op: 'POST /api/user/me/tokens',
      as: 'alice',
      body: { name, scopes: [...scopes], expires_in_days: 30 },
      status: 200,
      values: (d) => ({
        token: shown(at(d, 'token')),
        secret: /^hdk_[A-Za-z0-9_-]{43}$/.test(String(at(d, 'secret'))),
      }),
      save: keep(name),
    });
  }
  await s.step({
    op: 'GET /api/user/me/tokens',
    as: 'alice',
    status: 200,
    values: (d) => list(d).map(shown),
  });
  await s.step({
    op: 'DELETE /api/user/me/tokens/{id}',
    as: 'bob',
    params: { id: ref('tokens:export') },
    status: 404,
    note: "another user's token",
  });
  await s.step({
    op: 'DELETE /api/user/me/tokens/{id}',
    as: 'alice',
    params: { id: ref('tokens:export') },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'DELETE /api/user/me/tokens/{id}',
    as: 'alice',
    params: { id: ref('tokens:export') },
    status: 404,
    note: 'revoked already',
  });
  await s.step({ op: 'GET /api/admin/tokens', as: 'alice', status: 403 });
  await s.step({
    op: 'DELETE /api/admin/tokens/{id}',
    as: 'alice',
    params: { id: ref('tokens:bot') },
    status: 403,
  });
  await s.step({
    op: 'GET /api/admin/tokens',
    as: 'agent',
    status: 200,
    values: (d) =>
      list(d).map((t) => ({ ...(shown(t) as object), owner: pick(at(t, 'owner'), 'fullname') })),
  });
  await s.step({
    op: 'DELETE /api/admin/tokens/{id}',
    as: 'agent',
    params: { id: ref('tokens:bot') },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/user/me/tokens',
    as: 'alice',
    status: 200,
    values: (d) => d,
    note: 'none left',
  });
}
