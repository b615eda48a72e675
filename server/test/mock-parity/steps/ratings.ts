// Satisfaction ratings (docs/satisfaction.md): a ticket never solved has no survey (the
// requester's answer is 409, an agent's 403, bad input 400); the desks' survey switch
// (administrators only) is turned off and back on; the charts' figures are for agents.
import { at, list, pick, ref, type Json, type Scenario } from '../harness.js';
import { page } from '../values.js';
import { MARK } from './records.js';

const FACILITIES = 6;
/** What a person sees of a ticket's solves (times differ between the two sides). */
const shown = (d: Json): Json => ({
  ...pick(d, 'can_rate'),
  solves: list(at(d, 'solves')).map((x) => pick(x, 'solve', 'rating', 'comment', 'open')),
});
const deskSurvey = (d: Json): Json => pick(d, 'id', 'name', 'parent_id', 'survey');

export async function ratings(s: Scenario): Promise<void> {
  await s.step({
    op: 'GET /api/ticket/{id}/satisfaction/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: shown,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/satisfaction/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { rating: 'meh' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/satisfaction/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { rating: 'good' },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/satisfaction/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { rating: 'good', comment: 'Fine' },
    status: 200,
    values: shown,
  });
  // An agent's list filtered by the latest rating (records.satisfaction).
  for (const rating of ['good', 'bad']) {
    await s.step({
      op: 'POST /api/search/ticket/hd',
      as: 'agent',
      body: { page: 1, page_size: 25, sort: 'id', filters: { text: MARK, satisfaction: rating } },
      status: 200,
      values: page,
      note: `rated ${rating}`,
    });
  }
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { page: 1, page_size: 25, filters: { satisfaction: 'meh' } },
    status: 400,
    note: 'an unknown rating',
  });
  await s.step({ op: 'GET /api/admin/satisfaction/', as: 'alice', status: 403 });
  await s.step({
    op: 'PUT /api/admin/satisfaction/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { survey: 'no' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/admin/satisfaction/{id}/',
    as: 'agent',
    params: { id: 5 },
    body: { survey: false },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/admin/satisfaction/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { survey: false },
    status: 200,
    values: deskSurvey,
  });
  await s.step({
    op: 'GET /api/admin/satisfaction/',
    as: 'agent',
    status: 200,
    values: (d) => list(at(d, 'desks')).map(deskSurvey),
  });
  await s.step({
    op: 'PUT /api/admin/satisfaction/{id}/',
    as: 'agent',
    params: { id: FACILITIES },
    body: { survey: true },
    status: 200,
    values: deskSurvey,
  });
  await s.step({ op: 'GET /api/charts/satisfaction/', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/charts/satisfaction/',
    as: 'agent',
    query: { from: '2026-01-05', to: '2026-01-11' },
    status: 200,
    values: (d) => pick(d, 'from', 'to', 'desks', 'agents', 'weeks'),
  });
}
