// Working a record: sharing (and then who sees what), classification and favourites, relations,
// following, the history and the details call.
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';
import { MARK } from './records.js';
import { events, nodes, people, record } from '../values.js';

const keepCategory = (name: string) => (d: Json, side: Side) =>
  side.refs.set(name, num(at(d, 'category_id')));

/** The details call as the record view shows it. */
export function details(d: Json, r: Parameters<typeof record>[1]): Json {
  return {
    record: record(at(d, 'record'), r),
    timeline: list(at(d, 'timeline', 'entries')).map((e) => ({
      type: at(e, 'type'),
      event: at(e, 'event') === null ? null : events([at(e, 'event')], r),
      message:
        at(e, 'message') === null
          ? null
          : pick(at(e, 'message'), 'thread', 'action', 'body', 'author_name', 'sent_as_name'),
    })),
    next_cursor: at(d, 'timeline', 'next_cursor') === null ? null : 'a cursor',
    attachments: list(at(d, 'attachments')).map((a) =>
      pick(a, 'file_name', 'content_type', 'size', 'is_image', 'uploaded_by_name'),
    ),
    classification: nodes(at(d, 'classification')),
    related: list(at(d, 'related')).map((x) => ({
      id: r.record(at(x, 'id')),
      ...pick(x, 'object_type', 'title', 'status_name'),
    })),
    shared_with: people(at(d, 'shared_with'), r),
    ...pick(d, 'following', 'permissions', 'send_as'),
  };
}

