// Build time only (vite.config.ts): which chunks each route's first screen needs beyond what
// index.html already loads, written to dist/route-preloads.json. The server puts them in the
// HTML it sends for that route as <link rel=modulepreload> (server/plugins/static-spa.ts), so
// the browser fetches the page's code alongside the entry instead of after the entry has run
// and asked for it: over HTTP/1.1 one wave of files fewer before the first screen
// (docs/performance.md, "route preloads").
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { closure, firstFiles, type ChunkInfo } from '../app/index-html.build';

/** A route as the server matches it: `/hd_ticket/:userId`, and the files it preloads. */
export interface RoutePreload {
  path: string;
  files: string[];
}

/** What the entry loads as it starts on every route: the saga runtime (app/main.tsx). */
const AT_START = 'src/app/saga-runtime.ts';

/** Where the feature sagas a page's first call needs are named (`lazyPage(page, loader)`). */
const SAGA_LOADERS = 'src/app/saga-loaders.ts';

/** The route tables, their base path and the layout their pages render in. */
const TABLES = [
  { file: 'src/routes/private-routes.ts', base: '/', layout: 'src/layouts/vertical-layout.tsx' },
  { file: 'src/routes/public-routes.ts', base: '/auth/', layout: 'src/layouts/auth-layout.tsx' },
];

/**
 * The rows of a route table's source: each `path: '...'` with the page its `lazyPage(() =>
 * import('...'), loader?)` loads, resolved to a source file, and the name of the saga loader its
 * first call needs, if any. (route-preloads.test.ts checks this finds every row the tables
 * export.)
 */
export function routeRows(
  source: string,
  file: string,
): { path: string; module: string; sagaLoader?: string }[] {
  const rows: { path: string; module: string; sagaLoader?: string }[] = [];
  const row =
    /path:\s*'([^']+)',\s*page:\s*lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*(?:,\s*(\w+))?/g;
  for (const m of source.matchAll(row)) {
    const module = path.join(path.dirname(file), `${m[2]}.tsx`);
    rows.push(m[3] ? { path: m[1], module, sagaLoader: m[3] } : { path: m[1], module });
  }
  return rows;
}

/** The saga loaders (`export const name = () => import('...')`) by name, each its source file. */
export function sagaLoaders(source: string, file: string): Map<string, string> {
  const loader = /export const (\w+) = \(\) => import\('([^']+)'\)/g;
  return new Map(
    [...source.matchAll(loader)].map((m) => [m[1], path.join(path.dirname(file), `${m[2]}.ts`)]),
  );
}

export function routePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'helpdesk-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') chunks.set(out.fileName, out);
      }
      const chunkOf = (module: string) =>
        [...chunks.values()].find((c) => c.moduleIds.includes(path.resolve(root, module)));
      // What index.html loads already.
      const loaded = firstFiles(chunks);
      const atStart = chunkOf(AT_START);
      const loaders = sagaLoaders(
        fs.readFileSync(path.resolve(root, SAGA_LOADERS), 'utf8'),
        SAGA_LOADERS,
      );
      const routes: RoutePreload[] = [];
      for (const table of TABLES) {
        const source = fs.readFileSync(path.resolve(root, table.file), 'utf8');
        const layout = chunkOf(table.layout);
        for (const row of routeRows(source, table.file)) {
          const page = chunkOf(row.module);
          if (!page || !layout || !atStart) {
            this.error(`No chunk for ${row.module}, ${table.layout} or ${AT_START}`);
          }
          const files = new Set<string>();
          closure(chunks, atStart.fileName, files);
          closure(chunks, layout.fileName, files);
          closure(chunks, page.fileName, files);
          // The page's first call waits for its feature's saga: fetched with the page, not
          // after the entry has run and asked for it.
          if (row.sagaLoader) {
            const saga = chunkOf(loaders.get(row.sagaLoader) ?? '');
            if (!saga) this.error(`No chunk for the saga loader ${row.sagaLoader}`);
            closure(chunks, saga.fileName, files);
          }
          routes.push({
            path: `${table.base}${row.path}`,
            files: [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`),
          });
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(routes, null, 1)}\n`,
      });
    },
  };
}
