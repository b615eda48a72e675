// The public help centre (docs/help-centre.md): server-rendered pages under /help that need no
// account, outside /api and before the SPA's fallback (app.ts). What is public is decided by
// public-articles.ts alone. Every route here is rate limited per address; pages carry ETag,
// Last-Modified and a short public Cache-Control so a proxy or CDN in front can serve them.
import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { acceptedLanguage, translate, type Language } from '../lib/i18n.js';
import { sanitizeBody } from '../lib/sanitize.js';
import { contentDisposition, servedAs } from '../routes/attachments/storage.js';
import { safeSnippet } from '../routes/search/sql.js';
import { cached } from './cached.js';
import { buildTree, pathTo, visibleNode, type CategoryTree } from './categories.js';
import { createRateLimiter } from './rate-limit.js';
import {
  articleMain,
  categoryMain,
  escapeHtml,
  homeMain,
  layout,
  messageMain,
  searchMain,
  textOf,
  type PageHead,
} from './render.js';
import { articlePath, categoryPath, idOfSegment } from './slug.js';
import * as sql from './sql.js';
import { STYLESHEET, STYLESHEET_PATH } from './stylesheet.js';
import { createViewCounter } from './view-counter.js';

const LANG_COOKIE = 'help_lang';
const VOTER_COOKIE = 'help_voter';
const PAGE_CACHE = 'public, max-age=60';
/** A category page lists at most this many articles. */
const CATEGORY_ARTICLES = 200;
/** The sitemap protocol's limit of URLs in one file. */
const SITEMAP_MAX = 50_000;

function cookies(request: FastifyRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return out;
}

const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'es';

