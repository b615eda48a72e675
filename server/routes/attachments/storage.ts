// What is kept about an uploaded file and how it is served: its cleaned name and declared type,
// and the download headers, which follow the type its bytes show (sniff.ts). The bytes live in
// the blob store (server/storage/blob-store.ts).
import { controlsToSpaces } from '../../lib/one-line.js';

/**
 * The client's file name without folders, one line (each run of control characters, C0, DEL,
 * C1, U+2028/U+2029, is a space: a mailed file's name; an upload's is refused instead), at most
 * 255 characters.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = controlsToSpaces(base)
    // The bidi overrides that disguise an extension.
    .replace(/[\u202a-\u202e\u2066-\u2069]/gu, '')
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

/** The raster images a browser may show inline, when the file's bytes are one (never SVG). */
export const INLINE_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * Whether a file is an image to preview: its bytes were sniffed (`detected`, see sniff.ts) as
 * png, jpeg, gif or webp. What the sender declared never counts; a file stored before sniffing
 * (no detected type) is not one.
 */
export function isInlineImage(detected: string | null): boolean {
  return detected !== null && INLINE_IMAGES.includes(detected);
}

/**
 * The type the attachment list reports: what the bytes show; else what was declared, unless that
 * claims a png, jpeg, gif or webp the bytes are not (then application/octet-stream).
 */
export function reportedContentType(declared: string, detected: string | null): string {
  if (detected !== null) return detected;
  return INLINE_IMAGES.includes(declared) ? 'application/octet-stream' : declared;
}

/**
 * How a file is served: a sniffed png, jpeg, gif or webp in its own type (inline only when
 * asked, for thumbnails); anything else as bytes to save, application/octet-stream and
 * `attachment`, whatever it was declared as.
 */
export function servedAs(
  detected: string | null,
  inlineWanted: boolean,
): { contentType: string; disposition: 'inline' | 'attachment' } {
  if (detected === null || !isInlineImage(detected)) {
    return { contentType: 'application/octet-stream', disposition: 'attachment' };
  }
  return { contentType: detected, disposition: inlineWanted ? 'inline' : 'attachment' };
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
