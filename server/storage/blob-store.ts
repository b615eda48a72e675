// Where attachment files live: one small interface, two stores. PostgreSQL by default (chunk
// rows, server/storage/postgres-blobs.ts); an S3-compatible bucket when S3_URL is set
// (server/storage/s3-blobs.ts). Every API process reaches both, so any process serves any file.
// A key names its store ('pg:<uuid>', 's3:<uuid>'), so files stored before S3_URL was set are
// still read from PostgreSQL afterwards.
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Db } from '../db/pool.js';
import { createPostgresBlobs } from './postgres-blobs.js';

export interface StoredBlob {
  key: string;
  size: number;
}

export interface BlobStore {
  /** 'postgres' or 's3': where put() writes. */
  readonly kind: string;
  /**
   * Streams `source` into the store and answers its key and size; undefined when the source
   * holds more than `maxBytes` (nothing is kept then, and the source is read to its end).
   * `tx` is the transaction that writes the file's attachment row: the PostgreSQL store writes
   * the chunks in it, so they commit or roll back with that row. A bucket writes at once; the
   * caller removes the key when its transaction fails (routes/attachments/attach.ts does).
   * `id`: only the disk migration passes one, to keep a file's generated name.
   */
  put(
    source: Readable,
    maxBytes: number,
    tx: pg.PoolClient,
    id?: string,
  ): Promise<StoredBlob | undefined>;
  /** The file's bytes, streamed; undefined when there is no such file. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes files; keys already gone are fine. */
  remove(keys: string[]): Promise<void>;
}

export interface BlobStoreLogger {
  error: (obj: object, msg: string) => void;
}

/**
 * The store for new files (S3 when `s3Url` is set), reading and removing keys of either kind.
 * Throws when `s3Url` is not a valid S3_URL. The AWS SDK loads only when a bucket is used.
 */
export async function createBlobStore(
  db: Db,
  s3Url: string | undefined,
  log?: BlobStoreLogger,
): Promise<BlobStore> {
  const postgres = createPostgresBlobs(db);
  let s3: BlobStore | undefined;
  if (s3Url) {
    const { createS3Blobs, parseS3Url } = await import('./s3-blobs.js');
    s3 = createS3Blobs(parseS3Url(s3Url));
  }
  const storeOf = (key: string): BlobStore | undefined => {
    if (key.startsWith('pg:')) return postgres;
    if (key.startsWith('s3:')) {
      // Stored in a bucket while S3_URL was set, and it no longer is.
      if (!s3) log?.error({ key }, 'an attachment is in an S3 bucket but S3_URL is not set');
      return s3;
    }
    return undefined;
  };
  return {
    kind: (s3 ?? postgres).kind,
    put: (source, maxBytes, tx, id) => (s3 ?? postgres).put(source, maxBytes, tx, id),
    get: async (key) => storeOf(key)?.get(key),
    remove: async (keys) => {
      const pgKeys = keys.filter((k) => storeOf(k) === postgres);
      const s3Keys = keys.filter((k) => s3 && storeOf(k) === s3);
      if (pgKeys.length) await postgres.remove(pgKeys);
      if (s3 && s3Keys.length) await s3.remove(s3Keys);
    },
  };
}
