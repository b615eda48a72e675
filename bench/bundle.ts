// Gzipped JavaScript each route loads: the entry chunk and its static imports, what the entry
// loads at start for every page (the saga runtime), the route's layout and page chunks and their
// static imports (from Vite's build manifest).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { addTarget } from './summary.js';

type ManifestChunk = {
  file: string;
  /** The chunk's name: its module's file name, without extension. */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const distDir = path.resolve('dist');
const srcDir = path.resolve('src');

/** Source files by name without extension (`login-page` -> src/.../login-page.tsx), if unique. */
function sourcesByName(): Map<string, string | null> {
  const byName = new Map<string, string | null>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) {
        const name = e.name.replace(/\.tsx?$/, '');
        byName.set(name, byName.has(name) ? null : path.relative(path.dirname(srcDir), p));
      }
    }
  };
  walk(srcDir);
  return byName;
}

/**
 * Each chunk's source module. A route's chunk that rolldown merged with code it shares with
 * other chunks (vite.config.ts, FIRST_SCREEN_CHUNKS) has no `src` in the manifest, only a name.
 */
function sourceOf(manifest: Manifest): Map<string, string> {
  const byName = sourcesByName();
  const sources = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const src = chunk.src ?? (chunk.name ? byName.get(chunk.name) : undefined);
    if (src) sources.set(src, key);
  }
  return sources;
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function jsBytes(manifest: Manifest, keys: Set<string>): number {
  let total = 0;
  for (const k of keys) if (manifest[k].file.endsWith('.js')) total += gzipSize(manifest[k].file);
  return total;
}

/**
 * What the page chunk imports dynamically (not other pages): e.g. a chart library drawn once the
 * page shows. Not part of the first screen, but printed beside it so the page's whole weight shows.
 */
function loadedLaterKb(manifest: Manifest, pageKey: string, loaded: Set<string>): number {
  const later = new Set<string>();
  for (const dep of manifest[pageKey]?.dynamicImports ?? []) {
    if (!dep.includes('/pages/') && !loaded.has(dep)) closure(manifest, dep, later);
  }
  for (const k of loaded) later.delete(k);
  return jsBytes(manifest, later) / 1024;
}

export const BUNDLE_TARGETS = { loginKb: 150, pageKb: 250 };

/**
 * What the entry loads at start for every page, beside the first screen (deferred-sagas.ts):
 * the saga runtime, in the chunk vite.config.ts names `sagas`.
 */
const STARTUP_CHUNKS = ['sagas'];

/** The layout each page shows in: public pages in the auth layout, the rest signed in. */
function layoutOf(key: string): string | null {
  if (!key.includes('/pages/')) return null;
  if (key.startsWith('src/features/auth/pages/')) return 'src/layouts/auth-layout.tsx';
  if (key.startsWith('src/features/errors/pages/') || key.endsWith('jwt-token-page.tsx'))
    return null;
  return 'src/layouts/vertical-layout.tsx';
}

/**
 * Per page: the entry and what it loads at start, the page's layout and the page chunk, each with
 * its static imports (what the browser loads to show the page). Prints it, flags pages over 250
 * KB, and adds the two targets to the summary; returns whether both are met.
 */
export function printBundleReport(): boolean {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) ?? '';
  // What index.html loads: its script and preloads (the entry's chunks and the one main.tsx
  // imports as it starts), each with its static imports.
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (html.includes(`/${chunk.file}"`)) closure(manifest, key, entry);
  }
  const entryKb = jsBytes(manifest, entry) / 1024;
  const chunkOf = sourceOf(manifest);
  const startup = new Set(entry);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.name && STARTUP_CHUNKS.includes(chunk.name)) closure(manifest, key, startup);
  }
  const pages = [...chunkOf.keys()]
    .filter((src) => src.includes('/pages/'))
    .sort()
    .map((src) => {
      const key = chunkOf.get(src) ?? '';
      const keys = new Set(startup);
      const layout = chunkOf.get(layoutOf(src) ?? '');
      if (layout) closure(manifest, layout, keys);
      closure(manifest, key, keys);
      return {
        key: src,
        kb: jsBytes(manifest, keys) / 1024,
        files: [...keys].filter((k) => manifest[k].file.endsWith('.js')).length,
        laterKb: loadedLaterKb(manifest, key, keys),
      };
    });
  const { loginKb: maxLogin, pageKb: maxPage } = BUNDLE_TARGETS;
  console.log(`  ${entryKb.toFixed(1).padStart(7)} KB  entry (${entryKey})`);
  const startupKb = jsBytes(manifest, startup) / 1024;
  console.log(`  ${startupKb.toFixed(1).padStart(7)} KB  entry + what it loads at start (sagas)`);
  for (const p of pages) {
    const flag = p.kb <= maxPage ? `<= ${maxPage}` : `OVER ${maxPage}`;
    const later =
      p.laterKb >= 20
        ? `  (+ ${p.laterKb.toFixed(1)} KB the page loads itself after its first screen)`
        : '';
    const files = `${p.files} files`.padStart(8);
    console.log(
      `  ${p.kb.toFixed(1).padStart(7)} KB  ${files}  ${flag.padEnd(9)} ${p.key}${later}`,
    );
  }
  const login = pages.find((p) => p.key.endsWith('/login-page.tsx'))?.kb ?? NaN;
  const over = pages.filter((p) => p.kb > maxPage);
  const heaviest = pages.reduce((a, b) => (b.kb > a.kb ? b : a));
  addTarget({
    what: 'pages: gzipped JS (entry + layout + page), worst',
    measured: `${heaviest.kb.toFixed(1)} KB (${path.basename(heaviest.key)})${over.length ? `, ${over.length} over` : ''}`,
    target: `<= ${maxPage} KB`,
    met: over.length === 0,
  });
  addTarget({
    what: 'login page: gzipped JS',
    measured: `${login.toFixed(1)} KB`,
    target: `<= ${maxLogin} KB`,
    met: login <= maxLogin,
  });
  return over.length === 0 && login <= maxLogin;
}