export async function working(s: Scenario): Promise<void> {
  // Sharing: finding people, then sharing alice's ticket with bob.
  for (const [who, text] of [
    ['alice', 'bob'],
    ['agent', 'example.com'],
    ['alice', 'nobody-like-this'],
  ]) {
    await s.step({
      op: 'GET /api/search/user/by-id/{text}',
      as: who,
      params: { text },
      status: 200,
      values: (d, r) => people(d, r).filter((p) => !String(at(p, 'id')).endsWith(':other')),
      note: `${who} looks for "${text}"`,
    });
  }
  await s.step({
    op: 'GET /api/search/user/by-id/{text}',
    as: 'alice',
    params: { text: ' ' },
    status: 400,
    note: 'blank',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/shared-with/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({
      user_ids: [side.refs.id('user:bob'), side.refs.id('user:bob'), side.refs.id('user:alice')],
    }),
    status: 200,
    values: people,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/shared-with/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { user_ids: [999999] },
    status: 400,
    note: 'nobody with that id',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/shared-with/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { user_ids: 'bob' },
    status: 400,
    note: 'not a list',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/shared-with/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: people,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/shared-with/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { user_ids: [] },
    status: 403,
    note: 'the person it is shared with',
  });
  await s.step({
    op: 'PUT /api/content/{id}/shared-with/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({ user_ids: [side.refs.id('user:bob')] }),
    status: 200,
    values: people,
  });
  await s.step({
    op: 'GET /api/content/{id}/shared-with/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: people,
  });
  await s.step({
    op: 'GET /api/content/{id}/shared-with/',
    as: 'bob',
    params: { id: ref('content:draft') },
    status: 404,
    note: 'not shared with bob',
  });

  // Who sees what now: every scenario record as each person, and the lists of what is shared.
  const sees: Record<string, string[]> = {
    alice: ['ticket:printer', 'ticket:draft', 'content:guide', 'content:draft'],
    bob: ['ticket:printer', 'ticket:battery', 'content:guide'],
    agent: [
      'ticket:printer',
      'ticket:battery',
      'ticket:draft',
      'content:guide',
      'content:policy',
      'content:draft',
    ],
  };
  for (const who of ['alice', 'bob', 'agent']) {
    for (const name of ['ticket:printer', 'ticket:battery', 'ticket:draft']) {
      await s.step({
        op: 'GET /api/ticket/{id}/',
        as: who,
        params: { id: ref(name) },
        status: sees[who].includes(name) ? 200 : 404,
        values: (d, r) => pick(record(d, r), 'id', 'access', 'shared_with_me', 'following'),
        note: `${who} reads ${name}`,
      });
    }
    for (const name of ['content:guide', 'content:policy', 'content:draft']) {
      await s.step({
        op: 'GET /api/content/{id}/',
        as: who,
        params: { id: ref(name) },
        status: sees[who].includes(name) ? 200 : 404,
        values: (d, r) => pick(record(d, r), 'id', 'access', 'shared_with_me', 'following'),
        note: `${who} reads ${name}`,
      });
    }
    await s.step({
      op: 'POST /api/search/ticket/my',
      as: who,
      body: { filters: { text: MARK, shared_with_me: true } },
      status: 200,
      values: (d, r) => list(at(d, 'items')).map((i) => r.record(at(i, 'id'))),
      note: `${who}: shared with me`,
    });
    await s.step({
      op: 'POST /api/search/content/my',
      as: who,
      body: { filters: { text: MARK, shared_with_me: true } },
      status: 200,
      values: (d, r) => list(at(d, 'items')).map((i) => r.record(at(i, 'id'))),
      note: `${who}: shared with me`,
    });
  }

  // Classification: the tree, favourites, a new node (agents), a record's nodes.
  await s.step({ op: 'GET /api/classification/', as: 'alice', status: 200, values: nodes });
  await s.step({
    op: 'GET /api/classification/sub-nodes/{id}',
    as: 'alice',
    params: { id: 9 },
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'GET /api/classification/sub-nodes/{id}',
    as: 'alice',
    params: { id: 12 },
    status: 200,
    values: nodes,
    note: 'a leaf',
  });
  await s.step({
    op: 'GET /api/classification/sub-nodes/{id}',
    as: 'alice',
    params: { id: 9999 },
    status: 404,
  });
  await s.step({
    op: 'GET /api/classification/by-name/{name}',
    as: 'alice',
    params: { name: 'wi' },
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'POST /api/classification/',
    as: 'agent',
    body: { category_name: `${MARK} kit`, parent_id: 1 },
    status: 200,
    values: (d) => nodes([d]),
    save: keepCategory('category:kit'),
  });
  await s.step({
    op: 'POST /api/classification/',
    as: 'agent',
    body: { category_name: `${MARK} spare`, parent_id: null },
    status: 200,
    values: (d) => nodes([d]),
    save: keepCategory('category:spare'),
    note: 'a root',
  });
  await s.step({
    op: 'POST /api/classification/',
    as: 'agent',
    body: { category_name: `${MARK.toLowerCase()} KIT`, parent_id: 1 },
    status: 409,
    note: 'the name is taken there',
  });
  await s.step({
    op: 'POST /api/classification/',
    as: 'agent',
    body: { category_name: '', parent_id: 99999 },
    status: 400,
  });
  await s.step({
    op: 'POST /api/classification/',
    as: 'alice',
    body: { category_name: `${MARK} mine` },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:kit') },
    body: { category_name: `${MARK} toolkit` },
    status: 200,
    values: (d) => nodes([d]),
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:spare') },
    body: (side) => ({ parent_id: side.refs.id('category:kit') }),
    status: 200,
    values: (d) => nodes([d]),
    note: 'moved under another',
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:kit') },
    body: (side) => ({ parent_id: side.refs.id('category:spare') }),
    status: 400,
    note: 'under its own child',
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'agent',
    params: { id: 99999 },
    body: { category_name: 'Nothing' },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:spare') },
    body: { category_name: 'Laptops', parent_id: 1 },
    status: 409,
    note: 'a sibling has the name',
  });
  await s.step({
    op: 'PUT /api/classification/{id}',
    as: 'bob',
    params: { id: ref('category:spare') },
    body: { category_name: 'Mine' },
    status: 403,
  });
  await s.step({
    op: 'GET /api/classification/sub-nodes/{id}',
    as: 'alice',
    params: { id: 1 },
    status: 200,
    values: nodes,
    note: 'with the new node',
  });
  await s.step({
    op: 'POST /api/classification/favorite',
    as: 'alice',
    body: { category_id: 14 },
    status: 200,
    values: (d) => nodes([d]),
  });
  await s.step({
    op: 'POST /api/classification/favorite',
    as: 'alice',
    body: (side) => ({ category_id: side.refs.id('category:kit') }),
    status: 200,
    values: (d) => nodes([d]),
    note: 'a new node',
  });
  await s.step({
    op: 'POST /api/classification/favorite',
    as: 'alice',
    body: { category_id: 14 },
    status: 409,
    note: 'again',
  });
  await s.step({
    op: 'POST /api/classification/favorite',
    as: 'alice',
    body: { category_id: 99999 },
    status: 404,
    note: 'no such node',
  });
  await s.step({
    op: 'POST /api/classification/favorite',
    as: 'alice',
    body: { category_id: 'VPN' },
    status: 400,
    note: 'not an id',
  });
  await s.step({ op: 'GET /api/classification/favorite', as: 'alice', status: 200, values: nodes });
  await s.step({
    op: 'DELETE /api/classification/favorite/{category_id}',
    as: 'alice',
    params: { category_id: 14 },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'DELETE /api/classification/favorite/{category_id}',
    as: 'alice',
    params: { category_id: 14 },
    status: 404,
    note: 'not a favourite any more',
  });
  await s.step({ op: 'GET /api/classification/favorite', as: 'bob', status: 200, values: nodes });

  await s.step({
    op: 'PUT /api/ticket/{id}/classification/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ category_ids: [3, side.refs.id('category:kit'), 3] }),
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/classification/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { category_ids: [3, 99999] },
    status: 400,
    note: 'an unknown node',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/classification/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { category_ids: [] },
    status: 403,
    note: 'shared with him',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/classification/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'PUT /api/content/{id}/classification/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: (side) => ({ category_ids: [22, side.refs.id('category:spare')] }),
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'GET /api/content/{id}/classification/',
    as: 'agent',
    params: { id: ref('content:policy') },
    status: 200,
    values: nodes,
  });
  await s.step({
    op: 'DELETE /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:spare') },
    status: 409,
    note: 'in use',
  });
  await s.step({
    op: 'DELETE /api/classification/{id}',
    as: 'agent',
    params: { id: ref('category:kit') },
    status: 409,
    note: 'has a child',
  });

  // Relations: finding records, relating and unrelating.
  await s.step({
    op: 'POST /api/search/ticket/by-subject',
    as: 'alice',
    body: (side) => ({ text: MARK.toLowerCase(), exclude_id: side.refs.id('ticket:printer') }),
    status: 200,
    values: (d, r) =>
      list(d).map((x) => ({ id: r.record(at(x, 'id')), subject: at(x, 'subject') })),
  });
  await s.step({
    op: 'POST /api/search/ticket/by-subject',
    as: 'agent',
    body: { text: MARK },
    status: 200,
    values: (d, r) =>
      list(d).map((x) => ({ id: r.record(at(x, 'id')), subject: at(x, 'subject') })),
    note: 'an agent',
  });
  await s.step({
    op: 'POST /api/search/ticket/by-subject',
    as: 'alice',
    body: { text: '   ' },
    status: 200,
    values: (d) => d,
    note: 'blank',
  });
  await s.step({
    op: 'POST /api/search/ticket/by-subject',
    as: 'alice',
    body: {},
    status: 400,
    note: 'no text',
  });
  await s.step({
    op: 'POST /api/search/content/by-title',
    as: 'bob',
    body: { text: `${MARK} guide` },
    status: 200,
    values: (d, r) => list(d).map((x) => ({ id: r.record(at(x, 'id')), title: at(x, 'title') })),
  });
  await s.step({
    op: 'GET /api/search/ticket/subject-by-id/{id}',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: (d, r) => ({ id: r.record(at(d, 'id')), subject: at(d, 'subject') }),
  });
  await s.step({
    op: 'GET /api/search/ticket/subject-by-id/{id}',
    as: 'alice',
    params: { id: ref('ticket:draft') },
    status: 404,
    note: 'a draft',
  });
  await s.step({
    op: 'GET /api/search/content/title-by-id/{id}',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: (d, r) => ({ id: r.record(at(d, 'id')), title: at(d, 'title') }),
  });
  await s.step({
    op: 'GET /api/search/content/title-by-id/{id}',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 404,
    note: 'not readable',
  });
  const related = (d: Json, r: Parameters<typeof record>[1]) =>
    list(d).map((x) => ({
      id: r.record(at(x, 'id')),
      ...pick(x, 'object_type', 'title', 'status_name'),
    }));
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('content:guide') }),
    status: 200,
    values: related,
  });
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('ticket:draft') }),
    status: 200,
    values: related,
    note: 'her draft',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('content:guide') }),
    status: 200,
    values: related,
    note: 'again',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('ticket:printer') }),
    status: 400,
    note: 'itself',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('ticket:battery') }),
    status: 404,
    note: 'a ticket she may not read',
  });
  await s.step({
    op: 'POST /api/ticket/{id}/related/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ related_id: side.refs.id('ticket:battery') }),
    status: 403,
    note: 'shared with him',
  });
  await s.step({
    op: 'POST /api/content/{id}/related/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: (side) => ({ related_id: side.refs.id('ticket:battery') }),
    status: 200,
    values: related,
  });
  await s.step({
    op: 'GET /api/ticket/{id}/related/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    status: 200,
    values: related,
    note: 'bob may read the guide, not the draft',
  });
  await s.step({
    op: 'GET /api/content/{id}/related/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: related,
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/related/{related_id}',
    as: 'alice',
    params: { id: ref('ticket:printer'), related_id: ref('ticket:draft') },
    status: 200,
    values: related,
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/related/{related_id}',
    as: 'alice',
    params: { id: ref('ticket:printer'), related_id: ref('ticket:battery') },
    status: 404,
    note: 'a ticket she may not read',
  });
  await s.step({
    op: 'DELETE /api/content/{id}/related/{related_id}',
    as: 'agent',
    params: { id: ref('content:policy'), related_id: ref('ticket:battery') },
    status: 200,
    values: related,
  });
  await s.step({
    op: 'DELETE /api/content/{id}/related/{related_id}',
    as: 'agent',
    params: { id: ref('content:policy'), related_id: ref('ticket:battery') },
    status: 200,
    values: related,
    note: 'no longer related',
  });

  // Following.
  for (const who of ['alice', 'bob', 'agent']) {
    await s.step({
      op: 'GET /api/ticket/{id}/follow/',
      as: who,
      params: { id: ref('ticket:printer') },
      status: 200,
      values: (d) => d,
      note: who,
    });
  }
  await s.step({
    op: 'PUT /api/ticket/{id}/follow/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { following: true },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/follow/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { following: 'yes' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/follow/',
    as: 'bob',
    params: { id: ref('ticket:draft') },
    body: { following: true },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'PUT /api/content/{id}/follow/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: { following: false },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/content/{id}/follow/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/content/{id}/follow/',
    as: 'bob',
    params: { id: ref('content:policy') },
    status: 404,
    note: 'not readable',
  });

  // History and the details call.
  for (const who of ['alice', 'bob', 'agent']) {
    await s.step({
      op: 'GET /api/ticket/{id}/history/',
      as: who,
      params: { id: ref('ticket:printer') },
      status: 200,
      values: events,
      note: who,
    });
    await s.step({
      op: 'GET /api/ticket/{id}/details/',
      as: who,
      params: { id: ref('ticket:printer') },
      status: 200,
      values: details,
      note: who,
    });
  }
  await s.step({
    op: 'GET /api/content/{id}/history/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 200,
    values: events,
  });
  await s.step({
    op: 'GET /api/content/{id}/history/',
    as: 'bob',
    params: { id: ref('content:draft') },
    status: 404,
    note: 'not his',
  });
  for (const [who, name] of [
    ['alice', 'content:guide'],
    ['agent', 'content:guide'],
    ['agent', 'content:policy'],
  ]) {
    await s.step({
      op: 'GET /api/content/{id}/details/',
      as: who,
      params: { id: ref(name) },
      status: 200,
      values: details,
      note: `${who} on ${name}`,
    });
  }
  await s.step({
    op: 'GET /api/content/{id}/details/',
    as: 'bob',
    params: { id: ref('content:draft') },
    status: 404,
    note: 'not his',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/details/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    query: { before: 'yesterday' },
    status: 400,
    note: 'not a cursor',
  });
}
