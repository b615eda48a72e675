// Article review and versions: an agent writes a draft article and submits it; Alice cannot
// review it or see its versions; the administrator approves it; a new version of the published
// article waits in review (the record keeps the published text) and is sent back, then saved
// again and approved; two versions compared, an old one restored; archived with a successor;
// the "To review" queue and a desk's reviewers; the wrong-state answers (409).
import { at, list, num, pick, ref, type Json, type Scenario, type Side } from '../harness.js';
import { MARK } from './records.js';

const review = (d: Json): Json => ({
  ...pick(d, 'state', 'status_id', 'status_name', 'is_draft', 'may_review', 'may_submit'),
  live: at(d, 'live_version_id') !== null,
  pending: at(d, 'pending_version_id') !== null,
  items: list(at(d, 'items')).map((v) =>
    pick(v, 'number', 'title', 'note', 'author_name', 'state', 'review_comment', 'restored_from'),
  ),
});
const version = (d: Json): Json => pick(d, 'number', 'title', 'body', 'note', 'state');
/** Remembers each side's id of the version with `number` as `name`. */
const keepVersion = (name: string, number: number) => (d: Json, side: Side) => {
  const v = list(at(d, 'items')).find((x) => num(at(x, 'number')) === number);
  if (v) side.refs.set(name, num(at(v, 'id')));
};
const keepRecord = (name: string) => (d: Json, side: Side) => side.refs.set(name, num(at(d, 'id')));

