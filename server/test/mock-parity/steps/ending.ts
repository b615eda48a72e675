// Live events and presence; deleting what the scenario made; and the 401 of every operation that
// needs a session.
import {
  at,
  documentedOperations,
  list,
  ref,
  type Json,
  type JsonObject,
  type LiveEvent,
  type Scenario,
} from '../harness.js';
import { MARK } from './records.js';

const byName = (d: Json) => list(d).map((p) => at(p, 'fullname'));

/** The first `ready` event and a presence event of each side's stream, compared by name. */
export async function live(s: Scenario): Promise<void> {
  const { mock, real } = s.sides;
  const op = 'GET /api/events' as const;
  s.covered.add(op);
  const streams = await Promise.all(
    [mock, real].map((side) => side.events(side.tokens.get('agent') ?? '')),
  );
  try {
    const [m, r] = streams;
    if (r.status === 200) s.succeeded.add(op);
    if (m.status !== r.status)
      s.differ(op, `status: the mocks ${m.status}, the server ${r.status}`);
    if (m.type !== r.type) s.differ(op, `content type: the mocks ${m.type}, the server ${r.type}`);
    const ready = (e: LiveEvent) => e.event === 'ready';
    const [mr, rr] = await Promise.all([m.next(ready), r.next(ready)]);
    const readyOf = (e: LiveEvent, side: typeof mock) => ({
      user: side.refs.name('user', e.data.user_id),
    });
    if (JSON.stringify(readyOf(mr, mock)) !== JSON.stringify(readyOf(rr, real))) {
      s.differ(
        op,
        `ready: the mocks say ${JSON.stringify(mr.data)}, the server ${JSON.stringify(rr.data)}`,
      );
    }

    // Presence: alice views her ticket; the agent's stream hears who is there.
    await s.step({
      op: 'POST /api/records/{id}/presence',
      as: 'alice',
      params: { id: ref('ticket:printer') },
      body: { state: 'typing' },
      status: 200,
      values: (d) => d,
    });
    const presence = (side: typeof mock) => (e: LiveEvent) =>
      e.event === 'presence' && e.data.record_id === side.refs.id('ticket:printer');
    const [mp, rp] = await Promise.all([m.next(presence(mock)), r.next(presence(real))]);
    const presenceOf = (e: LiveEvent): JsonObject => ({
      keys: Object.keys(e.data).sort(),
      viewing: byName(e.data.viewing),
      typing: byName(e.data.typing),
    });
    if (JSON.stringify(presenceOf(mp)) !== JSON.stringify(presenceOf(rp))) {
      s.differ(
        op,
        `presence event: the mocks say ${JSON.stringify(presenceOf(mp))}, the server ${JSON.stringify(presenceOf(rp))}`,
      );
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  await s.step({
    op: 'POST /api/records/{id}/presence',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { state: 'sleeping' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/records/{id}/presence',
    as: 'bob',
    params: { id: ref('ticket:draft') },
    body: { state: 'viewing' },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'POST /api/records/{id}/presence',
    as: 'bob',
    params: { id: ref('content:policy') },
    body: { state: 'viewing' },
    status: 403,
    note: 'a reader',
  });
}

/** Deleting: drafts by their owner, anything by an agent; what is left afterwards. */
export async function deleting(s: Scenario): Promise<void> {
  await s.step({
    op: 'DELETE /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    status: 403,
    note: 'submitted, by its requester',
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/',
    as: 'bob',
    params: { id: ref('ticket:draft') },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:draft') },
    status: 200,
    values: (d, r) => r.record(at(d, 'id')),
    note: 'her draft',
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:copy') },
    status: 200,
    values: (d, r) => r.record(at(d, 'id')),
    note: 'an agent',
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:copy') },
    status: 404,
    note: 'again',
  });
  await s.step({
    op: 'DELETE /api/content/{id}/',
    as: 'agent',
    params: { id: ref('content:copy') },
    status: 200,
    values: (d, r) => r.record(at(d, 'id')),
  });
  await s.step({
    op: 'DELETE /api/content/{id}/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 403,
    note: 'submitted, by its author',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      action: 'delete',
      records: [{ id: side.refs.id('ticket:battery') }, { id: side.refs.id('ticket:draft') }],
    }),
    status: 200,
    values: (d, r) => ({
      succeeded: list(at(d, 'succeeded')).map((id) => r.record(id)),
      refused: list(at(d, 'refused')).map((x) => [
        r.record(at(x, 'id')),
        at(x, 'code'),
        at(x, 'reason'),
      ]),
    }),
    note: 'delete in bulk',
  });
  await s.step({
    op: 'DELETE /api/classification/{id}',
    as: 'alice',
    params: { id: ref('category:spare') },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/content/{id}/classification/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: { category_ids: [] },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'DELETE /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:spare') },
    status: 200,
    values: (d, r) => r.name('category', at(d, 'category_id')),
  });
  await s.step({
    op: 'DELETE /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:spare') },
    status: 404,
    note: 'again',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { text: MARK }, sort: 'id' },
    status: 200,
    values: (d, r) => ({
      total: at(d, 'total'),
      items: list(at(d, 'items')).map((i) => r.record(at(i, 'id'))),
    }),
    note: 'what is left',
  });
}

/** Every operation that needs a session answers 401 without one, and with a forged one. */
export async function unauthorized(s: Scenario): Promise<void> {
  for (const { op, secured } of documentedOperations()) {
    if (!secured) continue;
    // Any value fits the path: the session is checked before anything else.
    const params = Object.fromEntries(
      [...op.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, name === 'type' ? 'T' : 1]),
    );
    await s.step({ op, as: null, params, status: 401, note: 'no session' });
  }
  s.sides.mock.tokens.set('forged', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
  s.sides.real.tokens.set('forged', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged');
  await s.step({ op: 'GET /api/user/me', as: 'forged', status: 401, note: 'a forged token' });
  await s.step({
    op: 'GET /api/public/pre-login',
    as: 'forged',
    status: 200,
    values: (d) => d,
    note: 'a forged token',
  });
}
