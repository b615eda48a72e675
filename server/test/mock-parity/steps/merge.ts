// Merge, split and typed links (docs/api-working.md "Merge and split", "Relations"): an agent
// merges alice's duplicate into her ticket, splits a message out, links parent and child and
// solves the parent with its children; the refusals (403, 404, 409, 400) on the way.
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
import { message, record } from '../values.js';

const keep = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

const merged = (d: Json, r: Refs): Json => ({
  id: r.record(at(d, 'id')),
  merged_ids: list(at(d, 'merged_ids')).map((x) => r.record(x)),
});

const related = (d: Json, r: Refs): Json =>
  list(d).map((x) => ({
    id: r.record(at(x, 'id')),
    ...pick(x, 'object_type', 'title', 'status_name', 'status_closed', 'link'),
  }));

const thread = (d: Json, r: Refs): Json =>
  list(d).map((m) => ({
    ...(message(m, r) as object),
    merged_from: at(m, 'merged_from_id') === null ? 'none' : r.record(at(m, 'merged_from_id')),
  })) as Json;

export async function merging(s: Scenario): Promise<void> {
  for (const [name, who, subject] of [
    ['ticket:m-target', 'alice', 'screen flickers'],
    ['ticket:m-source', 'alice', 'screen flickers again'],
    ['ticket:m-bob', 'bob', 'my screen flickers too'],
  ] as const) {
    await s.step({
      op: 'POST /api/ticket/',
      as: who,
      body: {
        subject: `${MARK} ${subject}`,
        description: `<p>${subject}</p>`,
        priority_id: 2,
        is_draft: false,
      },
      status: 200,
      values: record,
      save: keep(name),
      note: `merge: ${name}`,
    });
  }
  await s.step({
    op: 'POST /api/ticket/{id}/communication/',
    as: 'alice',
    params: { id: ref('ticket:m-source') },
    body: { body: '<p>It got worse.</p>' },
    status: 200,
    values: message,
    save: keep('message:m-worse'),
    note: 'merge: a reply on the source',
  });

  const merge = (as: string, target: string, sources: string[], extra: Json = {}) => ({
    op: 'POST /api/ticket/{id}/merge/' as const,
    as,
    params: { id: ref(target) },
    body: (side: Side) => ({
      source_ids: sources.map((n) => (n === 'missing' ? 999999999 : side.refs.id(n))),
      ...(extra as object),
    }),
  });
  await s.step({ ...merge('alice', 'ticket:m-target', ['ticket:m-source']), status: 403 });
  await s.step({
    ...merge('agent', 'ticket:m-target', ['ticket:m-target']),
    status: 409,
    note: 'itself',
  });
  await s.step({
    ...merge('agent', 'ticket:m-target', ['missing']),
    status: 404,
    note: 'a ticket that is not there',
  });
  await s.step({
    ...merge('agent', 'ticket:m-target', ['ticket:m-bob']),
    status: 409,
    note: 'another requester, unconfirmed',
  });
  await s.step({ ...merge('agent', 'ticket:m-target', []), status: 400, note: 'no sources' });
  await s.step({
    ...merge('agent', 'ticket:m-target', ['ticket:m-source']),
    status: 200,
    values: merged,
  });
  await s.step({
    ...merge('agent', 'ticket:m-source', ['ticket:m-bob'], { confirm_requesters: true }),
    status: 409,
    note: 'into a merged ticket',
  });
  await s.step({
    ...merge('agent', 'ticket:m-bob', ['ticket:m-source'], { confirm_requesters: true }),
    status: 409,
    note: 'a merged source',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/details/',
    as: 'alice',
    params: { id: ref('ticket:m-source') },
    status: 200,
    values: (d, r) => ({
      merged_into: r.record(at(d, 'merged_into', 'id')),
      status: at(d, 'record', 'status_name'),
    }),
    note: 'a merged ticket answers with its target',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/communication/',
    as: 'alice',
    params: { id: ref('ticket:m-target') },
    status: 200,
    values: thread,
    note: 'the moved messages, marked',
  });

  // Split the moved reply out again, into a ticket of its own.
  const split = (as: string, body: (side: Side) => Json) => ({
    op: 'POST /api/ticket/{id}/split/' as const,
    as,
    params: { id: ref('ticket:m-target') },
    body,
  });
  await s.step({
    ...split('alice', (side) => ({ message_id: side.refs.id('message:m-worse') })),
    status: 403,
  });
  await s.step({
    ...split('agent', () => ({ message_id: 999999999 })),
    status: 400,
    note: 'not a message of it',
  });
  await s.step({
    ...split('agent', (side) => ({
      message_id: side.refs.id('message:m-worse'),
      with_following: true,
      subject: `${MARK} worse screen`,
    })),
    status: 200,
    values: (d, r) => ({
      id: r.record(at(d, 'id')),
      moved: list(at(d, 'moved_message_ids')).length,
    }),
    save: keep('ticket:m-split'),
  });
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'alice',
    params: { id: ref('ticket:m-split') },
    status: 200,
    values: record,
    note: 'the split ticket',
  });

  // Typed links: target parent of the split ticket, the split ticket parent of bob's; a loop.
  const link = (from: string, to: string, kind: string) => ({
    op: 'POST /api/ticket/{id}/related/' as const,
    as: 'agent',
    params: { id: ref(from) },
    body: (side: Side) => ({ related_id: side.refs.id(to), link: kind }),
  });
  await s.step({
    ...link('ticket:m-target', 'ticket:m-split', 'parent_of'),
    status: 200,
    values: related,
    note: 'typed: parent of',
  });
  await s.step({
    ...link('ticket:m-bob', 'ticket:m-split', 'child_of'),
    status: 200,
    values: related,
    note: 'typed: child of',
  });
  await s.step({
    ...link('ticket:m-bob', 'ticket:m-target', 'parent_of'),
    status: 409,
    note: 'a loop of parents',
  });
  await s.step({
    ...link('ticket:m-bob', 'ticket:m-target', 'cousin_of'),
    status: 400,
    note: 'an unknown type',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/related/',
    as: 'agent',
    params: { id: ref('ticket:m-split') },
    status: 200,
    values: related,
    note: 'each side sees the inverse',
  });

  // Solving the parent with its open children.
  await s.step({
    op: 'GET /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:m-target') },
    status: 200,
    values: record,
    save: keepVersion('ticket:m-target'),
    note: 'the parent before solving',
  });
  await s.step({
    op: 'PUT /api/ticket/{id}/',
    as: 'agent',
    params: { id: ref('ticket:m-target') },
    body: (side) => ({
      version: version('ticket:m-target')(side),
      status_id: 4,
      solve_children: true,
    }),
    status: 200,
    values: record,
    note: 'solve the children too',
  });
  await s.step({
    op: 'GET /api/ticket/{id}/related/',
    as: 'agent',
    params: { id: ref('ticket:m-target') },
    status: 200,
    values: related,
    note: 'the child solved with it',
  });
}