export async function articleReview(s: Scenario): Promise<void> {
  const title = `${MARK} review article`;
  await s.step({
    op: 'POST /api/content/',
    as: 'agent2',
    body: {
      title,
      body: '<p>Open the portal.</p>',
      content_type_id: 1,
      is_draft: true,
      version_note: 'First draft',
    },
    status: 200,
    save: keepRecord('review:article'),
  });
  const id = { id: ref('review:article') };
  await s.step({
    op: 'POST /api/content/{id}/approve',
    as: 'agent',
    params: id,
    body: {},
    status: 409,
    note: 'a draft has nothing in review',
  });
  await s.step({
    op: 'POST /api/content/{id}/submit',
    as: 'agent2',
    params: id,
    status: 200,
    values: review,
  });
  await s.step({
    op: 'POST /api/content/{id}/submit',
    as: 'agent2',
    params: id,
    status: 409,
    note: 'in review already',
  });
  await s.step({ op: 'GET /api/content/{id}/versions', as: 'alice', params: id, status: 404 });
  await s.step({ op: 'GET /api/review-queue', as: 'alice', status: 403 });
  await s.step({
    op: 'GET /api/review-queue',
    as: 'agent',
    status: 200,
    values: (d) =>
      list(at(d, 'items'))
        .filter((i) => at(i, 'title') === title)
        .map((i) => pick(i, 'title', 'is_update', 'version_number', 'status_name')),
  });
  await s.step({
    op: 'POST /api/content/{id}/send-back',
    as: 'agent',
    params: id,
    body: { comment: ' ' },
    status: 400,
  });
  await s.step({
    op: 'POST /api/content/{id}/approve',
    as: 'agent',
    params: id,
    body: {},
    status: 200,
    values: review,
  });
  // A new version of the published article waits in review; the record keeps its text.
  const current = await s.step({
    op: 'GET /api/content/{id}/',
    as: 'agent2',
    params: id,
    status: 200,
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'agent2',
    params: id,
    body: (side) => ({
      version: num(at(side.name === 'mock' ? current.mock : current.real, 'version')),
      body: '<p>Open the new portal.</p>',
      version_note: 'New portal',
    }),
    status: 200,
    values: (d) => pick(d, 'title', 'body', 'status_name'),
  });
  await s.step({
    op: 'POST /api/content/{id}/send-back',
    as: 'agent',
    params: id,
    body: { comment: 'Name the portal.' },
    status: 200,
    values: review,
  });
  await s.step({
    op: 'POST /api/content/{id}/submit',
    as: 'agent2',
    params: id,
    status: 200,
    values: review,
    save: keepVersion('review:v2', 2),
  });
  await s.step({
    op: 'POST /api/content/{id}/approve',
    as: 'agent',
    params: id,
    body: { version_id: 999999 },
    status: 409,
    note: 'not the version in review',
  });
  await s.step({
    op: 'POST /api/content/{id}/approve',
    as: 'agent',
    params: id,
    body: (side) => ({ version_id: side.refs.id('review:v2') }),
    status: 200,
    values: review,
    save: keepVersion('review:v1', 1),
  });
  await s.step({
    op: 'GET /api/content/{id}/versions/{version_id}',
    as: 'agent2',
    params: { ...id, version_id: ref('review:v2') },
    status: 200,
    values: version,
  });
  await s.step({
    op: 'GET /api/content/{id}/versions/{version_id}',
    as: 'agent2',
    params: { ...id, version_id: 999999 },
    status: 404,
  });
  await s.step({
    op: 'GET /api/content/{id}/compare',
    as: 'agent2',
    params: id,
    query: { from: ref('review:v1'), to: ref('review:v2') },
    status: 200,
    values: (d) => ({ from: version(at(d, 'from')), to: version(at(d, 'to')) }),
  });
  await s.step({
    op: 'POST /api/content/{id}/versions/{version_id}/restore',
    as: 'agent2',
    params: { ...id, version_id: ref('review:v1') },
    body: { note: 'Back to the first' },
    status: 200,
    values: review,
  });
  await s.step({
    op: 'GET /api/content/{id}/versions',
    as: 'agent2',
    params: id,
    status: 200,
    values: review,
  });
  // Archive, naming a successor.
  await s.step({
    op: 'POST /api/content/',
    as: 'agent',
    body: { title: `${MARK} review successor`, body: '<p>New.</p>', content_type_id: 1 },
    status: 200,
    save: keepRecord('review:successor'),
  });
  await s.step({
    op: 'POST /api/content/{id}/archive',
    as: 'agent',
    params: id,
    body: (side) => ({ successor_id: side.refs.id('review:article') }),
    status: 400,
    note: 'itself',
  });
  await s.step({
    op: 'POST /api/content/{id}/archive',
    as: 'alice',
    params: id,
    body: {},
    status: 404,
  });
  await s.step({
    op: 'POST /api/content/{id}/archive',
    as: 'agent',
    params: id,
    body: (side) => ({ successor_id: side.refs.id('review:successor') }),
    status: 200,
    values: (d) => ({ ...(review(d) as object), successor: at(d, 'successor_title') }),
  });
  await s.step({
    op: 'POST /api/content/{id}/archive',
    as: 'agent',
    params: id,
    body: {},
    status: 409,
    note: 'archived already',
  });
  // A desk's reviewers.
  await s.step({
    op: 'GET /api/admin/helpdesks/{id}/reviewers',
    as: 'agent2',
    params: { id: 8 },
    status: 403,
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 8 },
    body: (side) => ({ user_ids: [side.refs.id('user:alice')] }),
    status: 400,
    note: 'not an agent',
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 8 },
    body: { user_ids: [] },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 4 },
    status: 404,
    note: 'a ticket desk',
  });
  await s.step({
    op: 'GET /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 8 },
    status: 200,
    values: (d) => d,
  });

  // Publishing goes through review: a desk that names reviewers refuses another agent's
  // status change to Published.
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 8 },
    body: (side) => ({ user_ids: [side.refs.id('user:agent')] }),
    status: 200,
    values: (d) => list(at(d, 'reviewers')).length,
  });
  const gated = await s.step({
    op: 'POST /api/content/',
    as: 'agent2',
    body: { title: `${MARK} gated article`, body: '<p>Gated.</p>', content_type_id: 1, hd_id: 8 },
    status: 200,
    save: keepRecord('review:gated'),
  });
  await s.step({
    op: 'PUT /api/content/{id}/',
    as: 'agent2',
    params: { id: ref('review:gated') },
    body: (side) => ({
      version: num(at(side.name === 'mock' ? gated.mock : gated.real, 'version')),
      status_id: 7,
    }),
    status: 409,
    note: 'not a reviewer of its desk',
  });
  await s.step({
    op: 'PUT /api/admin/helpdesks/{id}/reviewers',
    as: 'agent',
    params: { id: 8 },
    body: { user_ids: [] },
    status: 200,
    values: (d) => d,
  });
  await s.step({
    op: 'GET /api/admin/helpdesks/',
    as: 'agent',
    status: 200,
    values: (d) =>
      list(at(d, 'items'))
        .filter((x) => num(at(x, 'id')) === 8)
        .map((x) => pick(x, 'reviewers')),
  });

  // An article's language and its translation.
  await s.step({
    op: 'POST /api/content/',
    as: 'agent',
    body: { title: `${MARK} printer setup`, body: '<p>Plug it in.</p>', content_type_id: 1 },
    status: 200,
    save: keepRecord('tr:en'),
  });
  await s.step({
    op: 'POST /api/content/',
    as: 'agent',
    body: {
      title: `${MARK} configurar la impresora`,
      body: '<p>Conéctela.</p>',
      content_type_id: 1,
    },
    status: 200,
    save: keepRecord('tr:es'),
  });
  const en = { id: ref('tr:en') };
  const es = { id: ref('tr:es') };
  const translation = (d: Json): Json => ({
    language: at(d, 'language'),
    translation:
      at(d, 'translation') === null ? null : pick(at(d, 'translation'), 'title', 'language'),
  });
  await s.step({ op: 'GET /api/content/{id}/translation', as: 'alice', params: en, status: 404 });
  await s.step({
    op: 'GET /api/content/{id}/translation',
    as: 'agent2',
    params: en,
    status: 200,
    values: translation,
  });
  await s.step({
    op: 'PUT /api/content/{id}/language',
    as: 'agent',
    params: es,
    body: { language: 'fr' },
    status: 400,
  });
  await s.step({
    op: 'PUT /api/content/{id}/language',
    as: 'agent',
    params: es,
    body: { language: 'es' },
    status: 200,
    values: translation,
  });
  await s.step({
    op: 'PUT /api/content/{id}/translation',
    as: 'agent',
    params: en,
    body: (side) => ({ translation_id: side.refs.id('tr:en') }),
    status: 400,
    note: 'itself',
  });
  await s.step({
    op: 'PUT /api/content/{id}/translation',
    as: 'agent',
    params: en,
    body: { translation_id: 999999999 },
    status: 404,
  });
  await s.step({
    op: 'PUT /api/content/{id}/translation',
    as: 'agent',
    params: en,
    body: (side) => ({ translation_id: side.refs.id('tr:es') }),
    status: 200,
    values: translation,
  });
  await s.step({
    op: 'PUT /api/content/{id}/language',
    as: 'agent',
    params: en,
    body: { language: 'es' },
    status: 409,
    note: 'its translation is in Spanish',
  });
  await s.step({
    op: 'GET /api/content/{id}/translation',
    as: 'agent',
    params: es,
    status: 200,
    values: translation,
  });
  await s.step({
    op: 'DELETE /api/content/{id}/translation',
    as: 'alice',
    params: es,
    status: 404,
  });
  await s.step({
    op: 'DELETE /api/content/{id}/translation',
    as: 'agent',
    params: es,
    status: 200,
    values: translation,
  });
}
