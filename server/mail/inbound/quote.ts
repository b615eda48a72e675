// Splits the quoted history (the mail being answered, which every client appends) from what the
// sender actually wrote, so the thread shows the new text and keeps the quote collapsed. The quote
// is everything from the first quote marker on, with the "On ... wrote:" line just before it.
// When nothing but a quote is left (a bare forward), nothing is split off.

export interface QuoteSplit {
  main: string;
  quoted: string;
}

/** "On <date>, <name> wrote:" in the languages mail clients here use; `inner`: what may sit between. */
const attribution = (inner: string) =>
  String.raw`(?:On|El|Am|Le|Il|Em|Op)\b${inner}{1,400}?(?:wrote|escribió|schrieb|a écrit|ha scritto|escreveu|schreef)\s*:`;
/** In HTML the attribution is text between tags (its <address> is escaped as &lt;...&gt;). */
const ATTRIBUTION = attribution('[^<>]');

/** Where HTML quotes start: Apple/Thunderbird cite blockquotes, Gmail, Outlook, Yahoo. */
const HTML_MARKERS = [
  /<blockquote\b[^>]*\btype\s*=\s*["']?cite/i,
  /<div\b[^>]*\bclass\s*=\s*["'][^"']*\b(?:gmail_quote|yahoo_quoted|moz-cite-prefix)\b/i,
  /<div\b[^>]*\bid\s*=\s*["']?(?:divRplyFwdMsg|appendonsend)\b/i,
  /<hr\b[^>]*\bid\s*=\s*["']?stopSpelling/i,
];

/** An attribution line (in its own div/p, or bare text) right before the quote. */
const HTML_ATTRIBUTION_AT_END = new RegExp(
  String.raw`(?:<(?:div|p)\b[^>]*>\s*)?${ATTRIBUTION}(?:\s|<br\s*/?>)*(?:</(?:div|p)>)?\s*$`,
  'i',
);

function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
}

export function splitQuotedHtml(html: string): QuoteSplit {
  let start = -1;
  for (const marker of HTML_MARKERS) {
    const m = marker.exec(html);
    if (m && (start === -1 || m.index < start)) start = m.index;
  }
  if (start === -1) return { main: html, quoted: '' };
  let main = html.slice(0, start);
  const attribution = HTML_ATTRIBUTION_AT_END.exec(main);
  if (attribution) main = main.slice(0, attribution.index);
  if (!visibleText(main)) return { main: html, quoted: '' };
  return { main, quoted: html.slice(main.length) };
}

const TEXT_ATTRIBUTION = new RegExp(String.raw`^\s*${attribution('.')}\s*$`, 'i');
const TEXT_ATTRIBUTION_START = /^\s*(?:On|El|Am|Le|Il|Em|Op)\b/i;
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(?:Original Message|Mensaje original)\s*-{2,}\s*$/i;

/** Index of the first line of a quote block that runs to the end of the text, or -1. */
function trailingQuoteStart(lines: string[]): number {
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('>')) start = i;
    else break;
  }
  return start;
}

export function splitQuotedText(text: string): QuoteSplit {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cut = -1;
  for (let i = 0; i < lines.length && cut === -1; i++) {
    if (ORIGINAL_MESSAGE.test(lines[i]) || TEXT_ATTRIBUTION.test(lines[i])) cut = i;
    // Clients wrap a long attribution over two lines.
    else if (
      TEXT_ATTRIBUTION_START.test(lines[i]) &&
      i + 1 < lines.length &&
      TEXT_ATTRIBUTION.test(`${lines[i]} ${lines[i + 1]}`)
    )
      cut = i;
  }
  if (cut === -1) {
    cut = trailingQuoteStart(lines);
    // The attribution line just before a trailing quote, if any, goes with it.
    if (cut > 0 && /:\s*$/.test(lines[cut - 1])) cut -= 1;
  }
  if (cut === -1) return { main: text, quoted: '' };
  const main = lines.slice(0, cut).join('\n').trimEnd();
  if (!main.trim()) return { main: text, quoted: '' };
  return { main, quoted: lines.slice(cut).join('\n').trim() };
}
