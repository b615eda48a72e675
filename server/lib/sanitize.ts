// Rich-text bodies (ticket description, content body) are sanitised on every write with the
// allow-list the SPA also renders them with (DOMPurify, src/lib/sanitize.ts): one file for both.
import sanitizeHtml from 'sanitize-html';
import rules from '../../src/lib/rich-text-rules.json' with { type: 'json' };

export const ALLOWED_TAGS = rules.tags;
export const ALLOWED_LINK_SCHEMES = rules.linkSchemes;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: rules.linkAttributes },
  allowedSchemes: ALLOWED_LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // script, style, textarea...: dropped with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    // The only target allowed is _blank, and then always with a safe rel.
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML has any visible text (an editor's empty `<p><br></p>` has none). */
export function hasText(html: string): boolean {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text.length > 0;
}
