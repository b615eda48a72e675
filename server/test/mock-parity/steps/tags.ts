// Tags: a record's tags (by name, made on the fly, and by id; removed), the type-ahead, bulk
// add/remove, the list filter, and the administrators' create, rename, merge and delete.
import { at, list, num, ref, type Json, type Scenario, type Side } from '../harness.js';
import { MARK } from './records.js';

const keepTag = (name: string, tagName: string) => (d: Json, side: Side) => {
  const tag = list(d).find((t) => at(t, 'name') === tagName);
  side.refs.set(name, num(at(tag ?? {}, 'id')));
};
/** The tags as a user sees them: their names, in order. */
const tagNames = (d: Json) => list(d).map((t) => at(t, 'name'));
/** The scenario's own tags (the seed may have others). */
const ownNames = (d: Json) => tagNames(d).filter((n) => String(n).startsWith(MARK));

export async function tags(s: Scenario): Promise<void> {
  const red = `${MARK} red`;
  const blue = `${MARK} blue`;
  await s.step({
    op: 'POST /api/ticket/{id}/tags/',
    as: 'agent',
    params: { id: ref('ticket:printer') },
    body: { name: `  ${red}  ` },
    status: 200,
    values: tagNames,
    save: keepTag('tag:red', red),
  });
  await s.step({
    op: 'POST /api/ticket/{id}/tags/',
    as: 'alice',
    params: { id: ref('ticket:printer') },
    body: { name: blue.toUpperCase() },
    status: 200,
    values: tagNames,
    save: keepTag('tag:blue', blue.toUpperCase()),
    note: 'the owner, a new tag',
  });
  await s.step({
    op: 'POST /api/search/query',
    as: 'alice',
    body: { q: 'blue ', type: 'T' },
    status: 200,
    values: (d, r) =>
      list(at(d, 'items'))
        .map((i) => r.record(at(i, 'id')))
        .filter((id) => !id.endsWith(':other')),
    note: "a tag's name",
  });
  for (const [body, note] of [
    [{ name: '   ' }, 'blank'],
    [{ name: 'x'.repeat(51) }, 'too long'],
    [{ name: 'two\nlines' }, 'a line break'],
    [{}, 'neither name nor id'],
    [{ tag_id: 999999 }, 'an unknown tag'],
  ] as const) {
    await s.step({
      op: 'POST /api/ticket/{id}/tags/',
      as: 'agent',
      params: { id: ref('ticket:printer') },
      body,
      status: 400,
      note,
    });
  }
  await s.step({
    op: 'POST /api/ticket/{id}/tags/',
    as: 'bob',
    params: { id: ref('ticket:printer') },
    body: { name: 'nosy' },
    status: 403,
    note: 'shared with bob: he reads it only',
  });
  await s.step({
    op: 'POST /api/content/{id}/tags/',
    as: 'alice',
    params: { id: ref('content:guide') },
    body: (side) => ({ tag_id: side.refs.id('tag:red') }),
    status: 200,
    values: tagNames,
  });
  await s.step({
    op: 'POST /api/content/{id}/tags/',
    as: 'alice',
    params: { id: 999999 },
    body: { name: 'x' },
    status: 404,
  });
  await s.step({
    op: 'GET /api/tags/',
    as: 'alice',
    query: { q: MARK.toLowerCase() },
    status: 200,
    values: ownNames,
  });
  await s.step({
    op: 'GET /api/tags/',
    as: 'agent',
    query: { ids: ref('tag:blue') },
    status: 200,
    values: tagNames,
    note: 'by id (a list filter’s chips)',
  });
  await s.step({
    op: 'GET /api/tags/',
    as: 'alice',
    query: { q: 'x'.repeat(201) },
    status: 400,
  });
  await s.step({
    op: 'POST /api/search/ticket/hd',
    as: 'agent',
    body: (side) => ({
      filters: { tag_ids: [side.refs.id('tag:red'), side.refs.id('tag:blue')], tag_mode: 'all' },
    }),
    status: 200,
    values: (d, r) => list(at(d, 'items')).map((i) => r.record(at(i, 'id'))),
    note: 'all of two tags',
  });
  await s.step({
    op: 'DELETE /api/content/{id}/tags/{tag_id}',
    as: 'alice',
    params: { id: ref('content:guide'), tag_id: ref('tag:red') },
    status: 200,
    values: tagNames,
  });
  await s.step({
    op: 'DELETE /api/content/{id}/tags/{tag_id}',
    as: 'bob',
    params: { id: 999999, tag_id: ref('tag:red') },
    status: 404,
    note: 'no such record',
  });
  await s.step({
    op: 'POST /api/records/bulk',
    as: 'agent',
    body: (side) => ({
      object_type: 'T',
      action: 'tag_remove',
      value: side.refs.id('tag:blue'),
      records: [{ id: side.refs.id('ticket:printer') }],
    }),
    status: 200,
    values: (d, r) => ({
      action: at(d, 'action'),
      succeeded: list(at(d, 'succeeded')).map((id) => r.record(id)),
      refused: list(at(d, 'refused')).length,
    }),
    note: 'bulk: remove a tag',
  });

  // The administrators' page (the scenario's agent is one; alice is not).
  await s.step({
    op: 'POST /api/tags/',
    as: 'agent',
    body: { name: `${MARK} green ` },
    status: 200,
    values: (d) => at(d, 'name'),
    save: (d, side) => side.refs.set('tag:green', num(at(d, 'id'))),
  });
  await s.step({
    op: 'POST /api/tags/',
    as: 'agent',
    body: { name: `${MARK} GREEN` },
    status: 409,
  });
  await s.step({ op: 'POST /api/tags/', as: 'alice', body: { name: 'mine' }, status: 403 });
  await s.step({
    op: 'PUT /api/tags/{id}',
    as: 'agent',
    params: { id: ref('tag:green') },
    body: { name: `${MARK} lime` },
    status: 200,
    values: (d) => at(d, 'name'),
  });
  await s.step({
    op: 'PUT /api/tags/{id}',
    as: 'agent',
    params: { id: ref('tag:green') },
    body: { name: '' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/tags/{id}',
    as: 'agent',
    params: { id: 999999 },
    body: { name: 'gone' },
    status: 404,
  });
  await s.step({
    op: 'GET /api/tags/usage',
    as: 'agent',
    status: 200,
    values: (d) =>
      list(d)
        .filter((t) => String(at(t, 'name')).startsWith(MARK))
        .map((t) => ({ name: at(t, 'name'), used_by: at(t, 'used_by') })),
  });
  await s.step({ op: 'GET /api/tags/usage', as: 'alice', status: 403 });
  await s.step({
    op: 'POST /api/tags/{id}/merge',
    as: 'agent',
    params: { id: ref('tag:red') },
    body: (side) => ({ into_id: side.refs.id('tag:red') }),
    status: 400,
    note: 'into itself',
  });
  await s.step({
    op: 'POST /api/tags/{id}/merge',
    as: 'agent',
    params: { id: ref('tag:red') },
    body: (side) => ({ into_id: side.refs.id('tag:green') }),
    status: 200,
    values: (d) => ({ into: at(d, 'into', 'name'), records: at(d, 'records') }),
  });
  await s.step({
    op: 'DELETE /api/tags/{id}',
    as: 'alice',
    params: { id: ref('tag:green') },
    status: 403,
  });
  await s.step({
    op: 'DELETE /api/tags/{id}',
    as: 'agent',
    params: { id: ref('tag:green') },
    status: 200,
    values: (d) => at(d, 'records'),
  });
  await s.step({
    op: 'DELETE /api/tags/{id}',
    as: 'agent',
    params: { id: ref('tag:green') },
    status: 404,
    note: 'already gone',
  });
  await s.step({
    op: 'DELETE /api/ticket/{id}/tags/{tag_id}',
    as: 'agent',
    params: { id: ref('ticket:printer'), tag_id: ref('tag:blue') },
    status: 200,
    values: tagNames,
    note: 'a tag it no longer carries',
  });
}
