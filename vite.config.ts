/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { purgeCSSPlugin } from '@fullhuman/postcss-purgecss';
import type { Plugin as PostcssPlugin } from 'postcss';
import { indexHtml, START_MODULES } from './src/app/index-html.build';
import { routePreloads } from './src/routes/route-preloads.build';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes .br and .gz beside each text asset after a build, so the server (@fastify/static with
 * preCompressed) sends compressed files without compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'helpdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const p = path.join(dir, e.name);
          return e.isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw));
      }
    },
  };
}

/**
 * Fewer, larger chunks for a first screen. Lighthouse's mobile run loads the page over HTTP/1.1
 * (six connections per host, a 150 ms round trip each), and every chunk past six in a wave costs
 * another round trip before the page can render (docs/performance.md, "first-screen chunks"):
 * - what the entry imports statically is one chunk (rolldown made eight of it);
 * - the saga runtime with redux-saga, which every page starts, is one;
 * - the signed-in frame (both layouts, the frame, the first screen's data call, the live saga)
 *   is one;
 * - the records' sagas, which a list's or a record's first call waits for, are one;
 * - small chunks shared by a few pages are copied into them instead of loaded on their own.
 */
const FIRST_SCREEN_CHUNKS = {
  groups: [
    { name: 'main', tags: ['$initial' as const], priority: 30 },
    // What main.tsx imports as it starts: with the entry, though not imported statically.
    { name: 'main', test: START_MODULES, priority: 30 },
    // With the one API call policy every saga uses: a login page's first call (the sign-in
    // providers) then loads neither the frame nor the records' sagas.
    {
      name: 'sagas',
      test: /node_modules[\\/]@?redux-saga|src[\\/]app[\\/](saga-runtime|root-saga)|src[\\/]lib[\\/](call-api|holder-saga)\./,
      priority: 20,
    },
    // The login pages' layout, with what it shares with the signed-in frame (the language
    // switcher, the page loader): taken first, so the login pages do not load the frame.
    { name: 'auth-layout', test: /src[\\/]layouts[\\/]auth-layout/, priority: 15 },
    {
      name: 'frame',
      test: /src[\\/](layouts[\\/](vertical-layout|horizontal-layout|signed-in-frame)|features[\\/]records[\\/]first-data|features[\\/]live[\\/]live-saga)/,
      priority: 10,
    },
    {
      name: 'records-saga',
      // With the ratings' saga, which a solved ticket's satisfaction card wakes on its first screen.
      test: /src[\\/]features[\\/](records[\\/](records|details)-saga|ratings[\\/]ratings-saga)/,
      priority: 5,
    },
  ],
  experimentalInlineCommonChunks: { maxSize: 20_000 },
};

/** The reactstrap components the app uses: the classes in their code are kept too. */
const REACTSTRAP_USED = [
  'Modal',
  'ModalBody',
  'ModalHeader',
  'ModalFooter',
  'Fade',
  'Button',
  // The suggestions' side panel (features/suggestions/components/ticket-suggestions.tsx).
  'Offcanvas',
  'OffcanvasHeader',
  'OffcanvasBody',
  'utils',
].map((name) => `node_modules/reactstrap/esm/${name}.js`);

/**
 * Bootstrap's CSS without the rules no page can use (238 -> 72 KB, 24 -> 12 KB brotli): what a
 * cold load downloads and parses before its first paint. A rule stays when the classes it names
 * appear in the app's code, in index.html or in the reactstrap components it uses. Builds only;
 * the browser journeys check on every page they visit that no Bootstrap rule matching an element
 * there was dropped (tests/e2e/support/styles.ts).
 */
function purgeBootstrap(): PostcssPlugin {
  const purge = purgeCSSPlugin({
    content: ['index.html', 'src/**/*.{ts,tsx,json}', ...REACTSTRAP_USED],
    // Composed at run time by reactstrap: the modal's size, centring and scrolling
    // (`modal-dialog-${...}`), its open state, the side panel's side (`offcanvas-${direction}`).
    safelist: {
      standard: [
        'show',
        /^modal-(sm|lg|xl|dialog-|fullscreen)/,
        /^offcanvas-(start|end|top|bottom)$/,
      ],
    },
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'helpdesk-purge-bootstrap',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (/node_modules[\\/]bootstrap[\\/]/.test(file)) return purge.OnceExit?.(root, helpers);
    },
  };
}

/**
 * React Router's production build: its package exports only the build with development warnings
 * (7.18), which the app's bundle would otherwise ship and run.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: 'react-router/dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'react-router/dist/production/dom-export.mjs' },
].map(({ find, replacement }) => ({
  find,
  replacement: path.resolve(import.meta.dirname, 'node_modules', replacement),
}));

export default defineConfig(({ command }) => ({
  plugins: [react(), routePreloads(), precompress(), indexHtml()],
  resolve: { alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [] },
  css: { postcss: { plugins: command === 'build' ? [purgeBootstrap()] : [] } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: FIRST_SCREEN_CHUNKS } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
}));
