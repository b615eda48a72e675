// Article review and versions (docs/knowledge-review.md): a content item moves draft -> in
// review -> published -> archived; reviewers approve or send back the version in review; every
// save is a version that can be read, compared and restored. Every step writes history in its
// own transaction (so live events follow, migration 013).
import type { FastifyInstance } from 'fastify';
import { withUserTransaction, type Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { hasText } from '../../lib/sanitize.js';
import {
  authenticated,
  errors,
  idParams,
  M,
  ok,
  smallIdParams,
  success,
} from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor, type AuthUser } from '../../plugins/auth.js';
import { adminEvent } from '../admin/sql.js';
import { recordEvent } from '../records/history.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { recordArticleSave } from './save.js';
import * as sql from './sql.js';

export const REVIEW_MESSAGES = {
  agentsOnly: 'Only helpdesk agents review articles.',
  notReviewer: 'This help desk names its reviewers, and you are not one of them.',
  authorOrAgent: 'Only the author and helpdesk agents can do this.',
  cannotSubmit: 'Only a draft, or a version that was sent back, can be submitted for review.',
  nothingInReview: 'There is no version in review.',
  staleVersion: 'A newer version is in review now. Reload to see it.',
  notPublished: 'Only a published article can be archived.',
  versionNotFound: 'This version does not exist.',
  comment: 'Write a comment for the author (1 to 2,000 characters).',
  note: 'A version note must be at most 500 characters.',
  successor: 'Choose another content item that is not archived.',
  deskNotFound: 'There is no such content help desk.',
  reviewers: 'Reviewers must be helpdesk agents.',
  body: 'Body is required.',
  contentType: 'Choose a content type.',
} as const;

const bigId = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;

const versionProperties = {
  id: { type: 'integer' },
  number: { type: 'integer' },
  title: { type: 'string' },
  note: { type: ['string', 'null'] },
  author_id: { type: ['integer', 'null'] },
  author_name: { type: ['string', 'null'] },
  created_at: { type: 'string', format: 'date-time' },
  state: { type: 'string', enum: sql.VERSION_STATES },
  submitted_at: { type: ['string', 'null'], format: 'date-time' },
  review_comment: { type: ['string', 'null'] },
  reviewed_by_name: { type: ['string', 'null'] },
  reviewed_at: { type: ['string', 'null'], format: 'date-time' },
  restored_from: { type: ['integer', 'null'] },
} as const;
const versionRequired = Object.keys(versionProperties) as (keyof typeof versionProperties)[];

const versionSummary = {
  $id: 'ArticleVersionSummary',
  type: 'object',
  required: versionRequired,
  properties: versionProperties,
} as const;
const versionFull = {
  $id: 'ArticleVersion',
  type: 'object',
  required: [...versionRequired, 'body'],
  properties: { ...versionProperties, body: { type: 'string' } },
} as const;

const ARTICLE_STATES = ['draft', 'in_review', 'published', 'archived'] as const;
const reviewShape = {
  $id: 'ArticleReview',
  type: 'object',
  required: [
    'id',
    'state',
    'status_id',
    'status_name',
    'is_draft',
    'version',
    'successor_id',
    'successor_title',
    'live_version_id',
    'pending_version_id',
    'may_review',
    'may_submit',
    'items',
  ],
  properties: {
    id: { type: 'integer' },
    state: { type: 'string', enum: ARTICLE_STATES },
    status_id: { type: 'integer' },
    status_name: { type: 'string' },
    is_draft: { type: 'boolean' },
    version: { type: 'integer', description: "The record's `version` (for its PUT)" },
    successor_id: { type: ['integer', 'null'] },
    successor_title: { type: ['string', 'null'] },
    live_version_id: {
      type: ['integer', 'null'],
      description: 'The version readers see while the article is published (or was, archived)',
    },
    pending_version_id: {
      type: ['integer', 'null'],
      description: 'The version in review, else a published article\u2019s sent-back one',
    },
    may_review: { type: 'boolean', description: 'The caller may approve or send back now' },
    may_submit: { type: 'boolean', description: 'The caller may submit for review now' },
    items: { type: 'array', items: { $ref: 'ArticleVersionSummary#' } },
  },
} as const;

