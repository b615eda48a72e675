// The quoted history of a reply, as the common mail clients write it, is split from the new text
// (kept apart for the thread to show collapsed); a mail that is nothing but a quote is not split.
import { describe, expect, it } from 'vitest';
import { mailBody, mailTitle } from '../../mail/inbound/body.js';
import { splitQuotedHtml, splitQuotedText } from '../../mail/inbound/quote.js';

describe('quoted history in HTML', () => {
  it('Apple Mail / Thunderbird: attribution and <blockquote type="cite">', () => {
    const { main, quoted } = splitQuotedHtml(
      '<div>Thanks, fixed.</div><div><br><div>On 3 Jan 2025, at 10:00, Desk &lt;support@example.com&gt; wrote:</div><blockquote type="cite"><div>Try again</div></blockquote></div>',
    );
    expect(main).toBe('<div>Thanks, fixed.</div><div><br>');
    expect(quoted).toContain('wrote:');
    expect(quoted).toContain('Try again');
  });

  it('Thunderbird: moz-cite-prefix', () => {
    const { main, quoted } = splitQuotedHtml(
      '<p>New text</p><div class="moz-cite-prefix">El 3/1/25 a las 10:00, Ana escribió:<br></div><blockquote type="cite">viejo</blockquote>',
    );
    expect(main).toBe('<p>New text</p>');
    expect(quoted).toContain('viejo');
  });

  it('Outlook: the reply header block', () => {
    const { main, quoted } = splitQuotedHtml(
      '<p>See below.</p><hr><div id="divRplyFwdMsg"><b>From:</b> Desk</div><div>old</div>',
    );
    expect(main).toBe('<p>See below.</p><hr>');
    expect(quoted).toContain('old');
  });

  it('a mail that is only a quote keeps everything as its text', () => {
    const html = '<blockquote type="cite">Only the old text</blockquote>';
    expect(splitQuotedHtml(html)).toEqual({ main: html, quoted: '' });
  });
});

describe('quoted history in plain text', () => {
  it('"On ... wrote:" (wrapped over two lines) and > lines', () => {
    const { main, quoted } = splitQuotedText(
      'Works now.\n\nOn Mon, Jan 6, 2025 at 9:00 AM IT Support <\nsupport@example.com> wrote:\n> Please restart.\n> Thanks',
    );
    expect(main).toBe('Works now.');
    expect(quoted).toMatch(/^On Mon.*\n.*wrote:\n> Please restart\.\n> Thanks$/);
  });

  it('a trailing > block without attribution, and -----Original Message-----', () => {
    expect(splitQuotedText('Yes.\n\n> Is it on?\n>\n> Desk').main).toBe('Yes.');
    expect(splitQuotedText('Done\n-----Original Message-----\nFrom: Desk').main).toBe('Done');
  });

  it('> lines inside the text with new text after them are not a trailing quote', () => {
    const text = '> Is it on?\nYes it is.';
    expect(splitQuotedText(text)).toEqual({ main: text, quoted: '' });
  });
});

describe('the stored body', () => {
  it('plain text is escaped into paragraphs; a reply keeps its quote apart', () => {
    const body = mailBody(
      { text: 'a < b & c\nnext line\n\nOn Mon, Bob wrote:\n> old' },
      { splitQuote: true },
    );
    expect(body).toEqual({
      html: '<p>a &lt; b &amp; c<br />next line</p>',
      quoted: '<p>On Mon, Bob wrote:<br />&gt; old</p>',
    });
  });

  it('HTML with nothing readable falls back to the text part; nothing at all gets a placeholder', () => {
    expect(mailBody({ html: '<img src="x">', text: 'Plain' }, { splitQuote: true }).html).toBe(
      '<p>Plain</p>',
    );
    expect(mailBody({ html: false }, { splitQuote: false }).html).toBe('<p>(no text)</p>');
  });

  it('titles are one line of at most 200 characters', () => {
    expect(mailTitle('  Re:\n  printer  ')).toBe('Re: printer');
    expect(mailTitle('x'.repeat(300))).toHaveLength(200);
    expect(mailTitle(undefined)).toBe('(no subject)');
  });
});
