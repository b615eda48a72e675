import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers in JSON are compressed for clients that accept it (a 25-row list is about 10 KB,
 * 2 KB compressed). Only JSON: the event stream must reach the browser as each event is written,
 * and the SPA's assets are already precompressed at build time. Brotli at quality 4 costs about
 * what gzip does and compresses better.
 */
export async function registerJsonCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
