// The public help centre (/help): what an anonymous visitor, with no JavaScript, may see. Only
// published public articles reach any page, search, the sitemap or a file URL; every other id
// answers the same 404 body.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from '../helpers.js';
import { eventually } from '../routes/work-helpers.js';
import { multipart, person, type Person } from '../work-helpers.js';

let env: TestEnv;
let agent: Person;

beforeAll(async () => {
  env = await startTestEnv({
    helpCentreCacheSeconds: 0,
    helpCentreViewFlushMs: 100,
    helpCentreBurst: 1000,
    helpCentrePerSecond: 1000,
  });
  agent = await person(env, 'Help Agent', true);
});
afterAll(() => env.close());

interface ArticleInput {
  title: string;
  body: string;
  language?: 'en' | 'es';
  isPublic?: boolean;
  searchable?: boolean;
  draft?: boolean;
  status?: number;
  category?: number;
  group?: number;
}

/** A content item straight in the database (the record calls are tested elsewhere). */
async function article(a: ArticleInput): Promise<number> {
  const { rows } = await env.db.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id, content_type_id,
                          searchable, is_draft, is_public, language, translation_group)
     VALUES ('C', $1, $2, $3, 5, $4, 1, $5, $6, $7, $8, $9) RETURNING id`,
    [
      a.title,
      a.body,
      agent.id,
      a.status ?? 7,
      a.searchable ?? false,
      a.draft ?? false,
      a.isPublic ?? true,
      a.language ?? 'en',
      a.group ?? null,
    ],
  );
  const id = Number(rows[0].id);
  if (a.category) {
    await env.db.query('INSERT INTO record_categories (record_id, category_id) VALUES ($1, $2)', [
      id,
      a.category,
    ]);
  }
  return id;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });

describe('visibility', () => {
  const hidden: Record<string, number> = {};
  let published: number;

  beforeAll(async () => {
    published = await article({
      title: 'Replacing the toner cartridge',
      body: '<p>Open the front panel and pull the old cartridge out.</p>',
      category: 3,
    });
    const secret = (title: string, extra: Partial<ArticleInput>) =>
      article({
        title,
        body: `<p>${title} zebracorn secret text.</p>`,
        category: 4,
        ...extra,
      });
    hidden.private = await secret('Private zebracorn note', { isPublic: false });
    hidden.shared = await secret('Shared zebracorn note', { isPublic: false });
    hidden.searchableOnly = await secret('Searchable zebracorn note', {
      isPublic: false,
      searchable: true,
    });
    hidden.draft = await secret('Draft zebracorn note', { draft: true });
    hidden.inReview = await secret('In review zebracorn note', { status: 6 });
    hidden.archived = await secret('Archived zebracorn note', { status: 8 });
    await env.db.query('INSERT INTO record_shares (record_id, user_id) VALUES ($1, $2)', [
      hidden.shared,
      agent.id,
    ]);
  });

  it('shows a published public article to a visitor without JavaScript, text in the HTML', async () => {
    const res = await get(`/help/articles/${published}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Replacing the toner cartridge · Help centre</title>');
    expect(res.body).toContain('Open the front panel and pull the old cartridge out.');
    expect(res.body).toContain('<meta name="description" content="Open the front panel');
    expect(res.body).toContain(
      '<meta property="og:title" content="Replacing the toner cartridge">',
    );
    expect(res.body).toContain('<form class="vote" method="post"');
    expect(res.body).not.toContain('<script');
  });

  it('never shows a private, shared, searchable-only, draft, in-review or archived article', async () => {
    const missing = await get('/help/articles/999999999-nothing');
    expect(missing.statusCode).toBe(404);
    for (const [why, id] of Object.entries(hidden)) {
      const res = await get(`/help/articles/${id}-zebracorn`);
      if (why === 'archived') {
        expect(res.statusCode, why).toBe(410);
        expect(res.body).not.toContain('zebracorn');
      } else {
        expect(res.statusCode, why).toBe(404);
        expect(res.body, why).toBe(missing.body);
      }
      const vote = await env.app.inject({
        method: 'POST',
        url: `/help/articles/${id}/vote`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'helpful=yes',
      });
      expect(vote.statusCode, why).toBe(404);
      expect(vote.body, why).toBe(missing.body);
    }
    const search = await get('/help/search?q=zebracorn');
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('zebracorn note');
    expect(search.body).toContain('/auth/login?next=%2Fticket%2Finput');
    const sitemap = await get('/help/sitemap.xml');
    for (const id of Object.values(hidden)) {
      expect(sitemap.body).not.toContain(`/help/articles/${id}`);
    }
    expect(sitemap.body).toContain(`/help/articles/${published}-replacing-the-toner-cartridge`);
    // Only the category holding a public article is listed; the one holding hidden ones is not.
    expect(sitemap.body).toContain('/help/categories/3-printers');
    expect(sitemap.body).not.toContain('/help/categories/4-monitors');
    const category = await get('/help/categories/4-monitors');
    expect(category.statusCode).toBe(404);
    expect(category.body).toBe(missing.body);
    const home = await get('/help');
    expect(home.body).toContain('Hardware');
    expect(home.body).not.toContain('zebracorn');
  });

  it("serves a public article's files publicly, and no other record's", async () => {
    const upload = async (recordId: number) => {
      const form = multipart('files', 'guide.txt', 'text/plain', 'step one');
      const res = await env.app.inject({
        method: 'POST',
        url: `/api/attachment/C/${recordId}`,
        headers: { ...form.headers, authorization: `JWT ${agent.token}` },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.id as number;
    };
    const own = await upload(published);
    const page = await get(`/help/articles/${published}`);
    expect(page.body).toContain(`/help/files/${own}/guide.txt`);
    const file = await get(`/help/files/${own}/guide.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('step one');
    const missing = await get('/help/files/999999999');
    for (const id of [hidden.private, hidden.searchableOnly, hidden.draft]) {
      const other = await upload(id);
      const res = await get(`/help/files/${other}/guide.txt`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(missing.body);
    }
  });
});

describe('pages for search engines', () => {
  it('links the English and Spanish versions with canonical and hreflang', async () => {
    const group = 424242;
    const en = await article({
      title: 'Connecting to the VPN',
      body: '<p>Install the client and sign in.</p>',
      category: 14,
      group,
    });
    const es = await article({
      title: 'Conectarse a la VPN',
      body: '<p>Instale el cliente e inicie sesión.</p>',
      language: 'es',
      category: 14,
      group,
    });
    const res = await get(`/help/articles/${en}-old-slug`, { 'accept-language': 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="http://helpdesk.test/help/articles/${en}-connecting-to-the-vpn">`,
    );
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="es" href="http://helpdesk.test/help/articles/${es}-conectarse-a-la-vpn">`,
    );
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="en" href="http://helpdesk.test/help/articles/${en}-connecting-to-the-vpn">`,
    );
    // The chrome follows the visitor (Spanish), the article keeps its language.
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<article lang="en">');
    expect(res.body).toContain('Este artículo también está en su idioma:');
  });

  it('says when an article exists only in the other language', async () => {
    const id = await article({ title: 'Only English here', body: '<p>Text.</p>' });
    const res = await get(`/help/articles/${id}`, { cookie: 'help_lang=es' });
    expect(res.body).toContain('Este artículo solo existe en inglés.');
  });

  it('switches language by ?lang= and remembers it in a cookie', async () => {
    const res = await get('/help?lang=es');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('¿Cómo podemos ayudarle?');
    expect(res.headers['set-cookie']).toContain('help_lang=es');
  });

  it('answers 304 to a revalidation with the ETag or the Last-Modified date', async () => {
    const id = await article({ title: 'Cached page', body: '<p>Same text.</p>' });
    const first = await get(`/help/articles/${id}`);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^".+"$/);
    expect((await get(`/help/articles/${id}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(
      (await get(`/help/articles/${id}`, { 'if-modified-since': lastModified })).statusCode,
    ).toBe(304);
    await env.db.query(
      "UPDATE records SET body = '<p>New text.</p>', updated_at = now() + interval '1 minute' WHERE id = $1",
      [id],
    );
    const changed = await get(`/help/articles/${id}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('New text.');
  });

  it('compresses a page and the stylesheet for a browser that accepts it', async () => {
    const id = await article({ title: 'Compressed page', body: '<p>Some text.</p>' });
    const page = await get(`/help/articles/${id}`, { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<h1>Compressed page</h1>');
    const css = /href="(\/help\/assets\/help-[^"]+\.css)"/.exec(html)?.[1] ?? '';
    const sheet = await get(css, { 'accept-encoding': 'gzip' });
    expect(sheet.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(sheet.rawPayload).toString()).toContain('box-sizing');
    // Without Accept-Encoding: as it is.
    expect((await get(`/help/articles/${id}`)).body).toContain('<h1>Compressed page</h1>');
  });

  it('serves robots.txt pointing to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Sitemap: http://helpdesk.test/help/sitemap.xml');
  });
});

