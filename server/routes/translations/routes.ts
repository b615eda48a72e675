// An article's language and its translation (docs/help-centre.md "Languages"): agents set a
// content item's language (English or Spanish) and link it with its version in the other
// language, or unlink them. The help centre follows the links (hreflang, "also in your
// language"). Each change writes history on every article it touches, in its own transaction.
import type { FastifyInstance } from 'fastify';
import { withUserTransaction, type Queryable } from '../../db/transaction.js';
import type { AppContext } from '../../lib/context.js';
import { HttpError } from '../../lib/http-error.js';
import { M, authenticated, errors, idParams, ok, ref, success } from '../../lib/schemas.js';
import { routesWith } from '../../lib/typed-routes.js';
import { currentUser, requestActor, type AuthUser } from '../../plugins/auth.js';
import { recordEvent } from '../records/history.js';
import { NOT_FOUND_MESSAGE } from '../records/messages.js';
import { findReadable, requireAccess } from '../records/record-access.js';
import * as sql from './sql.js';

export const TRANSLATION_MESSAGES = {
  language: 'Language must be en or es.',
  translationId: 'Choose a content item.',
  itself: 'An article cannot be its own translation.',
  ticket: 'A translation must be a content item, not a ticket.',
  sameLanguage: 'A translation must be in the other language.',
  alreadyLinked: 'This article already has a translation. Unlink it first.',
  otherLinked: 'The chosen article already has a translation. Unlink it there first.',
  languageTaken: 'Its translation is in that language. Unlink the translation first.',
} as const;

const LANGUAGES = ['en', 'es'] as const;

const languageShape = {
  $id: 'ArticleLanguage',
  type: 'object',
  required: ['id', 'language', 'translation'],
  properties: {
    id: { type: 'integer' },
    language: { type: 'string', enum: LANGUAGES },
    translation: {
      description: 'The same article in the other language, or null',
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['id', 'title', 'language'],
          properties: {
            id: { type: 'integer' },
            title: { type: 'string' },
            language: { type: 'string', enum: LANGUAGES },
          },
        },
      ],
    },
  },
} as const;

/** The article's language and its translation as `user` may see them. */
async function present(q: Queryable, user: AuthUser, id: number) {
  const [row, other] = await Promise.all([sql.readArticle(q, id), sql.translationOf(q, id, user)]);
  if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return {
    id: Number(row.id),
    language: row.language,
    translation: other
      ? { id: Number(other.id), title: other.title, language: other.language }
      : null,
  };
}

export function translationRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = routesWith(server, languageShape);
  const tags = ['content'];
  const answer = { 200: ok(ref(languageShape)) } as const;

  app.get(
    '/content/:id/translation',
    {
      schema: {
        tags,
        summary: "A content item's language and its translation (agents only)",
        security: authenticated,
        params: idParams,
        response: { ...answer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await requireAccess(ctx.db, user, 'agent', request.params.id, 'C');
      return success(await present(ctx.db, user, request.params.id));
    },
  );

  app.put(
    '/content/:id/language',
    {
      schema: {
        tags,
        summary: "Set a content item's language, English or Spanish (agents only)",
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['language'],
          properties: {
            language: { type: 'string', enum: LANGUAGES, [M]: TRANSLATION_MESSAGES.language },
          },
        },
        response: { ...answer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const { language } = request.body;
      const data = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        await requireAccess(tx, user, 'agent', id, 'C');
        const row = await sql.readArticle(tx, id, true);
        if (!row) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (row.language !== language) {
          const other = await sql.translationOf(tx, id);
          if (other?.language === language) {
            throw new HttpError(409, TRANSLATION_MESSAGES.languageTaken);
          }
          await sql.setLanguage(tx, id, language);
          await recordEvent(tx, {
            recordId: id,
            actorId: user.id,
            action: 'language_changed',
            details: { from: row.language, to: language },
          });
        }
        return present(tx, user, id);
      });
      return success(data);
    },
  );

  app.put(
    '/content/:id/translation',
    {
      schema: {
        tags,
        summary:
          'Link a content item with its translation, another content item in the other language (agents only)',
        security: authenticated,
        params: idParams,
        body: {
          type: 'object',
          required: ['translation_id'],
          properties: {
            translation_id: {
              type: 'integer',
              minimum: 1,
              maximum: 9007199254740991,
              [M]: TRANSLATION_MESSAGES.translationId,
            },
          },
        },
        response: { ...answer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const otherId = request.body.translation_id;
      // A union of the messages' literals, so the Spanish catalog's test can read them.
      const invalid = (message: (typeof TRANSLATION_MESSAGES)[keyof typeof TRANSLATION_MESSAGES]) =>
        new HttpError(400, 'Validation failed', { translation_id: message });
      const data = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        await requireAccess(tx, user, 'agent', id, 'C');
        if (otherId === id) throw invalid(TRANSLATION_MESSAGES.itself);
        const target = await findReadable(tx, user, otherId);
        if (!target) throw new HttpError(404, NOT_FOUND_MESSAGE);
        if (target.object_type !== 'C') throw invalid(TRANSLATION_MESSAGES.ticket);
        // Both rows locked, the smaller id first, so two links made at once cannot deadlock.
        const [first, second] = id < otherId ? [id, otherId] : [otherId, id];
        const a = await sql.readArticle(tx, first, true);
        const b = await sql.readArticle(tx, second, true);
        if (!a || !b) throw new HttpError(404, NOT_FOUND_MESSAGE);
        const [me, other] = Number(a.id) === id ? [a, b] : [b, a];
        if (me.translation_group !== null && me.translation_group === other.translation_group) {
          return present(tx, user, id);
        }
        if (me.language === other.language) throw invalid(TRANSLATION_MESSAGES.sameLanguage);
        if (await sql.translationOf(tx, id)) {
          throw new HttpError(409, TRANSLATION_MESSAGES.alreadyLinked);
        }
        if (await sql.translationOf(tx, otherId)) {
          throw new HttpError(409, TRANSLATION_MESSAGES.otherLinked);
        }
        await sql.link(tx, id, otherId);
        for (const [at, to] of [
          [me, other],
          [other, me],
        ]) {
          await recordEvent(tx, {
            recordId: Number(at.id),
            actorId: user.id,
            action: 'translation_linked',
            details: { id: Number(to.id), title: to.title, language: to.language },
          });
        }
        return present(tx, user, id);
      });
      return success(data);
    },
  );

  app.delete(
    '/content/:id/translation',
    {
      schema: {
        tags,
        summary: 'Unlink a content item from its translation (agents only)',
        security: authenticated,
        params: idParams,
        response: { ...answer, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.id;
      const data = await withUserTransaction(ctx.db, requestActor(request), async (tx) => {
        await requireAccess(tx, user, 'agent', id, 'C');
        const me = await sql.readArticle(tx, id, true);
        if (!me) throw new HttpError(404, NOT_FOUND_MESSAGE);
        const other = await sql.translationOf(tx, id);
        // Unlinking what is not linked changes nothing: the answer says so.
        if (other) {
          await sql.unlink(tx, id);
          for (const [at, from] of [
            [me, other],
            [other, me],
          ]) {
            await recordEvent(tx, {
              recordId: Number(at.id),
              actorId: user.id,
              action: 'translation_unlinked',
              details: { id: Number(from.id), title: from.title },
            });
          }
        }
        return present(tx, user, id);
      });
      return success(data);
    },
  );
}
