// What is kept about an uploaded file and how it is served: its cleaned name and type, and the
// download headers. The bytes live in the blob store (server/storage/blob-store.ts).

/** The client's file name without folders or control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // Control characters (C0, DEL, C1), and the bidi overrides that disguise an extension.
    .replace(/\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim()
    .replace(/^\.+$/, '');
  return Array.from(clean || 'file')
    .slice(0, 255)
    .join('');
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/** The declared media type when it is one (parameters dropped), else application/octet-stream. */
export function cleanContentType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : 'application/octet-stream';
}

export const INLINE_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Types a browser would run or render as a page: always served as a plain download. */
const ACTIVE_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
];

export function servedContentType(stored: string): string {
  return ACTIVE_TYPES.includes(stored) ? 'application/octet-stream' : stored;
}

/** RFC 6266 / 8187: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
