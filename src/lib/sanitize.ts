import DOMPurify from 'dompurify';
import rules from './rich-text-rules.json';

/**
 * Rich-text bodies are rendered through DOMPurify with the allow-list the server sanitises every
 * write with (rich-text-rules.json, shared with server/lib/sanitize.ts).
 * Import this module only from lazily loaded pages (it must stay out of the first load).
 */
export const ALLOWED_TAGS = rules.tags;
const ALLOWED_ATTR = rules.linkAttributes;
/** http:, https:, mailto: or a relative address (no scheme). */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto):|[^a-z:]*$|[^:]*[/?#])/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Set once: a config passed to each sanitize() call is parsed again on every call (a thread's
  // every message).
  // `target` and `rel` are not addresses: without ADD_URI_SAFE_ATTR DOMPurify tests their values
  // against ALLOWED_URI_REGEXP too, which drops `_blank` (a link then left the app); the hook
  // below decides what they may be.
  purifier.setConfig({
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ADD_URI_SAFE_ATTR: ['target', 'rel'],
    KEEP_CONTENT: true,
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href && href.startsWith('//')) node.removeAttribute('href');
    if (node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return instance().sanitize(html);
}
