// The audit log: administrators only; a reversed date range and a retention out of bounds are
// refused alike; the retention's change is written to the log with before and after (the
// server's app_settings trigger, the mock's handler), found by its kind; the CSV export's header
// and its own entry. Other entries differ between the sides (the server writes every sign-in of
// the scenario, the mocks a few of their own), so only these are compared.
import { at, list, pick, type Json, type Scenario } from '../harness.js';

const entry = (d: Json): Json =>
  pick(d, 'kind', 'target_kind', 'target_id', 'outcome', 'reason', 'details');

export async function audit(s: Scenario): Promise<void> {
  await s.step({ op: 'GET /api/audit', as: 'alice', status: 403 });
  await s.step({ op: 'GET /api/audit/settings', as: 'bob', status: 403 });
  await s.step({
    op: 'GET /api/audit',
    as: 'agent',
    query: { from: '2026-02-01', to: '2026-01-01' },
    status: 400,
  });
  await s.step({
    op: 'GET /api/audit/settings',
    as: 'agent',
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'PUT /api/audit/settings',
    as: 'agent',
    body: { retention_days: 7 },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/audit/settings',
    as: 'agent',
    body: { retention_days: 400 },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/audit',
    as: 'agent',
    query: { kind: 'setting.created' },
    status: 200,
    values: (d) => list(at(d, 'items')).map(entry),
  });
  await s.step({
    op: 'GET /api/audit/export.csv',
    as: 'agent',
    query: { kind: 'setting.created' },
    status: 200,
    headers: ['content-type'],
    values: (d) => String(d).split('\r\n')[0],
  });
  await s.step({
    op: 'GET /api/audit',
    as: 'agent',
    query: { kind: 'audit.exported' },
    status: 200,
    values: (d) => list(at(d, 'items')).map(entry),
  });
}
