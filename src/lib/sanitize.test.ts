import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps the rich-text tags and drops everything else, on every call', () => {
    const html =
      '<h2>Title</h2><p onclick="steal()"><strong>Bold</strong> <img src="x.png"><script>steal()</script>text</p>';
    const expected = '<h2>Title</h2><p><strong>Bold</strong> text</p>';
    // The allow-list is set once; the second call must still apply it.
    expect(sanitizeHtml(html)).toBe(expected);
    expect(sanitizeHtml(html)).toBe(expected);
    expect(sanitizeHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });

  it('keeps safe links, protects new tabs and drops other schemes', () => {
    const newTab = sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>');
    // Opens in a new tab, as its author chose (the server keeps it too), never with the opener.
    expect(newTab).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
    expect(sanitizeHtml('<a href="/kb/1" target="_self" rel="opener">x</a>')).toBe(
      '<a href="/kb/1">x</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com" title="t">x</a>')).toBe(
      '<a href="mailto:help@example.com">x</a>',
    );
  });
});
