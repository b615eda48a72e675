// Attachment files on disk: DATA_DIR/attachments/<generated name>. Names never come from the
// client, so nothing it sends can point outside the folder; files are only ever served through
// GET attachment/file/{id}.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';

export function attachmentsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'attachments');
}

export function storedPath(config: Pick<Config, 'dataDir'>, storedName: string): string {
  return path.join(attachmentsDir(config), path.basename(storedName));
}

/**
 * Streams `source` into a new file under a generated name, counting bytes. `tooLarge()` says
 * whether the source was cut at the limit (busboy truncates a file over `fileSize`); then the
 * partial file is removed and `stored` is undefined.
 */
export async function storeUpload(
  config: Pick<Config, 'dataDir'>,
  source: Readable,
  tooLarge: () => boolean,
): Promise<{ stored: string; size: number } | undefined> {
  await fs.promises.mkdir(attachmentsDir(config), { recursive: true });
  const stored = randomUUID();
  const file = storedPath(config, stored);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await removeFile(config, stored);
    throw err;
  }
  if (tooLarge()) {
    await removeFile(config, stored);
    return undefined;
  }
  return { stored, size };
}

/** Removes a stored file; one already gone is fine. */
export async function removeFile(
  config: Pick<Config, 'dataDir'>,
  storedName: string,
): Promise<void> {
  await fs.promises.rm(storedPath(config, storedName), { force: true });
}

/** Removes stored files after their rows are gone; a failure is logged, never thrown. */
export async function removeFiles(
  config: Pick<Config, 'dataDir'>,
  storedNames: string[],
  log: { error: (obj: object, msg: string) => void },
): Promise<void> {
  for (const name of storedNames) {
    await removeFile(config, name).catch((err: unknown) =>
      log.error({ err, file: name }, 'removing an attachment file failed'),
    );
  }
}

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