const queueItem = {
  type: 'object',
  required: [
    'id',
    'title',
    'hd_id',
    'hd_name',
    'author_id',
    'author_name',
    'status_id',
    'status_name',
    'is_update',
    'version_id',
    'version_number',
    'version_title',
    'submitted_at',
    'submitted_by_name',
  ],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string', description: 'The live title' },
    hd_id: { type: 'integer' },
    hd_name: { type: 'string' },
    author_id: { type: 'integer' },
    author_name: { type: 'string' },
    status_id: { type: 'integer' },
    status_name: { type: 'string' },
    is_update: { type: 'boolean', description: 'A new version of a published article' },
    version_id: { type: 'integer' },
    version_number: { type: 'integer' },
    version_title: { type: 'string' },
    submitted_at: { type: ['string', 'null'], format: 'date-time' },
    submitted_by_name: { type: ['string', 'null'] },
  },
} as const;

const reviewersShape = {
  type: 'object',
  required: ['hd_id', 'hd_name', 'reviewers'],
  properties: {
    hd_id: { type: 'integer' },
    hd_name: { type: 'string' },
    reviewers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'fullname'],
        properties: { id: { type: 'integer' }, fullname: { type: 'string' } },
      },
    },
  },
} as const;

const versionParams = {
  type: 'object',
  required: ['id', 'version_id'],
  properties: {
    id: { ...bigId, [M]: 'Invalid id.' },
    version_id: { ...bigId, [M]: 'Invalid id.' },
  },
} as const;

const noteField = {
  type: 'string',
  maxLength: 500,
  description: 'A note saying what this version changes',
  [M]: REVIEW_MESSAGES.note,
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | null) => (v === null ? null : Number(v));

const summaryOf = (v: sql.VersionRow) => ({
  id: Number(v.id),
  number: v.number,
  title: v.title,
  note: v.note,
  author_id: num(v.author_id),
  author_name: v.author_name,
  created_at: v.created_at.toISOString(),
  state: v.state,
  submitted_at: iso(v.submitted_at),
  review_comment: v.review_comment,
  reviewed_by_name: v.reviewed_by_name,
  reviewed_at: iso(v.reviewed_at),
  restored_from: v.restored_from,
});

const fullOf = (v: sql.VersionRow) => ({ ...summaryOf(v), body: v.body ?? '' });

function articleState(a: sql.ArticleRow): (typeof ARTICLE_STATES)[number] {
  if (a.is_draft) return 'draft';
  if (a.status_id === sql.PUBLISHED) return 'published';
  if (a.status_id === sql.ARCHIVED) return 'archived';
  return 'in_review';
}

/** The article's review state and versions, as the caller may act on them. */
async function reviewOf(q: Queryable, user: AuthUser, a: sql.ArticleRow) {
  const versions = await sql.listVersions(q, Number(a.id));
  const state = articleState(a);
  const inReview = versions.find((v) => v.state === 'in_review');
  const newest = versions[0];
  const live =
    state === 'published' || state === 'archived'
      ? versions.find((v) => v.state === 'published')
      : undefined;
  const pending =
    inReview ??
    (state === 'published' && newest && newest.state === 'sent_back' ? newest : undefined);
  const reviewer =
    user.user_is_hde && (await sql.reviewsDesk(q, user.id, a.hd_id)) && inReview !== undefined;
  const mayAct = a.access === 'owner' || a.access === 'agent';
  const submittable =
    state === 'draft' ||
    (state === 'published' &&
      newest !== undefined &&
      ['draft', 'sent_back'].includes(newest.state));
  return {
    id: Number(a.id),
    state,
    status_id: a.status_id,
    status_name: a.status_name,
    is_draft: a.is_draft,
    version: a.version,
    successor_id: num(a.successor_id),
    successor_title: a.successor_title,
    live_version_id: live ? Number(live.id) : null,
    pending_version_id: pending ? Number(pending.id) : null,
    may_review: reviewer && (state === 'in_review' || state === 'published'),
    may_submit: mayAct && submittable,
    items: versions.map(summaryOf),
  };
}

