// Article review and versions (docs/knowledge-review.md): the state machine, versions written on
// every save, the published text staying live while a new version is in review, approve,
// send back, archive, restore, reviewers per desk, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { caller, contentInput, NOT_FOUND, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let call: ReturnType<typeof caller>;
let author: Person;
let reviewer: Person;
let other: Person;
let requester: Person;
let admin: Person;

beforeAll(async () => {
  env = await startTestEnv();
  call = caller(env);
  author = await person(env, 'Ava Author', true);
  reviewer = await person(env, 'Rex Reviewer', true);
  other = await person(env, 'Olga Other', true);
  requester = await person(env, 'Rita Requester');
  admin = await person(env, 'Ada Admin', true, true);
});
afterAll(() => env.close());

interface Review {
  state: string;
  status_id: number;
  is_draft: boolean;
  version: number;
  live_version_id: number | null;
  pending_version_id: number | null;
  may_review: boolean;
  may_submit: boolean;
  successor_id: number | null;
  items: { id: number; number: number; state: string; note: string | null; title: string }[];
}

async function versions(id: number, who = author): Promise<Review> {
  const res = await call('GET', `/api/content/${id}/versions`, who.token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function draft(who = author, extra: object = {}): Promise<{ id: number; version: number }> {
  const res = await call('POST', '/api/content/', who.token, {
    ...contentInput,
    is_draft: true,
    version_note: 'First words',
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function record(id: number, who = author) {
  const res = await call('GET', `/api/content/${id}/`, who.token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { title: string; body: string; version: number; status_id: number };
}

async function published(): Promise<number> {
  const { id } = await draft();
  expect((await call('POST', `/api/content/${id}/submit`, author.token)).statusCode).toBe(200);
  expect((await call('POST', `/api/content/${id}/approve`, reviewer.token)).statusCode).toBe(200);
  return id;
}

async function history(id: number): Promise<string[]> {
  const { rows } = await env.db.query<{ action: string }>(
    'SELECT action FROM record_events WHERE record_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((r) => r.action);
}

describe('versions on every save', () => {
  it('writes a version when content is created and on each save that changes the text', async () => {
    const { id, version } = await draft();
    let r = await versions(id);
    expect(r.state).toBe('draft');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ number: 1, state: 'draft', note: 'First words' });

    const put = await call('PUT', `/api/content/${id}/`, author.token, {
      version,
      body: '<p>Open the portal, then press Reset.</p>',
      version_note: 'Say which button',
    });
    expect(put.statusCode).toBe(200);
    r = await versions(id);
    expect(r.items.map((v) => v.number)).toEqual([2, 1]);
    expect(r.items[0]).toMatchObject({ note: 'Say which button', state: 'draft' });
    const one = await call('GET', `/api/content/${id}/versions/${r.items[0].id}`, author.token);
    expect(one.json().data.body).toBe('<p>Open the portal, then press Reset.</p>');

    // A save that changes no text (only the content type) writes no version.
    const again = await call('PUT', `/api/content/${id}/`, author.token, {
      version: put.json().data.version,
      content_type_id: 2,
    });
    expect(again.statusCode).toBe(200);
    expect((await versions(id)).items).toHaveLength(2);
  });

  it('refuses a version note over 500 characters, naming the field', async () => {
    const { id, version } = await draft();
    const res = await call('PUT', `/api/content/${id}/`, author.token, {
      version,
      title: 'Longer',
      version_note: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.version_note).toBe('A version note must be at most 500 characters.');
    expect((await versions(id)).items).toHaveLength(1);
  });
});

describe('the state machine', () => {
  it('draft -> in review -> published -> archived, each step in the history', async () => {
    const { id } = await draft();
    const submitted = await call('POST', `/api/content/${id}/submit`, author.token);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({ state: 'in_review', is_draft: false });
    expect((await versions(id, reviewer)).may_review).toBe(true);

    const approved = await call('POST', `/api/content/${id}/approve`, reviewer.token, {});
    expect(approved.statusCode).toBe(200);
    const a: Review = approved.json().data;
    expect(a).toMatchObject({ state: 'published', status_id: 7, pending_version_id: null });
    expect(a.live_version_id).toBe(a.items[0].id);

    const archived = await call('POST', `/api/content/${id}/archive`, reviewer.token, {});
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ state: 'archived', status_id: 8 });
    expect(await history(id)).toEqual([
      'created',
      'submitted_for_review',
      'approved',
      'status_changed',
      'archived',
      'status_changed',
    ]);
  });

  it('a PUT turning a draft into a submitted article submits it for review', async () => {
    const { id, version } = await draft();
    const res = await call('PUT', `/api/content/${id}/`, author.token, {
      version,
      is_draft: false,
    });
    expect(res.statusCode).toBe(200);
    const r = await versions(id);
    expect(r.state).toBe('in_review');
    expect(r.items[0].state).toBe('in_review');
    expect(await history(id)).toContain('submitted_for_review');
  });

  it('refuses every transition from the wrong state with a 409 and a clear message', async () => {
    const { id } = await draft();
    const nothing = 'There is no version in review.';
    // draft: approve, send back and archive are refused.
    let res = await call('POST', `/api/content/${id}/approve`, reviewer.token);
    expect([res.statusCode, res.json().message]).toEqual([409, nothing]);
    res = await call('POST', `/api/content/${id}/send-back`, reviewer.token, { comment: 'No' });
    expect([res.statusCode, res.json().message]).toEqual([409, nothing]);
    res = await call('POST', `/api/content/${id}/archive`, reviewer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a published article can be archived.');
    // in review: submit again and archive are refused.
    await call('POST', `/api/content/${id}/submit`, author.token);
    res = await call('POST', `/api/content/${id}/submit`, author.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only a draft, or a version that was sent back, can be submitted for review.',
    );
    res = await call('POST', `/api/content/${id}/archive`, reviewer.token);
    expect(res.statusCode).toBe(409);
    // published: submit (nothing sent back), approve and send back are refused.
    await call('POST', `/api/content/${id}/approve`, reviewer.token);
    res = await call('POST', `/api/content/${id}/submit`, author.token);
    expect(res.statusCode).toBe(409);
    res = await call('POST', `/api/content/${id}/approve`, reviewer.token);
    expect([res.statusCode, res.json().message]).toEqual([409, nothing]);
    // archived: everything is refused.
    await call('POST', `/api/content/${id}/archive`, reviewer.token);
    for (const path of ['submit', 'approve', 'archive']) {
      res = await call('POST', `/api/content/${id}/${path}`, reviewer.token);
      expect(res.statusCode).toBe(409);
    }
    res = await call('POST', `/api/content/${id}/send-back`, reviewer.token, { comment: 'x' });
    expect(res.statusCode).toBe(409);
  });

  it('send back needs a comment and returns a never-published article to its author as a draft', async () => {
    const { id } = await draft();
    await call('POST', `/api/content/${id}/submit`, author.token);
    const blank = await call('POST', `/api/content/${id}/send-back`, reviewer.token, {
      comment: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.comment).toBe(
      'Write a comment for the author (1 to 2,000 characters).',
    );
    const res = await call('POST', `/api/content/${id}/send-back`, reviewer.token, {
      comment: 'Add a screenshot.',
    });
    expect(res.statusCode).toBe(200);
    const r: Review = res.json().data;
    expect(r).toMatchObject({ state: 'draft', is_draft: true });
    expect((await versions(id)).may_submit).toBe(true);
    const { rows } = await env.db.query(
      'SELECT state, review_comment FROM article_versions WHERE record_id = $1',
      [id],
    );
    expect(rows).toEqual([{ state: 'sent_back', review_comment: 'Add a screenshot.' }]);
    // The author resubmits.
    expect((await call('POST', `/api/content/${id}/submit`, author.token)).statusCode).toBe(200);
    expect((await versions(id)).state).toBe('in_review');
  });

  it('a draft without a body cannot be submitted', async () => {
    const { id } = await draft(author, { body: '' });
    const res = await call('POST', `/api/content/${id}/submit`, author.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.body).toBe('Body is required.');
  });

  it('archives with a successor, refusing itself and unknown ones', async () => {
    const id = await published();
    const successor = await published();
    let res = await call('POST', `/api/content/${id}/archive`, reviewer.token, {
      successor_id: id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.successor_id).toBe(
      'Choose another content item that is not archived.',
    );
    res = await call('POST', `/api/content/${id}/archive`, reviewer.token, {
      successor_id: 999999999,
    });
    expect(res.statusCode).toBe(400);
    res = await call('POST', `/api/content/${id}/archive`, reviewer.token, {
      successor_id: successor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.successor_id).toBe(successor);
    const { rows } = await env.db.query('SELECT successor_id FROM records WHERE id = $1', [id]);
    expect(Number(rows[0].successor_id)).toBe(successor);
  });
});

describe('a new version of a published article', () => {
  it('stays out of the record until approved; approving publishes it', async () => {
    const id = await published();
    const live = await record(id);
    const put = await call('PUT', `/api/content/${id}/`, author.token, {
      version: live.version,
      title: 'How to reset your VPN token (2027)',
      body: '<p>Use the new portal.</p>',
      version_note: 'New portal',
    });
    expect(put.statusCode).toBe(200);
    // Readers still get the published text.
    expect(put.json().data).toMatchObject({ title: live.title, body: live.body, status_id: 7 });
    const r = await versions(id);
    expect(r.state).toBe('published');
    expect(r.items[0]).toMatchObject({ number: 2, state: 'in_review', note: 'New portal' });
    expect(r.pending_version_id).toBe(r.items[0].id);
    expect(r.live_version_id).toBe(r.items[1].id);

    // The queue lists it as an update.
    const queue = await call('GET', '/api/review-queue', reviewer.token);
    const item = queue.json().data.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({ is_update: true, version_number: 2, title: live.title });

    // Approving an older version id than the one in review is refused.
    const stale = await call('POST', `/api/content/${id}/approve`, reviewer.token, {
      version_id: r.items[1].id,
    });
    expect(stale.statusCode).toBe(409);
    const ok = await call('POST', `/api/content/${id}/approve`, reviewer.token, {
      version_id: r.items[0].id,
    });
    expect(ok.statusCode).toBe(200);
    expect(await record(id)).toMatchObject({
      title: 'How to reset your VPN token (2027)',
      body: '<p>Use the new portal.</p>',
    });
    const queueAfter = await call('GET', '/api/review-queue', reviewer.token);
    expect(queueAfter.json().data.items.some((i: { id: number }) => i.id === id)).toBe(false);
  });

  it('sent back, it stays published with the old text', async () => {
    const id = await published();
    const live = await record(id);
    await call('PUT', `/api/content/${id}/`, author.token, { version: live.version, title: 'Bad' });
    const res = await call('POST', `/api/content/${id}/send-back`, reviewer.token, {
      comment: 'Keep the old title',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'published', may_submit: true });
    expect((await record(id)).title).toBe(live.title);
  });
});

describe('compare and restore', () => {
  it('returns both versions and restores an old one as a new version', async () => {
    const { id, version } = await draft();
    const put = await call('PUT', `/api/content/${id}/`, author.token, {
      version,
      body: '<p>Second text.</p>',
    });
    const r = await versions(id);
    const [second, first] = r.items;
    const cmp = await call(
      'GET',
      `/api/content/${id}/compare?from=${first.id}&to=${second.id}`,
      author.token,
    );
    expect(cmp.statusCode).toBe(200);
    expect(cmp.json().data.from.body).toBe(contentInput.body);
    expect(cmp.json().data.to.body).toBe('<p>Second text.</p>');

    const restored = await call(
      'POST',
      `/api/content/${id}/versions/${first.id}/restore`,
      author.token,
      { note: 'Back to the first' },
    );
    expect(restored.statusCode).toBe(200);
    const after: Review = restored.json().data;
    expect(after.items[0]).toMatchObject({ number: 3, note: 'Back to the first' });
    expect(after.version).toBe(put.json().data.version + 1);
    expect((await record(id)).body).toBe(contentInput.body);
    expect(await history(id)).toContain('version_restored');
  });

  it('restoring on a published article waits for review', async () => {
    const id = await published();
    const live = await record(id);
    await call('PUT', `/api/content/${id}/`, author.token, {
      version: live.version,
      body: '<p>Changed.</p>',
    });
    // Approve the change, then restore version 1.
    await call('POST', `/api/content/${id}/approve`, reviewer.token);
    const r = await versions(id);
    const first = r.items.find((v) => v.number === 1);
    const res = await call(
      'POST',
      `/api/content/${id}/versions/${first?.id}/restore`,
      author.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items[0]).toMatchObject({ number: 3, state: 'in_review' });
    expect((await record(id)).body).toBe('<p>Changed.</p>');
    await call('POST', `/api/content/${id}/approve`, reviewer.token);
    expect((await record(id)).body).toBe(contentInput.body);
  });

  it('answers 404 for a version of another article', async () => {
    const a = await draft();
    const b = await draft();
    const bv = (await versions(b.id)).items[0].id;
    const res = await call('GET', `/api/content/${a.id}/versions/${bv}`, author.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This version does not exist.');
  });
});

describe('who may do what', () => {
  it('a requester cannot review, and cannot see others\u2019 versions', async () => {
    const { id } = await draft();
    await call('POST', `/api/content/${id}/submit`, author.token);
    let res = await call('POST', `/api/content/${id}/approve`, requester.token);
    expect([res.statusCode, res.json().message]).toEqual([404, NOT_FOUND]);
    res = await call('GET', `/api/content/${id}/versions`, requester.token);
    expect(res.statusCode).toBe(404);
    // Their own article: they submit it, but cannot approve it.
    const own = await draft(requester);
    expect((await call('POST', `/api/content/${own.id}/submit`, requester.token)).statusCode).toBe(
      200,
    );
    res = await call('POST', `/api/content/${own.id}/approve`, requester.token);
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Only helpdesk agents review articles.',
    ]);
    res = await call('POST', `/api/content/${own.id}/send-back`, requester.token, {
      comment: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/review-queue', requester.token)).statusCode).toBe(403);
    // A searchable article's reader may not see its versions.
    await call('POST', `/api/content/${own.id}/approve`, reviewer.token);
    await env.db.query('UPDATE records SET searchable = true WHERE id = $1', [id]);
    await call('POST', `/api/content/${id}/approve`, reviewer.token);
    res = await call('GET', `/api/content/${id}/versions`, requester.token);
    expect(res.statusCode).toBe(403);
  });

  it('a desk that names reviewers is reviewed by them only', async () => {
    const put = await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, {
      user_ids: [reviewer.id],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.reviewers).toEqual([{ id: reviewer.id, fullname: reviewer.fullname }]);
    try {
      const { id } = await draft(author, { hd_id: 8 });
      await call('POST', `/api/content/${id}/submit`, author.token);
      const res = await call('POST', `/api/content/${id}/approve`, other.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'This help desk names its reviewers, and you are not one of them.',
      );
      const queue = await call('GET', '/api/review-queue', other.token);
      expect(queue.json().data.items.some((i: { id: number }) => i.id === id)).toBe(false);
      expect((await versions(id, other)).may_review).toBe(false);
      const byReviewer = await call('GET', '/api/review-queue', reviewer.token);
      expect(byReviewer.json().data.items.some((i: { id: number }) => i.id === id)).toBe(true);
      expect((await call('POST', `/api/content/${id}/approve`, reviewer.token)).statusCode).toBe(
        200,
      );
      // Reviewers must be agents; only administrators name them.
      const bad = await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, {
        user_ids: [requester.id],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.user_ids).toBe('Reviewers must be helpdesk agents.');
      const notAdmin = await call('PUT', '/api/admin/helpdesks/8/reviewers', reviewer.token, {
        user_ids: [],
      });
      expect(notAdmin.statusCode).toBe(403);
    } finally {
      await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [] });
    }
  });
});

describe('publishing goes through review', () => {
  /** An article submitted for review (In review), with its record's version. */
  async function inReview(extra: object = {}) {
    const { id } = await draft(author, extra);
    expect((await call('POST', `/api/content/${id}/submit`, author.token)).statusCode).toBe(200);
    return { id, version: (await record(id)).version };
  }
  const toPublished = (id: number, version: number, who: Person, extra: object = {}) =>
    call('PUT', `/api/content/${id}/`, who.token, { version, status_id: 7, ...extra });
  const REFUSED =
    'Publishing goes through review: submit the article, and a reviewer of its help desk approves it.';

  it('refuses a status change to Published by an agent who is not a reviewer of its desk', async () => {
    await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [reviewer.id] });
    try {
      const a = await inReview({ hd_id: 8 });
      const res = await toPublished(a.id, a.version, other);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REFUSED);
      // Nothing changed: still in review, no status event.
      expect((await record(a.id)).status_id).toBe(6);
      expect((await versions(a.id)).state).toBe('in_review');
      expect(await history(a.id)).not.toContain('status_changed');
      // The desk's reviewer may publish it by its status.
      const ok = await toPublished(a.id, a.version, reviewer);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.status_id).toBe(7);
      expect((await versions(a.id)).state).toBe('published');
    } finally {
      await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [] });
    }
  });

  it('refuses moving a draft straight to Published, and an archived article back', async () => {
    await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [reviewer.id] });
    try {
      const { id, version } = await draft(author, { hd_id: 8 });
      const res = await toPublished(id, version, other, { is_draft: false });
      expect(res.statusCode).toBe(409);
      expect((await record(id)).version).toBe(version);

      const a = await inReview({ hd_id: 8 });
      expect((await call('POST', `/api/content/${a.id}/approve`, reviewer.token)).statusCode).toBe(
        200,
      );
      expect((await call('POST', `/api/content/${a.id}/archive`, other.token, {})).statusCode).toBe(
        200,
      );
      const back = await toPublished(a.id, (await record(a.id)).version, other);
      expect(back.statusCode).toBe(409);
      expect((await record(a.id)).status_id).toBe(8);
    } finally {
      await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [] });
    }
  });

  it('lets any agent publish when the desk names no reviewers; never the author who is no agent', async () => {
    const a = await inReview();
    const ok = await toPublished(a.id, a.version, other);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.status_id).toBe(7);

    const { id, version } = await draft(requester);
    const res = await toPublished(id, version, requester, { is_draft: false });
    expect(res.statusCode).toBe(403);
  });
});