describe('search', () => {
  it('finds a Spanish article by another form of its words (stemming), with a snippet', async () => {
    await article({
      title: 'Restablecer la contraseña del correo',
      body: '<p>Para restablecer su contraseña abra el portal de cuentas.</p>',
      language: 'es',
    });
    const res = await get(`/help/search?q=${encodeURIComponent('contraseñas restablecidas')}`, {
      'accept-language': 'es',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Restablecer la contraseña del correo');
    expect(res.body).toMatch(/<mark>contraseña<\/mark>/);
  });

  it('finds a title despite a typo (trigram similarity)', async () => {
    await article({ title: 'Configuring the wireless printer', body: '<p>Steps.</p>' });
    const res = await get('/help/search?q=wireles');
    expect(res.body).toContain('Configuring the wireless printer');
    const typo = await get('/help/search?q=wirless');
    expect(typo.body).toContain('Configuring the wireless printer');
  });
});

describe('votes and views', () => {
  it('counts one vote per browser and the page views, in article_daily_stats', async () => {
    const id = await article({ title: 'Vote on me', body: '<p>Helpful?</p>' });
    const vote = (cookie?: string) =>
      env.app.inject({
        method: 'POST',
        url: `/help/articles/${id}-vote-on-me/vote`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        payload: 'helpful=yes',
      });
    const first = await vote();
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/help/articles/${id}-vote-on-me?voted=1`);
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^help_voter=/);
    await vote(cookie);
    await vote(cookie);
    await vote(); // another browser
    const stats = async () =>
      (
        await env.db.query<{ helpful: number; views: number }>(
          'SELECT sum(helpful)::int AS helpful, sum(views)::int AS views FROM article_daily_stats WHERE record_id = $1',
          [id],
        )
      ).rows[0];
    expect((await stats()).helpful).toBe(2);
    const thanks = await get(`/help/articles/${id}-vote-on-me?voted=1`);
    expect(thanks.body).toContain('Thank you for your feedback.');
    await get(`/help/articles/${id}`);
    await get(`/help/articles/${id}`);
    await eventually(async () => expect((await stats()).views).toBe(3));
  });
});

describe('rate limit', () => {
  it('answers a burst past the limit with 429 and Retry-After', async () => {
    const limited = await startTestEnv({ helpCentreBurst: 3, helpCentrePerSecond: 1 });
    try {
      const codes: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'GET', url: '/help/search?q=x' });
        codes.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = res.headers['retry-after'];
      }
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[4]).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});
