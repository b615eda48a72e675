// What helpdesk agents do: assign, move, duplicate, make content searchable, bulk actions, saved
// views and macros. Regular users get 403 on each.
import {
  at,
  list,
  num,
  pick,
  ref,
  type Json,
  type Refs,
  type Scenario,
  type Side,
} from '../harness.js';
import { keepVersion, MARK, version } from './records.js';
import { people, record } from '../values.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const both =
  (...fns: ((d: Json, side: Side) => void)[]) =>
  (d: Json, side: Side) => {
    for (const fn of fns) fn(d, side);
  };

/** A bulk answer: who succeeded and who was refused why, by name. */
const bulk = (d: Json, r: Refs): Json => ({
  ...pick(d, 'action', 'capped', 'cap'),
  succeeded: list(at(d, 'succeeded')).map((id) => r.record(id)),
  refused: list(at(d, 'refused')).map((x) => ({
    id: r.record(at(x, 'id')),
    ...pick(x, 'code', 'reason'),
  })),
});

const view = (d: Json, r: Refs): Json => ({
  ...pick(d, 'name', 'object_type', 'shared', 'filters', 'sort', 'columns', 'owner_name', 'mine'),
  owner: r.name('user', at(d, 'owner_id')),
});

const macro = (d: Json, r: Refs): Json => ({
  ...pick(d, 'name', 'body', 'status_name', 'priority_name', 'assignee_name', 'category_ids'),
  assignee: r.name('user', at(d, 'assignee_id')),
});