export function articleReviewRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, versionSummary, versionFull, reviewShape);
  const tags = ['content review'];
  const review = ok({ $ref: 'ArticleReview#' } as const);

  /** The article, 404 unless readable; 403 unless the caller is its author or an agent. */
  async function authorOrAgent(q: Queryable, user: AuthUser, id: number, lock = false) {
    const a = await sql.getArticle(q, user, id, lock);
    if (!a) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (a.access === 'other') throw new HttpError(403, REVIEW_MESSAGES.authorOrAgent);
    return a;
  }

  /** The article for a reviewer's step: agents only, and the desk's reviewers when it names them. */
  async function forReviewer(q: Queryable, user: AuthUser, id: number) {
    const a = await sql.getArticle(q, user, id, true);
    if (!a) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (!user.user_is_hde) throw new HttpError(403, REVIEW_MESSAGES.agentsOnly);
    if (!(await sql.reviewsDesk(q, user.id, a.hd_id))) {
      throw new HttpError(403, REVIEW_MESSAGES.notReviewer);
    }
    return a;
  }

  /** Runs a step in one transaction and answers the article's review state after it. */
  function step(
    request: Parameters<typeof requestActor>[0],
    run: (tx: Queryable, user: AuthUser) => Promise<number>,
  ) {
    const user = currentUser(request);
    return withUserTransaction(ctx.db, requestActor(request), async (tx) => {
      const id = await run(tx, user);
      const after = await sql.getArticle(tx, user, id);
      if (!after) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return success(await reviewOf(tx, user, after));
    });
  }

  app.get(
    '/content/:id/versions',
    {
      schema: {
        tags,
        summary: "A content item's review state and its versions, newest first (author or agents)",
        security: authenticated,
        params: idParams,
        response: { 200: review, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const a = await authorOrAgent(ctx.db, user, request.params.id);
      return success(await reviewOf(ctx.db, user, a));
    },
  );

  app.get(
    '/content/:id/versions/:version_id',
    {
      schema: {
        tags,
        summary: 'One version of a content item with its title and body (author or agents)',
        security: authenticated,
        params: versionParams,
        response: { 200: ok({ $ref: 'ArticleVersion#' } as const), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, version_id: versionId } = request.params;
      await authorOrAgent(ctx.db, currentUser(request), id);
      const v = await sql.getVersion(ctx.db, id, versionId);
      if (!v) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
      return success(fullOf(v));
    },
  );

  app.get(
    '/content/:id/compare',
    {
      schema: {
        tags,
        summary: 'Two versions of a content item, side by side (the client marks the changes)',
        security: authenticated,
        params: idParams,
        querystring: {
          type: 'object',
          required: ['from', 'to'],
          properties: {
            from: { ...bigId, [M]: 'Invalid id.' },
            to: { ...bigId, [M]: 'Invalid id.' },
          },
        },
        response: {
          200: ok({
            type: 'object',
            required: ['from', 'to'],
            properties: {
              from: { $ref: 'ArticleVersion#' },
              to: { $ref: 'ArticleVersion#' },
            },
          } as const),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await authorOrAgent(ctx.db, currentUser(request), id);
      const [from, to] = await Promise.all([
        sql.getVersion(ctx.db, id, request.query.from),
        sql.getVersion(ctx.db, id, request.query.to),
      ]);
      if (!from || !to) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
      return success({ from: fullOf(from), to: fullOf(to) });
    },
  );

  app.post(
    '/content/:id/versions/:version_id/restore',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary:
          'Restore a version as a new one (a published article keeps its text until the new version is approved)',
        security: authenticated,
        params: versionParams,
        body: { type: 'object', properties: { note: noteField } },
        response: { 200: review, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      step(request, async (tx, user) => {
        const { id, version_id: versionId } = request.params;
        const a = await authorOrAgent(tx, user, id, true);
        const old = await sql.getVersion(tx, id, versionId);
        if (!old) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
        const held = a.status_id === sql.PUBLISHED && !a.is_draft;
        if (!held) await sql.updateArticle(tx, id, { title: old.title, body: old.body ?? '' });
        const article = { status_id: a.status_id, is_draft: a.is_draft };
        await recordArticleSave(tx, {
          recordId: id,
          authorId: user.id,
          title: old.title,
          body: old.body ?? '',
          note: request.body.note?.trim() || null,
          before: article,
          after: article,
          held,
          restoredFrom: old.number,
        });
        return id;
      }),
  );

  app.post(
    '/content/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit a draft, or a sent-back version, for review (author or agents)',
        security: authenticated,
        params: idParams,
        response: { 200: review, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      step(request, async (tx, user) => {
        const id = request.params.id;
        const a = await authorOrAgent(tx, user, id, true);
        const latest = await sql.latestVersion(tx, id);
        if (a.is_draft) {
          const fields: Record<string, string> = {};
          if (!hasText(a.body)) fields.body = REVIEW_MESSAGES.body;
          if (a.content_type_id === null) fields.content_type_id = REVIEW_MESSAGES.contentType;
          if (Object.keys(fields).length) throw new HttpError(400, 'Validation failed', fields);
          await sql.updateArticle(tx, id, { is_draft: false, status_id: sql.IN_REVIEW });
        } else if (!(
          a.status_id === sql.PUBLISHED &&
          latest &&
          ['draft', 'sent_back'].includes(latest.state)
        )) {
          throw new HttpError(409, REVIEW_MESSAGES.cannotSubmit);
        }
        let number = latest?.number ?? 1;
        if (a.is_draft && !(latest && latest.title === a.title && latest.body === a.body)) {
          // The records row is the draft's text: a version missing for it is written now.
          const v = await sql.insertVersion(tx, {
            recordId: id,
            authorId: user.id,
            title: a.title,
            body: a.body,
            note: null,
            state: 'in_review',
          });
          number = v.number;
        } else if (latest) {
          await sql.setVersionState(tx, latest.id, 'in_review');
        }
        await recordEvent(tx, {
          recordId: id,
          actorId: user.id,
          action: 'submitted_for_review',
          details: { number: number ?? 1 },
        });
        return id;
      }),
  );

  app.post(
    '/content/:id/approve',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary: 'Approve the version in review: it becomes the published text (reviewers)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          properties: {
            version_id: {
              ...bigId,
              description: 'The version the reviewer read: 409 when another is in review now',
              [M]: 'Invalid id.',
            },
          },
        },
        response: { 200: review, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      step(request, async (tx, user) => {
        const id = request.params.id;
        const a = await forReviewer(tx, user, id);
        const v = await sql.versionInReview(tx, id);
        if (!v || a.is_draft || a.status_id === sql.ARCHIVED) {
          throw new HttpError(409, REVIEW_MESSAGES.nothingInReview);
        }
        if (request.body.version_id !== undefined && request.body.version_id !== Number(v.id)) {
          throw new HttpError(409, REVIEW_MESSAGES.staleVersion);
        }
        await sql.setVersionState(tx, v.id, 'published', { by: user.id });
        await sql.updateArticle(tx, id, {
          title: v.title,
          body: v.body ?? '',
          status_id: sql.PUBLISHED,
        });
        await recordEvent(tx, {
          recordId: id,
          actorId: user.id,
          action: 'approved',
          details: { number: v.number },
        });
        if (a.status_id !== sql.PUBLISHED) {
          await recordEvent(tx, {
            recordId: id,
            actorId: user.id,
            action: 'status_changed',
            details: { from: a.status_name, to: 'Published' },
          });
        }
        return id;
      }),
  );

  app.post(
    '/content/:id/send-back',
    {
      schema: {
        tags,
        summary: 'Send the version in review back to its author with a comment (reviewers)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['comment'],
          properties: {
            comment: {
              type: 'string',
              minLength: 1,
              maxLength: 2000,
              pattern: '\\S',
              [M]: REVIEW_MESSAGES.comment,
            },
          },
        },
        response: { 200: review, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      step(request, async (tx, user) => {
        const id = request.params.id;
        const a = await forReviewer(tx, user, id);
        const v = await sql.versionInReview(tx, id);
        if (!v || a.is_draft || a.status_id === sql.ARCHIVED) {
          throw new HttpError(409, REVIEW_MESSAGES.nothingInReview);
        }
        const comment = request.body.comment.trim();
        await sql.setVersionState(tx, v.id, 'sent_back', { by: user.id, comment });
        // An article never published goes back to its author as a draft; a published one stays
        // live with its published text.
        if (a.status_id !== sql.PUBLISHED) await sql.updateArticle(tx, id, { is_draft: true });
        await recordEvent(tx, {
          recordId: id,
          actorId: user.id,
          action: 'sent_back',
          details: { number: v.number, comment },
        });
        return id;
      }),
  );

  app.post(
    '/content/:id/archive',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        summary:
          'Archive a published article, optionally naming the article that replaces it (agents)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          properties: {
            successor_id: {
              type: ['integer', 'null'],
              minimum: 1,
              maximum: 9007199254740991,
              [M]: REVIEW_MESSAGES.successor,
            },
          },
        },
        response: { 200: review, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      step(request, async (tx, user) => {
        const id = request.params.id;
        const a = await sql.getArticle(tx, user, id, true);
        if (!a) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (!user.user_is_hde) throw new HttpError(403, REVIEW_MESSAGES.agentsOnly);
        if (a.is_draft || a.status_id !== sql.PUBLISHED) {
          throw new HttpError(409, REVIEW_MESSAGES.notPublished);
        }
        const successorId = request.body.successor_id ?? null;
        if (
          successorId !== null &&
          (successorId === id || !(await sql.successorOk(tx, user, successorId)))
        ) {
          throw new HttpError(400, 'Validation failed', {
            successor_id: REVIEW_MESSAGES.successor,
          });
        }
        await sql.updateArticle(tx, id, { status_id: sql.ARCHIVED, successor_id: successorId });
        const after = await sql.getArticle(tx, user, id);
        await recordEvent(tx, {
          recordId: id,
          actorId: user.id,
          action: 'archived',
          details: { successor_id: successorId, successor_title: after?.successor_title ?? null },
        });
        await recordEvent(tx, {
          recordId: id,
          actorId: user.id,
          action: 'status_changed',
          details: { from: a.status_name, to: 'Archived' },
        });
        return id;
      }),
  );

  app.get(
    '/review-queue',
    {
      schema: {
        tags,
        summary:
          'To review: content items with a version in review that the caller reviews (agents)',
        security: authenticated,
        response: {
          200: ok({
            type: 'object',
            required: ['items'],
            properties: { items: { type: 'array', items: queueItem } },
          } as const),
          ...errors(401, 403),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.user_is_hde) throw new HttpError(403, REVIEW_MESSAGES.agentsOnly);
      const rows = await sql.reviewQueue(ctx.db, user);
      return success({
        items: rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          hd_id: r.hd_id,
          hd_name: r.hd_name,
          author_id: Number(r.author_id),
          author_name: r.author_name,
          status_id: r.status_id,
          status_name: r.status_name,
          is_update: r.status_id === sql.PUBLISHED,
          version_id: Number(r.version_id),
          version_number: r.version_number,
          version_title: r.version_title,
          submitted_at: iso(r.submitted_at),
          submitted_by_name: r.submitted_by_name,
        })),
      });
    },
  );

  const reviewersOk = ok(reviewersShape);
  const presentReviewers = (d: sql.DeskReviewers) => ({
    hd_id: d.hd_id,
    hd_name: d.hd_name,
    reviewers: d.reviewers.map((r) => ({ id: Number(r.id), fullname: r.fullname })),
  });

  app.get(
    '/admin/helpdesks/:id/reviewers',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A content help desk's reviewers (none: every agent reviews its articles)",
        security: authenticated,
        params: smallIdParams,
        response: { 200: reviewersOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const d = await sql.deskReviewers(ctx.db, request.params.id);
      if (!d) throw new HttpError(404, REVIEW_MESSAGES.deskNotFound);
      return success(presentReviewers(d));
    },
  );

  app.put(
    '/admin/helpdesks/:id/reviewers',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Name a content help desk's reviewers (an empty list: every agent reviews)",
        security: authenticated,
        params: smallIdParams,
        body: {
          type: 'object',
          required: ['user_ids'],
          properties: {
            user_ids: {
              type: 'array',
              maxItems: 200,
              uniqueItems: true,
              items: { ...bigId, [M]: REVIEW_MESSAGES.reviewers },
              [M]: REVIEW_MESSAGES.reviewers,
            },
          },
        },
        response: { 200: reviewersOk, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const ids = request.body.user_ids;
      const d = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        const before = await sql.deskReviewers(tx, id);
        if (!before) throw new HttpError(404, REVIEW_MESSAGES.deskNotFound);
        if ((await sql.countAgents(tx, ids)) !== ids.length) {
          throw new HttpError(400, 'Validation failed', { user_ids: REVIEW_MESSAGES.reviewers });
        }
        await sql.setDeskReviewers(tx, id, ids);
        // Kept in admin_events, so the audit log has it as helpdesk.reviewers_changed (047).
        await adminEvent(tx, {
          actorId: currentUser(request).id,
          action: 'helpdesk_reviewers_changed',
          target: 'helpdesk',
          targetId: id,
          details: {
            from: { reviewer_ids: before.reviewers.map((r) => Number(r.id)) },
            to: { reviewer_ids: ids },
          },
        });
        return sql.deskReviewers(tx, id);
      });
      if (!d) throw new HttpError(404, REVIEW_MESSAGES.deskNotFound);
      return success(presentReviewers(d));
    },
  );
}
