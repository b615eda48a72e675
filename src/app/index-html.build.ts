// Build time only (vite.config.ts): index.html's <head>, and what every page loads first.
import type { IndexHtmlTransformContext, Plugin } from 'vite';

/**
 * What main.tsx imports as it starts, each part in a task of its own (see there). vite.config.ts
 * puts them in the entry's chunks; they are not imported statically, so index.html preloads
 * their chunk beside the entry's (withStartChunks).
 */
export const START_MODULES = /src[\\/](lib[\\/]i18n|app[\\/](store|app|router))\.tsx?$/;

export interface ChunkInfo {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
}

/** The files of `start` and everything it imports statically. */
export function closure(chunks: Map<string, ChunkInfo>, start: string, into = new Set<string>()) {
  if (into.has(start)) return into;
  into.add(start);
  for (const i of chunks.get(start)?.imports ?? []) closure(chunks, i, into);
  return into;
}

/** What every page loads before its own code: the entry's files and the start modules'. */
export function firstFiles(chunks: Map<string, ChunkInfo>): Set<string> {
  const files = new Set<string>();
  for (const c of chunks.values()) {
    if (c.isEntry || c.moduleIds.some((id) => START_MODULES.test(id))) {
      closure(chunks, c.fileName, files);
    }
  }
  return files;
}

/**
 * The stylesheet moved to the top of <head>, before the entry's script and preloads (Vite
 * writes it last). Over HTTP/1.1 a browser requests in document order on six connections per
 * host, and the one file the first paint waits for queued behind the scripts: on a ticket's
 * details, eleven of them. The server adds a route's
 * own preloads at the end of <head> (server/plugins/static-spa.ts).
 */
export function withStylesheetFirst(html: string): string {
  const link = /\s*<link rel="stylesheet"[^>]*>/.exec(html)?.[0];
  if (!link || !html.includes('</title>')) return html;
  return html.replace(link, '').replace('</title>', `</title>${link}`);
}

/** Preloads for `files` that the page does not link yet, after its last script or preload. */
export function withStartChunks(html: string, files: string[]): string {
  const links = files
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  const last = [...html.matchAll(/<link rel="modulepreload"[^>]*>|<script[^>]*><\/script>/g)].at(
    -1,
  );
  if (!links || !last) return html;
  const at = (last.index ?? 0) + last[0].length;
  return html.slice(0, at) + links + html.slice(at);
}

function chunksOf(ctx: IndexHtmlTransformContext): Map<string, ChunkInfo> {
  const chunks = new Map<string, ChunkInfo>();
  for (const out of Object.values(ctx.bundle ?? {})) {
    if (out.type === 'chunk') chunks.set(out.fileName, out);
  }
  return chunks;
}

export function indexHtml(): Plugin {
  return {
    name: 'helpdesk-index-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        withStartChunks(withStylesheetFirst(html), [...firstFiles(chunksOf(ctx))]),
    },
  };
}