export async function agents(s: Scenario): Promise<void> {
  await s.step({
    op: 'GET /api/agents/',
    as: 'agent',
    status: 200,
    values: (d, r) => people(d, r).filter((p) => !String(at(p, 'id')).endsWith(':other')),
  });
  await s.step({ op: 'GET /api/agents/', as: 'alice', status: 403 });

  // Assigning, moving, duplicating: versions, rules and refusals.
  await s.step({
    op: 'PUT /api/ticket/{id}/assign/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: (side) => ({
      assignee_id: side.refs.id('user:agent'),
      version: version('ticket:printer')(side),
    }),
    status: 200,
    values: record,
    save: keepVersion('ticket:printer'),
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/assign/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ assignee_id: side.refs.id('user:agent'), version: 1 }),
    status: 409,
    values: (d, r) => record(at(d, 'current'), r),
    note: 'a stale version',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/assign/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: (side) => ({
      assignee_id: side.refs.id('user:bob'),
      version: version('ticket:printer')(side),
    }),
    status: 400,
    note: 'not an agent',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/assign/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ assignee_id: null, version: version('ticket:printer')(side) }),
    status: 403,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/assign/',
    as: 'bob',
    params: { id: ref('ticket:draft') },
    body: { assignee_id: null, version: 1 },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'PUT /api/content/{id}/assign/',
    as: 'agent',
    params: { id: ref('content:guide') },
    body: (side) => ({
      assignee_id: side.refs.id('user:agent'),
      version: version('content:guide')(side),
    }),
    status: 200,
    values: record,
    save: keepVersion('content:guide'),
  });
  await s.step({
    op: 'POST /api/ticket/{id}/move/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ hd_id: 2, version: version('ticket:printer')(side) }),
    status: 200,
    values: record,
    save: keepVersion('ticket:printer'),
  });
  await s.step({
    op: 'POST /api/ticket/{id}/move/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ hd_id: 7, version: version('ticket:printer')(side) }),
    status: 400,
    note: 'a help desk of content',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/move/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ hd_id: 3, version: version('ticket:printer')(side) }),
    status: 403,
    note: 'shared with him',
  });
  await s.step({
    op: 'POST /api/content/{id}/move/',
    as: 'agent',
    params: { id: ref('content:guide') },
    body: (side) => ({ hd_id: 9, version: version('content:guide')(side) }),
    status: 200,
    values: record,
    save: keepVersion('content:guide'),
  });
  await s.step({
    op: 'POST /api/content/{id}/move/',
    as: 'agent',
    params: { id: ref('content:guide') },
    body: { hd_id: 9, version: 1 },
    status: 409,
    values: (d, r) => record(at(d, 'current'), r),
    note: 'a stale version',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/duplicate/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: record,
    save: both(keep('ticket:copy'), keepVersion('ticket:copy')),
  });
  await s.step({
    op: 'GET /api/ticket/{id}/shared-with/',
    as: 'agent',
    params: { id: ref('ticket:copy') },
    status: 200,
    values: people,
    note: 'the copy is shared as the original',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/classification/',
    as: 'agent',
    params: { id: ref('ticket:copy') },
    status: 200,
    values: (d) => list(d).map((n) => at(n, 'category_name')),
    note: 'the copy is classified as the original',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/duplicate/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    status: 403,
  });
  await s.step({
    op: 'POST /api/content/{id}/duplicate/',
    as: 'agent',
    params: { id: ref('content:policy') },
    status: 200,
    values: record,
    save: both(keep('content:copy'), keepVersion('content:copy')),
  });
  await s.step({
    op: 'PUT /api/content/{id}/searchable/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: (side) => ({ searchable: true, version: version('content:policy')(side) }),
    status: 200,
    values: record,
    save: keepVersion('content:policy'),
  });
  await s.step({
    op: 'PUT /api/content/{id}/searchable/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: { searchable: 'yes', version: 1 },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/content/{id}/searchable/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: { searchable: false, version: 1 },
    status: 409,
    values: (d, r) => record(at(d, 'current'), r),
    note: 'a stale version',
  });
  await s.step({
    op: 'PUT /api/content/{id}/searchable/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({ searchable: true, version: version('content:guide')(side) }),
    status: 403,
  });

  // Now searchable: every signed-in user reads the policy (and only reads it).
  for (const who of ['alice', 'bob']) {
    await s.step({
      op: 'GET /api/content/{id}/',
      as: who,
      params: { id: ref('content:policy') },
      status: 200,
      values: record,
      note: `${who} reads the searchable policy`,
    });
  }
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'bob',
    params: { id: ref('content:policy') },
    body: (side) => ({ version: version('content:policy')(side), title: `${MARK} mine now` }),
    status: 403,
    note: 'a reader',
  });
  await s.step({
    op: 'DELETE /api/content/{id}/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 403,
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/content/{id}/shared-with/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 403,
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/content/{id}/history/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 403,
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/content/{id}/communication/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 403,
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/attachment/{type}/{id}',
    as: 'bob',
    params: { type: 'C', id: ref('content:policy') },
    status: 200,
    values: (d) => d,
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/content/{id}/related/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 200,
    values: (d, r) => list(d).map((x) => r.record(at(x, 'id'))),
    note: 'a reader',
  });
  await s.step({
    op: 'GET /api/content/{id}/details/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 200,
    values: (d, r) => ({
      record: record(at(d, 'record'), r),
      ...pick(d, 'timeline', 'shared_with', 'following', 'permissions', 'send_as'),
    }),
    note: 'a reader',
  });
  await s.step({
    op: 'PUT /api/content/{id}/follow/',
    as: 'bob',
    params: { id: ref('content:policy') },
    body: { following: true },
    status: 200,
    values: (d) => d,
    note: 'a reader follows',
  });

  // Bulk actions: chosen records with versions, a list filter, refusals per record.
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      action: 'priority',
      value: 1,
      records: [
        { id: side.refs.id('ticket:printer'), version: version('ticket:printer')(side) },
        { id: side.refs.id('ticket:battery'), version: 1 },
        { id: 999999, version: 1 },
      ],
    }),
    status: 200,
    values: bulk,
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: { object_type: 'T', action: 'status', value: 4, filter: { filters: { text: MARK } } },
    status: 200,
    values: bulk,
    note: 'every ticket the filter lists',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      action: 'assign',
      value: side.refs.id('user:alice'),
      records: [{ id: side.refs.id('ticket:battery') }],
    }),
    status: 200,
    values: bulk,
    note: 'to someone who is not an agent',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'C',
      action: 'classify',
      value: 15,
      records: [{ id: side.refs.id('content:guide') }, { id: side.refs.id('ticket:battery') }],
    }),
    status: 200,
    values: bulk,
    note: 'a ticket among content',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: { object_type: 'C', action: 'priority', value: 1, filter: {} },
    status: 400,
    note: 'content has no priority',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: { object_type: 'T', action: 'status', records: [{ id: 1 }] },
    status: 400,
    note: 'no value',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: { object_type: 'T', action: 'status', value: 2 },
    status: 400,
    note: 'neither records nor a filter',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'alice',
    body: { object_type: 'T', action: 'delete', records: [{ id: 1 }] },
    status: 403,
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: { filters: { text: MARK }, sort: 'id' },
    status: 200,
    values: (d, r) =>
      list(at(d, 'items')).map((i) => ({
        id: r.record(at(i, 'id')),
        ...pick(i, 'status_name', 'priority_name', 'assignee_name', 'version'),
      })),
    note: 'after the bulk actions',
  });

  // Saved views.
  await s.step({
    op: 'POST /api/views/',
    as: 'agent',
    body: {
      name: `  ${MARK} resolved  `,
      object_type: 'T',
      shared: true,
      filters: { text: MARK, status_id: 4 },
      sort: '-updated_at',
      columns: ['title', 'status', 'assignee'],
    },
    status: 200,
    values: view,
    save: keep('view:resolved'),
  });
  await s.step({
    op: 'POST /api/views/',
    as: 'agent',
    body: {
      name: `${MARK} articles`,
      object_type: 'C',
      filters: { text: MARK },
      sort: 'title',
      columns: ['title'],
    },
    status: 200,
    values: view,
    save: keep('view:articles'),
  });
  await s.step({
    op: 'POST /api/views/',
    as: 'agent',
    body: { name: '', object_type: 'T', filters: {}, sort: 'sideways', columns: ['nope'] },
    status: 400,
  });
  await s.step({
    op: 'POST /api/views/',
    as: 'agent',
    body: { name: 'Sorted oddly', object_type: 'C', filters: {}, sort: 'priority', columns: [] },
    status: 400,
    note: 'a ticket sort for content',
  });
  await s.step({
    op: 'POST /api/views/',
    as: 'bob',
    body: { name: 'Mine', object_type: 'T', filters: {}, sort: 'id', columns: [] },
    status: 403,
  });
  const ownViews = (d: Json, r: Refs) =>
    list(d)
      .filter((v) => !r.name('view', at(v, 'id')).endsWith(':other'))
      .map((v) => view(v, r));
  await s.step({ op: 'GET /api/views/', as: 'agent', status: 200, values: ownViews });
  await s.step({ op: 'GET /api/views/', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/views/counts/',
    as: 'agent',
    status: 200,
    values: (d, r) =>
      list(d)
        .filter((c) => !r.name('view', at(c, 'id')).endsWith(':other'))
        .map((c) => ({ view: r.name('view', at(c, 'id')), ...pick(c, 'count', 'capped') })),
  });
  await s.step({ op: 'GET /api/views/counts/', as: 'bob', status: 403 });
  await s.step({
    op: 'PUT /api/views/{id}/',
    as: 'agent',
    params: { id: ref('view:resolved') },
    body: {
      name: `${MARK} resolved or closed`,
      object_type: 'T',
      shared: false,
      filters: { text: MARK, status_group: 'closed' },
      sort: 'priority',
      columns: ['title', 'priority'],
    },
    status: 200,
    values: view,
  });
  await s.step({
    op: 'PUT /api/views/{id}/',
    as: 'agent',
    params: { id: 999999 },
    body: { name: 'Gone', object_type: 'T', filters: {}, sort: 'id', columns: [] },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/views/{id}/',
    as: 'agent',
    params: { id: ref('view:resolved') },
    body: { name: 'No columns', object_type: 'T', filters: {}, sort: 'id' },
    status: 400,
    note: 'columns missing',
  });
  await s.step({
    op: 'DELETE /api/views/{id}/',
    as: 'agent',
    params: { id: ref('view:articles') },
    status: 200,
    values: (d, r) => r.name('view', at(d, 'id')),
  });
  await s.step({
    op: 'DELETE /api/views/{id}/',
    as: 'agent',
    params: { id: ref('view:articles') },
    status: 404,
    note: 'again',
  });
  await s.step({
    op: 'DELETE /api/views/{id}/',
    as: 'alice',
    params: { id: ref('view:resolved') },
    status: 403,
  });

  // Macros.
  await s.step({
    op: 'GET /api/macros',
    as: 'agent',
    status: 200,
    values: (d, r) => list(d).map((m) => macro(m, r)),
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'agent',
    body: (side) => ({
      name: ` ${MARK} printer fixed `,
      body: '<p>Hello {{requester_name}}, fixed.</p><script>x()</script>',
      status_id: 4,
      priority_id: null,
      assignee_id: side.refs.id('user:agent'),
      category_ids: [3],
    }),
    status: 200,
    values: macro,
    save: keep('macro:fixed'),
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'agent',
    body: { name: `${MARK} ask for details` },
    status: 200,
    values: macro,
    save: keep('macro:ask'),
    note: 'only a name',
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'agent',
    body: { name: `${MARK.toUpperCase()} PRINTER FIXED` },
    status: 400,
    note: 'the name is taken',
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'agent',
    body: { name: `${MARK} odd`, status_id: 99, priority_id: 99 },
    status: 400,
    note: 'unknown status and priority',
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'agent',
    body: (side) => ({ name: `${MARK} to bob`, assignee_id: side.refs.id('user:bob') }),
    status: 400,
    note: 'assigns to someone who is not an agent',
  });
  await s.step({
    op: 'POST /api/macros',
    as: 'alice',
    body: { name: `${MARK} mine` },
    status: 403,
  });
  await s.step({
    op: 'GET /api/macros',
    as: 'agent',
    status: 200,
    values: (d, r) => list(d).map((m) => macro(m, r)),
    note: 'by name',
  });
  await s.step({
    op: 'GET /api/macros/{id}',
    as: 'agent',
    params: { id: ref('macro:fixed') },
    status: 200,
    values: macro,
  });
  await s.step({ op: 'GET /api/macros/{id}', as: 'agent', params: { id: 99999 }, status: 404 });
  await s.step({
    op: 'GET /api/macros/{id}',
    as: 'bob',
    params: { id: ref('macro:fixed') },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/macros/{id}',
    as: 'agent',
    params: { id: ref('macro:ask') },
    body: { name: `${MARK} ask for a photo`, body: '<p>A photo please.</p>', priority_id: 3 },
    status: 200,
    values: macro,
  });
  await s.step({
    op: 'PUT /api/macros/{id}',
    as: 'agent',
    params: { id: ref('macro:ask') },
    body: { name: `${MARK} printer fixed` },
    status: 400,
    note: 'another macro’s name',
  });
  await s.step({
    op: 'PUT /api/macros/{id}',
    as: 'agent',
    params: { id: 99999 },
    body: { name: 'Gone' },
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/macros/{id}',
    as: 'agent',
    params: { id: ref('macro:ask') },
    status: 200,
    values: (d, r) => r.name('macro', at(d, 'id')),
  });
  await s.step({
    op: 'DELETE /api/macros/{id}',
    as: 'agent',
    params: { id: ref('macro:ask') },
    status: 404,
    note: 'again',
  });
  await s.step({
    op: 'DELETE /api/macros/{id}',
    as: 'alice',
    params: { id: ref('macro:fixed') },
    status: 403,
  });
}
