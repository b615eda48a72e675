// Suggestions while a ticket is typed and answering with articles: what is suggested to whom,
// the side panel's article, a deflection, the articles viewed before raising (agents only), an
// article sent in a message, and the articles' statistics.
import { at, list, num, ref, type Json, type Refs, type Scenario } from '../harness.js';
import { eventually } from '../../routes/work-helpers.js';
import { MARK } from './records.js';

const SESSION = '6f1c2b1e-8d7a-4c55-9e0b-2f3a4b5c6d7e';
const OTHER_SESSION = '0b7e6a55-1c2d-4e3f-8a9b-0c1d2e3f4a5b';

/** The scenario's records among the answer, by name, sorted (ties rank either way). */
const names = (d: Json, refs: Refs) =>
  list(d)
    .map((i) => refs.record(at(i, 'id')))
    .filter((n) => !n.endsWith(':other'))
    .sort();

export async function suggestions(s: Scenario): Promise<void> {
  const q = MARK.toLowerCase();
  await s.step({
    op: 'GET /api/suggestions',
    as: null,
    query: { q },
    status: 200,
    values: names,
    note: 'anonymous: no article is public',
  });
  await s.step({
    op: 'GET /api/suggestions',
    as: 'alice',
    query: { q },
    status: 200,
    values: names,
    note: 'signed in: the articles alice may read',
  });
  await s.step({
    op: 'GET /api/suggestions',
    as: null,
    query: { q: 'x'.repeat(201) },
    status: 400,
  });
  await s.step({
    op: 'POST /api/suggestions/articles/{id}/view',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: { session_id: SESSION },
    status: 200,
    values: (d) => [at(d, 'public'), at(d, 'url') !== ''],
  });
  await s.step({
    op: 'POST /api/suggestions/articles/{id}/view',
    as: null,
    params: { id: ref('content:guide') },
    body: { session_id: SESSION },
    status: 404,
    note: 'not public: not found for an anonymous caller',
  });
  await s.step({
    op: 'POST /api/suggestions/articles/{id}/view',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: { session_id: 'not-a-uuid' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/suggestions/raised',
    as: 'bob',
    body: (side) => ({ session_id: SESSION, ticket_id: side.refs.id('ticket:printer') }),
    status: 404,
    note: "not bob's ticket",
  });
  await s.step({
    op: 'POST /api/suggestions/raised',
    as: 'alice',
    body: (side) => ({ session_id: SESSION, ticket_id: side.refs.id('ticket:printer') }),
    status: 200,
    values: (d) => at(d, 'attached'),
  });
  await s.step({
    op: 'GET /api/suggestions/tickets/{id}/viewed',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: (d, refs) => list(d).map((i) => refs.record(at(i, 'id'))),
  });
  await s.step({
    op: 'GET /api/suggestions/tickets/{id}/viewed',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    status: 403,
    note: 'agents only',
  });
  await s.step({
    op: 'POST /api/suggestions/deflections',
    as: null,
    body: { session_id: SESSION },
    status: 200,
    values: (d) => at(d, 'counted'),
    note: 'a raised session is no deflection',
  });
  await s.step({
    op: 'POST /api/suggestions/deflections',
    as: null,
    body: { session_id: OTHER_SESSION },
    status: 200,
    values: (d) => at(d, 'counted'),
  });
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { body: '<p>This article answers it.</p>' },
    status: 200,
    save: (d, side) => side.refs.set('message:article', num(at(d, 'id'))),
  });
  await s.step({
    op: 'PUT /api/suggestions/messages/{id}/article',
    as: 'agent',
    params: { id: ref('message:article') },
    body: (side) => ({ article_id: side.refs.id('content:policy') }),
    status: 200,
    values: (d, refs) => [refs.record(at(d, 'article_id')), at(d, 'title')],
  });
  await s.step({
    op: 'PUT /api/suggestions/messages/{id}/article',
    as: 'alice',
    params: { id: ref('message:article') },
    body: (side) => ({ article_id: side.refs.id('content:guide') }),
    status: 403,
  });
  await s.step({
    op: 'GET /api/suggestions/records/{id}/sent',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: (d, refs) => list(d).map((i) => refs.record(at(i, 'article_id'))),
  });
  // The real side writes views to article_daily_stats in batches (every few seconds); the
  // mocks count theirs at once. Wait for the guide's view to be written.
  const guideId = s.sides.real.refs.id('content:guide');
  await eventually(async () => {
    const { rowCount } = await s.sides.env.db.query(
      `SELECT 1 FROM article_daily_stats WHERE record_id = $1 AND views > 0`,
      [guideId],
    );
    if (!rowCount) throw new Error('no views written yet');
  });
  await s.step({
    op: 'GET /api/suggestions/stats',
    as: 'agent',
    query: { days: 7 },
    status: 200,
    values: (d) => list(at(d, 'days')).length,
  });
  await s.step({
    op: 'GET /api/suggestions/stats',
    as: 'agent',
    query: { days: 0 },
    status: 400,
  });
  await s.step({
    op: 'GET /api/suggestions/articles/{id}/stats',
    as: 'agent',
    params: { id: ref('content:guide') },
    status: 200,
    values: (d) => [
      at(d, 'public'),
      at(d, 'views'),
      at(d, 'helpful'),
      at(d, 'unhelpful'),
      at(d, 'deflections'),
    ],
    note: "a content item's help centre counts: the guide's one view",
  });
  await s.step({
    op: 'GET /api/suggestions/articles/{id}/stats',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 403,
    note: 'agents only',
  });
  await s.step({
    op: 'GET /api/suggestions/articles/{id}/stats',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 404,
    note: 'a ticket has no help centre counts',
  });
}
