import {
  firstFiles,
  withStartChunks,
  withStylesheetFirst,
  type ChunkInfo,
} from '../index-html.build';

// The <head> Vite writes for a build, abridged.
const BUILT = `<head>
    <title>Helpdesk</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/main-b.js">
    <link rel="stylesheet" crossorigin href="/assets/main-c.css">
  </head>`;

describe('index.html at build time', () => {
  it('requests the stylesheet before any script', () => {
    const html = withStylesheetFirst(BUILT);
    const order = ['<title>', 'main-c.css', 'index-a.js', 'main-b.js', '</head>'];
    const at = order.map((s) => html.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(html.match(/stylesheet/g)).toHaveLength(1);
  });

  it('leaves a page without a stylesheet or a title as it is', () => {
    expect(withStylesheetFirst('<head><title>x</title></head>')).toBe(
      '<head><title>x</title></head>',
    );
    const untitled = '<head><script src="/a.js"></script><link rel="stylesheet" href="/b.css">';
    expect(withStylesheetFirst(untitled)).toBe(untitled);
  });

  it('preloads what main.tsx imports as it starts, with the entry, once', () => {
    const chunk = (
      fileName: string,
      moduleIds: string[],
      imports: string[] = [],
      isEntry = false,
    ) => [fileName, { fileName, moduleIds, imports, isEntry }] as [string, ChunkInfo];
    const chunks = new Map([
      chunk('assets/index-a.js', ['/app/src/app/main.tsx'], ['assets/main-b.js'], true),
      chunk('assets/main-b.js', ['/app/node_modules/react/index.js']),
      chunk(
        'assets/main-d.js',
        ['/app/src/app/store.ts', '/app/src/lib/i18n.ts'],
        ['assets/x-e.js'],
      ),
      chunk('assets/x-e.js', ['/app/src/features/records/records-slice.ts']),
      chunk('assets/page-f.js', ['/app/src/features/home/pages/home-page.tsx']),
    ]);
    const files = [...firstFiles(chunks)];
    expect(files.sort()).toEqual(
      ['assets/index-a.js', 'assets/main-b.js', 'assets/main-d.js', 'assets/x-e.js'].sort(),
    );
    const html = withStartChunks(BUILT, files);
    // After the entry's own preload, each file once.
    for (const file of files) expect(html.split(`/${file}"`)).toHaveLength(2);
    expect(html.indexOf('main-d.js')).toBeGreaterThan(html.indexOf('main-b.js'));
    expect(html.indexOf('main-d.js')).toBeLessThan(html.indexOf('</head>'));
  });
});
