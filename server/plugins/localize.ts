// The one translate step for responses: just before an answer is serialized, the texts a person
// reads in it (an error's `message` and `fields`, a success's `data.message`) are put into the
// caller's language (lib/i18n.ts). Routes, the error handler and the 404 handler all write
// English; nothing else translates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage, translate, type Language } from '../lib/i18n.js';

/**
 * The language of the session's user when the request has no `request.user` (a public route
 * called with a token, e.g. a 400 from its schema): undefined when there is no live session.
 */
export type SessionLanguage = (request: FastifyRequest) => Promise<Language | undefined>;

type Body = Record<string, unknown>;

function isBody(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Only the server's own texts: an error body's message and fields, and the `{ message }` of a
 * success (never other data, which may hold what people wrote).
 */
function translated(lang: Language, body: Body): Body {
  const out: Body = { ...body };
  const isError = typeof body.statusCode === 'number' && body.statusCode >= 400;
  if (isError && typeof body.message === 'string') out.message = translate(lang, body.message);
  if (isError && isBody(body.fields)) {
    out.fields = Object.fromEntries(
      Object.entries(body.fields).map(([k, v]) => [
        k,
        typeof v === 'string' ? translate(lang, v) : v,
      ]),
    );
  }
  const data = body.data;
  if (isBody(data) && Object.keys(data).length === 1 && typeof data.message === 'string') {
    out.data = { message: translate(lang, data.message) };
  }
  return out;
}

export function registerLocalizedTexts(app: FastifyInstance, sessionLanguage: SessionLanguage) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isBody(payload)) return payload;
    let lang = request.user?.language;
    // A 503 means the database is away: do not ask it.
    if (!lang && reply.statusCode >= 400 && reply.statusCode !== 503) {
      lang = await sessionLanguage(request).catch(() => undefined);
    }
    return translated(lang ?? requestLanguage(request), payload);
  });
}