describe("a desk's reviewers on the administrators' pages", () => {
  it('are in the help desk list and kept in the audit log', async () => {
    const put = await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, {
      user_ids: [reviewer.id],
    });
    expect(put.statusCode).toBe(200);
    try {
      const list = await call('GET', '/api/admin/helpdesks/', admin.token);
      const desks: { id: number; reviewers: { id: number; fullname: string }[] }[] =
        list.json().data.items;
      expect(desks.find((d) => d.id === 8)?.reviewers).toEqual([
        { id: reviewer.id, fullname: reviewer.fullname },
      ]);
      expect(desks.find((d) => d.id === 4)?.reviewers).toEqual([]);
      const { rows } = await env.db.query<{ details: unknown; actor_id: string }>(
        `SELECT details, actor_id FROM audit_log
          WHERE kind = 'helpdesk.reviewers_changed' AND target_id = '8' ORDER BY id DESC LIMIT 1`,
      );
      expect(Number(rows[0].actor_id)).toBe(admin.id);
      expect(rows[0].details).toEqual({
        before: { reviewer_ids: [] },
        after: { reviewer_ids: [reviewer.id] },
      });
      // A deactivated agent is no reviewer.
      await env.db.query('UPDATE users SET deactivated_at = now() WHERE id = $1', [other.id]);
      try {
        const bad = await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, {
          user_ids: [other.id],
        });
        expect(bad.statusCode).toBe(400);
      } finally {
        await env.db.query('UPDATE users SET deactivated_at = NULL WHERE id = $1', [other.id]);
      }
    } finally {
      await call('PUT', '/api/admin/helpdesks/8/reviewers', admin.token, { user_ids: [] });
    }
  });
});
