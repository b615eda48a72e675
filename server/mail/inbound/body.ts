// The text of a received mail as the product stores it: sanitised HTML (the same rules as every
// rich-text body, lib/sanitize.ts), the new text apart from the quoted history.
import { oneLineText } from '../../lib/one-line.js';
import { hasText, sanitizeBody } from '../../lib/sanitize.js';
import { BODY_MAX } from '../../routes/records/kinds.js';
import { splitQuotedHtml, splitQuotedText } from './quote.js';

export const NO_SUBJECT = '(no subject)';
export const NO_TEXT = '(no text)';

export interface MailBody {
  /** Sanitised HTML of what the sender wrote; never empty. */
  html: string;
  /** Sanitised HTML of the quoted history ('' when there is none). */
  quoted: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text as paragraphs (blank lines) and line breaks, every character escaped. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** Sanitised, and no longer than a body may be (a cut tag is closed by the sanitiser). */
function clean(html: string): string {
  const safe = sanitizeBody(html);
  return safe.length <= BODY_MAX ? safe : sanitizeBody(safe.slice(0, BODY_MAX - 100));
}

/** `splitQuote: false` keeps the quote in the text (a new ticket: the history is news there). */
export function mailBody(
  parsed: { html?: string | false; text?: string },
  opts: { splitQuote: boolean },
): MailBody {
  const noSplit = (main: string) => ({ main, quoted: '' });
  const splitHtml = opts.splitQuote ? splitQuotedHtml : noSplit;
  const splitText = opts.splitQuote ? splitQuotedText : noSplit;
  let html = '';
  let quoted = '';
  if (parsed.html) {
    const split = splitHtml(parsed.html);
    html = clean(split.main);
    quoted = split.quoted ? clean(split.quoted) : '';
  }
  // Plain text when there is no HTML, or when the HTML had nothing readable in it.
  if (!hasText(html) && parsed.text) {
    const split = splitText(parsed.text);
    html = clean(textToHtml(split.main));
    quoted = split.quoted ? clean(textToHtml(split.quoted)) : '';
  }
  if (!hasText(html)) html = `<p>${NO_TEXT}</p>`;
  return { html, quoted: hasText(quoted) ? quoted : '' };
}

/** The subject as a record title: one line, at most 200 characters, never empty. */
export function mailTitle(subject: string | undefined): string {
  const line = oneLineText(subject ?? '');
  return line ? Array.from(line).slice(0, 200).join('') : NO_SUBJECT;
}
