// What every response carries (security headers), the SPA serving, and the error shapes of
// requests that never reach a route.
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createUser, startTestEnv, tokenFor, type TestEnv } from '../helpers.js';

let env: TestEnv;
let spa: TestEnv;
const logLines: Record<string, unknown>[] = [];
beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line));
  });
  env = await startTestEnv({ bodyLimitBytes: 2048 }, { logTo: log });
  // A second app with a built SPA in its dist folder.
  const distDir = fs.mkdtempSync(path.join(env.config.dataDir, 'dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><head><link rel="stylesheet" href="/assets/main.css"></head><div id="root"></div>',
  );
  // What the build writes (src/routes/route-preloads.build.ts), and a name no build writes.
  fs.writeFileSync(
    path.join(distDir, 'route-preloads.json'),
    JSON.stringify([
      {
        path: '/ticket/my_ticket/details',
        files: ['/assets/frame-a1.js', '/assets/details-b2.js'],
      },
      { path: '/hd_ticket/:userId', files: ['/assets/user-tickets-c3.js'] },
      { path: '/auth/login', files: ['/assets/x.js"><script>alert(1)</script>'] },
    ]),
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(distDir, 'assets', 'app-abc123.js.gz'),
    zlib.gzipSync('console.log(1)'),
  );
  spa = await startTestEnv({ distDir });
});
afterAll(async () => {
  await spa.close();
  await env.close();
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "connect-src 'self';font-src 'self' data:;object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on API answers, errors, SPA pages and assets', async () => {
    const responses = [
      await env.app.inject({ method: 'GET', url: '/api/health' }),
      await env.app.inject({ method: 'GET', url: '/api/user/me' }),
      await env.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await env.app.inject({ method: 'GET', url: '/home' }),
      await spa.app.inject({ method: 'GET', url: '/home' }),
      await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
    ];
    for (const res of responses) expectSecurityHeaders(res.headers);
  });
});

describe('the request log', () => {
  it('has one line per request, written when it is answered, with its method, path, status and time', async () => {
    const calls = [
      { url: '/api/health', status: 200 },
      { url: '/api/user/me', status: 401 },
      { url: '/api/no-such-call', status: 404 },
    ];
    const before = logLines.length;
    for (const call of calls) {
      const res = await env.app.inject({ method: 'GET', url: call.url });
      expect(res.statusCode).toBe(call.status);
    }
    await new Promise((resolve) => setImmediate(resolve));
    const requests = logLines
      .slice(before)
      .filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requests).toHaveLength(calls.length);
    for (const [i, line] of requests.entries()) {
      expect(line).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: calls[i].url },
        res: { statusCode: calls[i].status },
      });
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(line.reqId).toEqual(expect.any(String));
    }
  });
});

describe('the SPA', () => {
  it('serves index.html for client routes, with revalidation', async () => {
    for (const url of ['/', '/home', '/auth/login', '/ticket/my_ticket/details?ticketId=3']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("preloads a route's first-screen chunks in its HTML, after the stylesheet", async () => {
    const preloads = async (url: string) => {
      const html = (await spa.app.inject({ method: 'GET', url })).body;
      const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
      if (links.length) {
        expect(html.indexOf(links[0][0])).toBeGreaterThan(html.indexOf('stylesheet'));
        expect(html.indexOf(links.at(-1)![0])).toBeLessThan(html.indexOf('</head>'));
      }
      return links.map((m) => m[1]);
    };
    expect(await preloads('/ticket/my_ticket/details?ticketId=3')).toEqual([
      '/assets/frame-a1.js',
      '/assets/details-b2.js',
    ]);
    expect(await preloads('/hd_ticket/42')).toEqual(['/assets/user-tickets-c3.js']);
    // No route, or only a file name no build makes: the page as built.
    for (const url of ['/hd_ticket/42/x', '/nowhere', '/auth/login']) {
      expect(await preloads(url), url).toEqual([]);
      expect((await spa.app.inject({ method: 'GET', url })).body).not.toContain('<script>');
    }
  });

  it('picks up a rebuild while it runs (index.html and its route table)', async () => {
    const dist = spa.config.distDir;
    const files = ['index.html', 'route-preloads.json'].map((f) => path.join(dist, f));
    const before = files.map((f) => fs.readFileSync(f, 'utf8'));
    const rewrite = (contents: string[], secondsAhead: number) =>
      files.forEach((f, i) => {
        fs.writeFileSync(f, contents[i]);
        const at = new Date(Date.now() + secondsAhead * 1000);
        fs.utimesSync(f, at, at);
      });
    try {
      rewrite(
        [
          '<!doctype html><head><link rel="stylesheet" href="/assets/main2.css"></head><div id="root">v2</div>',
          JSON.stringify([{ path: '/home', files: ['/assets/home-d4.js'] }]),
        ],
        10,
      );
      const html = (await spa.app.inject({ method: 'GET', url: '/home' })).body;
      expect(html).toContain('<div id="root">v2</div>');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-d4.js">');
    } finally {
      rewrite(before, 20);
    }
    const html = (await spa.app.inject({ method: 'GET', url: '/home' })).body;
    expect(html).not.toContain('v2');
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await spa.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed asset to a browser that accepts gzip', async () => {
    const res = await spa.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('says so when the web app is not built', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The web app is not built yet: run npm run build');
  });
});

describe('API answers in JSON', () => {
  it('are compressed for a client that accepts it, and only then', async () => {
    const user = await createUser(spa);
    const token = await tokenFor(spa, user.email, user.password);
    for (let i = 0; i < 6; i++) {
      const created = await spa.app.inject({
        method: 'POST',
        url: '/api/ticket/',
        headers: auth(token),
        payload: {
          subject: `Printer on floor ${i} jams`,
          description: '<p>Paper.</p>',
          priority_id: 2,
        },
      });
      expect(created.statusCode).toBe(200);
    }
    const list = (encoding?: string) =>
      spa.app.inject({
        method: 'POST',
        url: '/api/search/ticket/my',
        headers: { ...auth(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
        payload: {},
      });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const items = (plain.json() as { data: { items: unknown[] } }).data.items;
    expect(items).toHaveLength(6);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // Small answers are not worth it.
    const health = await spa.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('requests that reach no route', () => {
  it('unknown /api/ paths answer a JSON 404, even with a built SPA', async () => {
    const res = await spa.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such API call: GET /api/nothing/here',
    });
  });

  it('malformed JSON answers 400', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"str_username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('a body over the limit answers 413', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: { fullname: 'x'.repeat(5000), email: 'a@example.com', password: 'long enough' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large.',
    });
  });

  it('a body that is not an object answers 400 with a message', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ body: 'The request body must be a JSON object.' });
  });
});

describe('the OpenAPI document', () => {
  it('lists every API route with its schemas', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/health',
      '/api/login',
      '/api/logout',
      '/api/register/',
      '/api/confirm/',
      '/api/forget-password/',
      '/api/reset-password/',
      '/api/user/me',
      '/api/user/me/password',
      '/api/public/pre-login',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/api/login'].post.responses['200']).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('password_hash');
  });

  it('the UI page at /api/docs loads only same-origin scripts', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await env.app.inject({ method: 'GET', url: res.headers.location as string })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script for the CSP to block
    expectSecurityHeaders(page.headers);
  });
});
