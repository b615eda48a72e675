// The administrators' gate comes before validation: a non-administrator sending an invalid body
// to an administrators-only operation gets 403, not 400 (server: config: { role: 'admin' },
// plugins/auth.ts; mocks: the contract's `x-role: admin`, src/mocks/http.ts).
import type { Scenario } from '../harness.js';

export async function adminGate(s: Scenario): Promise<void> {
  await s.step({
    op: 'POST /api/custom-fields',
    as: 'alice',
    body: { key: 'Bad Key', label_en: '' },
    status: 403,
    note: 'an invalid body from a non-administrator',
  });
  await s.step({
    op: 'POST /api/organizations',
    as: 'alice',
    body: { name: '', domains: ['not a domain'] },
    status: 403,
    note: 'an invalid body from a non-administrator',
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/',
    as: 'bob',
    params: { id: 'x' },
    body: { restricted: 'yes' },
    status: 403,
    note: 'an invalid id and body from a non-administrator',
  });
}
