// Build time only (vite.config.ts): the order of index.html's <head>.
import type { Plugin } from 'vite';

/**
 * The stylesheet moved to the top of <head>, before the entry's script and preloads (Vite
 * writes it last). Over HTTP/1.1 a browser requests in document order on six connections per
 * host, and the one file the first paint waits for queued behind the scripts: on a ticket's
 * details, eleven of them (docs/performance.md, 2026-11-26 23:25 round). The server adds a route's
 * own preloads at the end of <head> (server/plugins/static-spa.ts).
 */
export function withStylesheetFirst(html: string): string {
  const link = /\s*<link rel="stylesheet"[^>]*>/.exec(html)?.[0];
  if (!link || !html.includes('</title>')) return html;
  return html.replace(link, '').replace('</title>', `</title>${link}`);
}

export function stylesheetFirst(): Plugin {
  return {
    name: 'helpdesk-stylesheet-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: withStylesheetFirst },
  };
}
