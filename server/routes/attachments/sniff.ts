// What a file is, from its first bytes (file-type), never from what its sender declared. Files
// arrive as streams: withHead() passes every chunk on unchanged and keeps only the first
// SNIFF_BYTES, so nothing is held whole in memory. file-type 21 is the last major that runs on
// Node 20 (22 needs Node 22: docs/api-working.md "Attachments").
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** As many bytes as file-type reads to recognise any format it knows. */
export const SNIFF_BYTES = 4100;

/**
 * The media type the bytes show, or null when file-type does not recognise them (text, HTML,
 * SVG and other text formats are never recognised). An animated PNG is a PNG.
 */
export async function detectType(head: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
  if (!found) return null;
  return found.mime === 'image/apng' ? 'image/png' : found.mime;
}

/**
 * `source` passed on chunk by chunk, and its first SNIFF_BYTES once it has been read (errors
 * and an early stop travel as they would on `source` itself).
 */
export function withHead(source: Readable): { stream: Readable; head: () => Buffer } {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  async function* pass(): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (keptBytes < SNIFF_BYTES) {
        const part = Buffer.from(chunk.subarray(0, SNIFF_BYTES - keptBytes));
        kept.push(part);
        keptBytes += part.length;
      }
      yield chunk;
    }
  }
  return {
    stream: Readable.from(pass(), { objectMode: false }),
    head: () => Buffer.concat(kept, keptBytes),
  };
}