export async function helpCentreRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, db } = ctx;
  const base = config.publicUrl;
  const limiter = createRateLimiter(config.helpCentreBurst, config.helpCentrePerSecond);
  const views = createViewCounter(db, app.log, config.helpCentreViewFlushMs);
  app.addHook('onClose', () => views.stop());
  const tree = cached<CategoryTree>(config.helpCentreCacheSeconds, async () =>
    buildTree(await sql.categoryRows(db)),
  );
  // The home page's most viewed articles and a category's list are reused for the same time as
  // the tree: at 100,000 articles the first sums 30 days of view rows (90,000 in the bench) and
  // the second reads and sorts every public article of a category (5,300 in the bench's largest),
  // on every view otherwise (bench/help-centre.ts, docs/help-centre.md "Speed at scale").
  const mostViewed = {
    en: cached(config.helpCentreCacheSeconds, () => sql.mostViewed(db, 'en', 10)),
    es: cached(config.helpCentreCacheSeconds, () => sql.mostViewed(db, 'es', 10)),
  };
  const categoryLists = new Map<string, () => Promise<sql.ArticleListRow[]>>();
  const categoryArticles = (id: number, lang: Language) => {
    const key = `${id}:${lang}`;
    let list = categoryLists.get(key);
    if (!list) {
      // The newest 200 categories asked for (a category's list is at most 200 rows).
      if (categoryLists.size >= 200) {
        categoryLists.delete(categoryLists.keys().next().value as string);
      }
      list = cached(config.helpCentreCacheSeconds, () =>
        sql.categoryArticles(db, id, lang, CATEGORY_ARTICLES),
      );
      categoryLists.set(key, list);
    }
    return list();
  };

  await app.register(async (scope) => {
    // Pages, the stylesheet, the sitemap and robots.txt compressed for browsers that accept it
    // (Lighthouse flagged the uncompressed page and stylesheet on a phone's slow 4G); brotli at
    // quality 4 as the API's JSON (plugins/compress-json.ts). Article files are sent as stored.
    await scope.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: /^(text\/(html|css|plain)|application\/xml)\b/,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    // HTML pages, not API calls: kept out of the OpenAPI document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // Every help centre request takes a token of its address's bucket.
    scope.addHook('onRequest', async (request, reply) => {
      const wait = limiter.take(request.ip);
      if (wait > 0) {
        const lang = languageOf(request).lang;
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            layout(
              head(lang, 'Too many requests', '/help', { noindex: true }),
              messageMain(lang, 'Too many requests', 'Please wait a moment and try again.'),
            ),
          );
      }
    });
    // The vote form's body (a plain HTML form, no JavaScript).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
    );
    routes(scope);
  });

  /** The visitor's language: `?lang=` (then remembered in a cookie), the cookie, Accept-Language. */
  function languageOf(request: FastifyRequest): { lang: Language; chosen: boolean } {
    const asked = (request.query as Record<string, unknown> | undefined)?.lang;
    if (isLanguage(asked)) return { lang: asked, chosen: true };
    const saved = cookies(request).get(LANG_COOKIE);
    if (isLanguage(saved)) return { lang: saved, chosen: false };
    return { lang: acceptedLanguage(request.headers['accept-language']), chosen: false };
  }

  function head(
    lang: Language,
    title: string,
    path: string,
    extra: Partial<PageHead> = {},
  ): PageHead {
    const t = translate(lang, title);
    return {
      lang,
      title: t,
      description: t,
      canonical: `${base}${path}`,
      alternates: {},
      ogType: 'website',
      path,
      ...extra,
    };
  }

  /** Absolute URLs of a language-neutral page (home, category) per language. */
  const perLanguage = (path: string) => ({
    en: `${base}${path}?lang=en`,
    es: `${base}${path}?lang=es`,
  });

  /**
   * Sends a page with its validators: a 304 when the client's copy (If-None-Match, else
   * If-Modified-Since) is current. A page rendered for `?lang=` sets the language cookie and is
   * private; the others vary by the visitor's language (cookie, Accept-Language).
   */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    opts: { lastModified?: Date; status?: number; chosen?: Language; cache?: string } = {},
  ) {
    const status = opts.status ?? 200;
    reply.type('text/html; charset=utf-8').header('vary', 'Cookie, Accept-Language');
    if (opts.chosen) {
      reply.header(
        'set-cookie',
        `${LANG_COOKIE}=${opts.chosen}; Path=/help; Max-Age=31536000; SameSite=Lax`,
      );
    }
    const cache = opts.chosen ? 'private, max-age=0, must-revalidate' : (opts.cache ?? PAGE_CACHE);
    reply.header('cache-control', cache);
    if (status !== 200) return reply.code(status).send(html);
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    reply.header('etag', etag);
    const modified = opts.lastModified
      ? new Date(Math.floor(opts.lastModified.getTime() / 1000) * 1000)
      : undefined;
    if (modified) reply.header('last-modified', modified.toUTCString());
    const match = request.headers['if-none-match'];
    const since = request.headers['if-modified-since'];
    const fresh = match
      ? match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag || m.trim() === '*')
      : Boolean(modified && since && Date.parse(since) >= modified.getTime());
    if (fresh) return reply.code(304).send();
    return reply.code(200).send(html);
  }

  /** The one "not found" page: the same body whatever the reason (no enumeration). */
  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const { lang } = languageOf(request);
    const html = layout(
      head(lang, 'Page not found', '/help', { noindex: true }),
      messageMain(lang, 'Page not found', 'There is no such page in the help centre.'),
    );
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .header('vary', 'Cookie, Accept-Language')
      .send(html);
  }

  const bodies = new Map<string, string>();
  /** The stored body through the app's sanitizer, kept per version (the newest 500). */
  function sanitized(article: sql.ArticleRow): string {
    const key = `${article.id}:${article.updated_at.getTime()}`;
    let html = bodies.get(key);
    if (html === undefined) {
      html = sanitizeBody(article.body);
      if (bodies.size >= 500) bodies.delete(bodies.keys().next().value as string);
      bodies.set(key, html);
    }
    return html;
  }

  function routes(r: FastifyInstance) {
    r.get(STYLESHEET_PATH, (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(STYLESHEET),
    );

    r.get('/robots.txt', (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(`User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${base}/help/sitemap.xml\n`),
    );

    r.get('/help', async (request, reply) => {
      const { lang, chosen } = languageOf(request);
      const [t, viewed] = await Promise.all([tree(), mostViewed[lang]()]);
      const top = [...t.roots].sort((a, b) => b.total - a.total).slice(0, 8);
      const lastModified = [
        ...t.roots.map((c) => c.lastChange),
        ...viewed.map((v) => v.updated_at),
      ].reduce<Date | undefined>((a, d) => (d && (!a || d > a) ? d : a), undefined);
      const html = layout(
        head(lang, 'How can we help?', '/help', {
          description: translate(lang, 'Answers to common questions, guides and policies.'),
          canonical: perLanguage('/help')[lang],
          alternates: perLanguage('/help'),
        }),
        homeMain(lang, top, viewed),
      );
      return sendPage(request, reply, html, { lastModified, chosen: chosen ? lang : undefined });
    });

    r.get<{ Params: { segment: string } }>('/help/categories/:segment', async (request, reply) => {
      const id = idOfSegment(request.params.segment);
      const t = await tree();
      const node = id === undefined ? undefined : visibleNode(t, id);
      if (!node) return notFound(request, reply);
      const { lang, chosen } = languageOf(request);
      const articles = await categoryArticles(node.id, lang);
      const path = categoryPath(node.id, node.name);
      const name = node.name;
      const html = layout(
        head(lang, node.name, path, {
          description: `${name}: ${articles
            .slice(0, 5)
            .map((a) => a.title)
            .join(', ')}`.slice(0, 160),
          canonical: perLanguage(path)[lang],
          alternates: perLanguage(path),
        }),
        categoryMain(lang, pathTo(t, node.id), node, articles),
      );
      return sendPage(request, reply, html, {
        lastModified: node.lastChange ?? undefined,
        chosen: chosen ? lang : undefined,
      });
    });

    r.get<{ Params: { segment: string } }>('/help/articles/:segment', async (request, reply) => {
      const id = idOfSegment(request.params.segment);
      if (id === undefined) return notFound(request, reply);
      // One round trip: the article, its related articles and files, and the (kept) tree at once.
      // The files' statement finds none unless the article is public; the related list (public
      // articles only) is shown only with a public one.
      const [article, t, related, attachments] = await Promise.all([
        sql.findArticle(db, id),
        tree(),
        sql.relatedArticles(db, id, 5),
        sql.articleAttachments(db, id),
      ]);
      if (!article) return notFound(request, reply);
      const { lang, chosen } = languageOf(request);
      if (article.state === 'archived') {
        const html = layout(
          head(lang, 'This article has been archived', '/help', { noindex: true }),
          messageMain(
            lang,
            'This article has been archived',
            'It is no longer in the help centre.',
          ),
        );
        return sendPage(request, reply, html, { status: 410 });
      }
      if (request.method === 'GET') views.count(Number(article.id));
      const path = articlePath(article.id, article.title);
      const alternates: Partial<Record<Language, string>> = { [article.language]: base + path };
      for (const tr of article.translations) {
        alternates[tr.language] = base + articlePath(tr.id, tr.title);
      }
      const body = sanitized(article);
      const voted = (request.query as Record<string, unknown>).voted === '1';
      const html = layout(
        {
          lang,
          title: article.title,
          description: textOf(body) || article.title,
          canonical: base + path,
          alternates,
          ogType: 'article',
          path,
        },
        articleMain({
          lang,
          article,
          body,
          path: article.category_id === null ? [] : pathTo(t, article.category_id),
          related,
          attachments,
          translationInVisitorLanguage: article.translations.find((tr) => tr.language === lang),
          voted,
        }),
      );
      return sendPage(request, reply, html, {
        lastModified: article.updated_at,
        chosen: chosen ? lang : undefined,
        cache: voted ? 'private, no-store' : undefined,
      });
    });

    r.post<{ Params: { segment: string }; Body: Record<string, string> | undefined }>(
      '/help/articles/:segment/vote',
      async (request, reply) => {
        const id = idOfSegment(request.params.segment);
        const helpful = request.body?.helpful;
        const origin = request.headers.origin;
        // A form posted from another site is refused (the cookie is SameSite=Lax too).
        if (origin && origin !== 'null' && new URL(origin).host !== request.headers.host) {
          return notFound(request, reply);
        }
        if (id === undefined || (helpful !== 'yes' && helpful !== 'no')) {
          return notFound(request, reply);
        }
        const article = await sql.findArticle(db, id);
        if (!article || article.state !== 'public') return notFound(request, reply);
        let voter = cookies(request).get(VOTER_COOKIE);
        if (!voter || !/^[A-Za-z0-9_-]{22,64}$/.test(voter)) {
          voter = randomBytes(24).toString('base64url');
          const secure = base.startsWith('https:') ? '; Secure' : '';
          reply.header(
            'set-cookie',
            `${VOTER_COOKIE}=${voter}; Path=/help; Max-Age=63072000; HttpOnly; SameSite=Lax${secure}`,
          );
        }
        const hash = createHash('sha256').update(voter).digest();
        await sql.recordVote(db, id, hash, helpful === 'yes');
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', `${articlePath(article.id, article.title)}?voted=1`)
          .send();
      },
    );

    r.get<{ Querystring: { q?: string } }>('/help/search', async (request, reply) => {
      const { lang, chosen } = languageOf(request);
      const raw = request.query.q;
      const q = (typeof raw === 'string' ? raw : '').slice(0, 200);
      const hits = q.trim() ? await sql.searchArticles(db, q, lang, 20) : [];
      for (const h of hits) h.snippet = safeSnippet(h.snippet);
      const path = `/help/search?q=${encodeURIComponent(q)}`;
      const html = layout(
        head(lang, 'Search results', path, {
          title: q ? `${q} · ${translate(lang, 'Search results')}` : translate(lang, 'Search'),
          noindex: true,
          query: q,
        }),
        searchMain(lang, q, hits),
      );
      return sendPage(request, reply, html, { chosen: chosen ? lang : undefined });
    });

    const sitemap = cached(config.helpCentreCacheSeconds, async () => {
      const [t, articles] = await Promise.all([tree(), sql.sitemapArticles(db, SITEMAP_MAX)]);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const link = (l: string, href: string) =>
        `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(href)}"/>`;
      const urls: string[] = [];
      const walk = (nodes: typeof t.roots) => {
        for (const c of nodes) {
          const alt = perLanguage(categoryPath(c.id, c.name));
          for (const l of ['en', 'es'] as const) {
            urls.push(
              `<url><loc>${escapeHtml(alt[l])}</loc>${c.lastChange ? `<lastmod>${day(c.lastChange)}</lastmod>` : ''}${link('en', alt.en)}${link('es', alt.es)}</url>`,
            );
          }
          walk(c.children);
        }
      };
      walk(t.roots);
      for (const a of articles) {
        const own = base + articlePath(a.id, a.title);
        const alts = [link(a.language, own)];
        for (const tr of a.translations) {
          alts.push(link(tr.language, base + articlePath(tr.id, tr.title)));
        }
        urls.push(
          `<url><loc>${escapeHtml(own)}</loc><lastmod>${day(a.updated_at)}</lastmod>${a.translations.length ? alts.join('') : ''}</url>`,
        );
      }
      return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>${base}/help?lang=en</loc>${link('en', `${base}/help?lang=en`)}${link('es', `${base}/help?lang=es`)}</url>
<url><loc>${base}/help?lang=es</loc>${link('en', `${base}/help?lang=en`)}${link('es', `${base}/help?lang=es`)}</url>
${urls.join('\n')}
</urlset>
`;
    });

    r.get('/help/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await sitemap()),
    );

    const serveFile = async (
      request: FastifyRequest<{ Params: { id: string } }>,
      reply: FastifyReply,
    ) => {
      const id = idOfSegment(request.params.id);
      const a = id === undefined ? undefined : await sql.publicAttachment(db, id);
      const file = a ? await ctx.blobs.get(a.stored_name) : undefined;
      if (!a || !file) return notFound(request, reply);
      const served = servedAs(a.detected_type, true);
      return reply
        .headers({
          'content-type': served.contentType,
          'content-length': a.size,
          'content-disposition': contentDisposition(served.disposition, a.file_name),
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=300',
        })
        .send(file);
    };
    r.get<{ Params: { id: string } }>('/help/files/:id', serveFile);
    r.get<{ Params: { id: string; name: string } }>('/help/files/:id/:name', serveFile);

    // Anything else under /help is the help centre's own 404, not the SPA.
    r.get('/help/*', (request, reply) => notFound(request, reply));
  }
}
