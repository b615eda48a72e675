// Serves the built SPA (dist/): hashed files under /assets/ are cached for a year, everything
// else is revalidated, and any unknown non-API GET gets index.html (client-side routing).
// Unknown /api/ paths answer a JSON 404 instead.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fill } from '../lib/i18n.js';
import { errorBody } from './errors.js';

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Helpdesk</title>' +
  '<p>The web app is not built yet: run npm run build</p>';

export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<void> {
  if (fs.existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: 'index.html',
      // The build writes .br/.gz beside each asset (vite.config.ts): sent when the browser accepts.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/')) {
      return reply
        .code(404)
        .send(
          errorBody(
            404,
            fill('No such API call: {{call}}', { call: `${request.method} ${urlPath}` }),
          ),
        );
    }
    if (urlPath.startsWith('/assets/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(errorBody(404, 'Not found.'));
    }
    const build = readBuild(distDir);
    if (!build) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const html = withRoutePreloads(build, urlPath);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

interface SpaBuild {
  /** The two files' modification times: a rebuild changes them. */
  stamp: string;
  html: string;
  /** From dist/route-preloads.json; none for a build without it. */
  routes: RoutePreload[];
}

const builds = new Map<string, SpaBuild>();

/**
 * index.html and the route table, read again only when a rebuild has changed either file, so a
 * rebuild while the server runs (npm run build) is picked up at once. Undefined when not built.
 */
function readBuild(distDir: string): SpaBuild | undefined {
  const indexFile = path.join(distDir, 'index.html');
  const routesFile = path.join(distDir, 'route-preloads.json');
  const indexStat = fs.statSync(indexFile, { throwIfNoEntry: false });
  if (!indexStat) return undefined;
  const routesStat = fs.statSync(routesFile, { throwIfNoEntry: false });
  const stamp = `${indexStat.mtimeMs}:${routesStat?.mtimeMs}`;
  const known = builds.get(distDir);
  if (known?.stamp === stamp) return known;
  let routes: RoutePreload[] = [];
  try {
    if (routesStat) routes = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as RoutePreload[];
  } catch {
    // unreadable: the pages load their code as they run
  }
  const build = { stamp, html: fs.readFileSync(indexFile, 'utf8'), routes };
  builds.set(distDir, build);
  return build;
}

interface RoutePreload {
  path: string;
  files: string[];
}

/** `/hd_ticket/:userId` matches `/hd_ticket/42`: a `:name` segment matches any one segment. */
function routeMatches(route: string, urlPath: string): boolean {
  const want = route.split('/');
  const got = urlPath.replace(/\/+$/, '').split('/');
  return (
    want.length === got.length &&
    want.every((w, i) => (w.startsWith(':') ? got[i] !== '' : w === got[i]))
  );
}

/**
 * index.html with the route's first-screen chunks as modulepreload links, from the build's
 * dist/route-preloads.json (src/routes/route-preloads.build.ts): the browser fetches the page's
 * code beside the entry's instead of after it. Unchanged for a path no route has.
 */
function withRoutePreloads({ html, routes }: SpaBuild, urlPath: string): string {
  const route = routes.find((r) => routeMatches(r.path, urlPath));
  const links = (route?.files ?? [])
    .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="${f}">\n    `)
    .join('');
  if (!links) return html;
  // After the stylesheet and the entry's own preloads (src/app/index-html.build.ts).
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${links}${html.slice(at)}`;
}
