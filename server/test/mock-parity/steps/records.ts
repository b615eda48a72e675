// Tickets and content items: create, read, edit (with versions), discard drafts, the four lists.
// The scenario's records all have "Quokka" in their titles, so a list filtered by that word
// holds only them on both sides.
import { at, num, ref, type Json, type Scenario, type Side } from '../harness.js';
import { page, record } from '../values.js';

export const MARK = 'Quokka';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

/** `version` of a record as each side has it now (kept by `keepVersion`). */
export const version = (name: string) => (side: Side) => side.refs.id(`version:${name}`);
export const keepVersion = (name: string) => (d: Json, side: Side) =>
  side.refs.set(`version:${name}`, num(at(d, 'version')));

const both =
  (...fns: ((d: Json, side: Side) => void)[]) =>
  (d: Json, side: Side) => {
    for (const fn of fns) fn(d, side);
  };

const listBody = (filters: Record<string, Json>, sort = '-created_at'): Json => ({
  page: 1,
  page_size: 25,
  sort,
  filters: { text: MARK, ...filters },
});

export async function records(s: Scenario): Promise<void> {
  // Creating: submitted tickets and content, a draft, and what is refused.
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: {
      subject: `${MARK} printer jams on floor two`,
      description: '<p>It <b>jams</b> every morning.</p><script>alert(1)</script>',
      priority_id: 3,
      company_id: 2,
      is_draft: false,
    },
    status: 200,
    values: record,
    save: both(keep('ticket:printer'), keepVersion('ticket:printer')),
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: { subject: `${MARK} draft about the projector`, is_draft: true },
    status: 200,
    values: record,
    save: both(keep('ticket:draft'), keepVersion('ticket:draft')),
    note: 'a draft',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'bob',
    body: {
      subject: `${MARK} laptop battery drains`,
      description: '<p>Half an hour at most.</p>',
      priority_id: 2,
      hd_id: 2,
    },
    status: 200,
    values: record,
    save: both(keep('ticket:battery'), keepVersion('ticket:battery')),
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: { description: '<p>No subject.</p>', priority_id: 2 },
    status: 400,
    note: 'no subject',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: { subject: `${MARK} empty`, description: '<p> </p>', is_draft: false },
    status: 400,
    note: 'submitted without description and priority',
  });
  await s.step({
    op: 'POST /api/ticket/',
    as: 'alice',
    body: { subject: `${MARK} bad desk`, description: '<p>x</p>', priority_id: 2, hd_id: 5 },
    status: 400,
    note: 'a help desk of content',
  });
  await s.step({
    op: 'POST /api/content/',
    as: 'alice',
    body: {
      title: `${MARK} guide to the VPN`,
      body: '<p>Open the portal.</p>',
      content_type_id: 1,
    },
    status: 200,
    values: record,
    save: both(keep('content:guide'), keepVersion('content:guide')),
  });
  await s.step({
    op: 'POST /api/content/',
    as: 'agent',
    body: {
      title: `${MARK} holiday policy`,
      body: '<p>Ask two weeks ahead.</p>',
      content_type_id: 5,
      hd_id: 8,
    },
    status: 200,
    values: record,
    save: both(keep('content:policy'), keepVersion('content:policy')),
  });
  await s.step({
    op: 'POST /api/content/',
    as: 'alice',
    body: { title: `${MARK} unfinished article`, is_draft: true },
    status: 200,
    values: record,
    save: both(keep('content:draft'), keepVersion('content:draft')),
    note: 'a draft',
  });
  await s.step({
    op: 'POST /api/content/',
    as: 'alice',
    body: { title: '', body: '<p>x</p>' },
    status: 400,
    note: 'empty title',
  });

  // Reading: who sees what.
  for (const who of ['alice', 'bob', 'agent']) {
    await s.step({
      op: 'GET /api/ticket/{id}/',
      as: who,
      params: { id: ref('ticket:printer') },
      status: who === 'bob' ? 404 : 200,
      values: record,
      note: who,
    });
    await s.step({
      op: 'GET /api/content/{id}/',
      as: who,
      params: { id: ref('content:guide') },
      status: who === 'bob' ? 404 : 200,
      values: record,
      note: who,
    });
  }
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: 999999 },
    status: 404,
    note: 'no such ticket',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('content:guide') },
    status: 404,
    note: 'a content id',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: 'abc' },
    status: 400,
    note: 'not an id',
  });

  // Editing: versions, the status rules, drafts.
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({
      version: version('ticket:printer')(side),
      subject: `${MARK} printer jams on floor three`,
      priority_id: 4,
      company_id: null,
    }),
    status: 200,
    values: record,
    save: keepVersion('ticket:printer'),
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { version: 1, subject: `${MARK} stale edit` },
    status: 409,
    values: (d, r) => record(at(d, 'current'), r),
    note: 'a stale version',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ version: version('ticket:printer')(side), status_id: 3 }),
    status: 403,
    note: 'the requester may not set Pending',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ version: version('ticket:printer')(side), status_id: 5 }),
    status: 200,
    values: record,
    save: keepVersion('ticket:printer'),
    note: 'the requester closes',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ version: version('ticket:printer')(side), status_id: 2 }),
    status: 200,
    values: record,
    save: keepVersion('ticket:printer'),
    note: 'and reopens',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: (side) => ({ version: version('ticket:printer')(side), is_draft: true }),
    status: 400,
    note: 'back to draft',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { subject: 'no version' },
    status: 400,
    note: 'no version',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { version: 1, subject: `${MARK} not mine` },
    status: 404,
    note: 'someone else’s ticket',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:draft') },
    body: (side) => ({ version: version('ticket:draft')(side), is_draft: false }),
    status: 400,
    note: 'submitting a draft without description',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:battery') },
    body: (side) => ({
      version: version('ticket:battery')(side),
      status_id: 3,
      hd_id: 3,
      description: '<p>Half an hour at most, <i>since the update</i>.</p>',
    }),
    status: 200,
    values: record,
    save: keepVersion('ticket:battery'),
    note: 'an agent sets Pending',
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({
      version: version('content:guide')(side),
      title: `${MARK} guide to the VPN portal`,
      content_type_id: 2,
      hd_id: 7,
    }),
    status: 200,
    values: record,
    save: keepVersion('content:guide'),
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({ version: version('content:guide')(side), status_id: 7 }),
    status: 403,
    note: 'only agents publish',
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'agent',
    params: { id: ref('content:policy') },
    body: (side) => ({ version: version('content:policy')(side), status_id: 7 }),
    status: 200,
    values: record,
    save: keepVersion('content:policy'),
    note: 'an agent publishes',
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'alice',
    params: { id: ref('content:draft') },
    body: (side) => ({
      version: version('content:draft')(side),
      body: '<p>Now with a body.</p>',
      content_type_id: 3,
      is_draft: false,
    }),
    status: 200,
    values: record,
    save: keepVersion('content:draft'),
    note: 'submitting a draft',
  });

  // Lists: own, all (agents), filters and sorts.
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: listBody({}),
    status: 200,
    values: page,
  });
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: listBody({ is_draft: true }),
    status: 200,
    values: page,
    note: 'drafts',
  });
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: { page: 1, page_size: 5 },
    status: 200,
    note: 'no filters',
  });
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: listBody({ status_group: 'open' }),
    status: 200,
    values: page,
    note: 'open ones',
  });
  await s.step({
    op: 'POST /api/search/ticket/my',
    as: 'alice',
    body: listBody({}, 'sideways'),
    status: 400,
    note: 'an unknown sort',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'alice',
    body: listBody({}),
    status: 403,
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: listBody({}, 'subject'),
    status: 200,
    values: page,
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: listBody({ priority_id: 4, status_id: 2 }),
    status: 200,
    values: page,
    note: 'by priority and status',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: listBody({ status_group: 'closed' }, '-priority'),
    status: 200,
    values: page,
    note: 'closed ones',
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: (side) => listBody({ requester_id: side.refs.id('user:bob') }),
    status: 200,
    values: page,
    note: 'by requester',
  });
  await s.step({
    op: 'POST /api/search/content/my',
    as: 'alice',
    body: listBody({}, 'title'),
    status: 200,
    values: page,
  });
  await s.step({
    op: 'POST /api/search/content/hd',
    as: 'bob',
    body: listBody({}),
    status: 403,
  });
  await s.step({
    op: 'POST /api/search/content/hd',
    as: 'agent',
    body: listBody({}),
    status: 200,
    values: page,
  });
  await s.step({
    op: 'POST /api/search/content/hd',
    as: 'agent',
    body: listBody({ status_id: 7, content_type_id: 5 }),
    status: 200,
    values: page,
    note: 'published policies',
  });
  await s.step({
    op: 'POST /api/search/content/hd',
    as: 'agent',
    body: { page: 0, page_size: 500 },
    status: 400,
    note: 'page and size out of range',
  });
}
