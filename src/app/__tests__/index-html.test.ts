import { withStylesheetFirst } from '../index-html.build';

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
});
