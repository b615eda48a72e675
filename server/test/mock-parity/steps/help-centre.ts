// The help centre's one API call: an agent shows a content item in the public help centre (or
// takes it out); regular users get 403. The pages themselves (/help) are the server's alone.
import { at, ref, type Scenario } from '../harness.js';
import { keepVersion, version } from './records.js';
import { record } from '../values.js';

export async function helpCentre(s: Scenario): Promise<void> {
  await s.step({
    op: 'PUT /api/content/{id}/public/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: (side) => ({ is_public: true, version: version('content:policy')(side) }),
    status: 200,
    values: record,
    save: keepVersion('content:policy'),
  });
  await s.step({
    op: 'PUT /api/content/{id}/public/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: { is_public: 'yes', version: 1 },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/content/{id}/public/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: { is_public: false, version: 1 },
    status: 409,
    values: (d, r) => record(at(d, 'current'), r),
    note: 'a stale version',
  });
  await s.step({
    op: 'PUT /api/content/{id}/public/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({ is_public: true, version: version('content:guide')(side) }),
    status: 403,
  });
}
