// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, ...), when S3_URL is set. Uploads are
// streamed as a multipart upload in 5 MB parts (one part in memory at a time), so neither the
// length nor the whole file is needed up front; downloads stream the object's body.
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type pg from 'pg';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { allowSlowUpload } from './slow-upload.js';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * S3_URL: `s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET?region=REGION&forcePathStyle=true` (HTTPS),
 * or `s3+http://...` for a server without TLS (a local MinIO). Key and secret URL-encoded;
 * region defaults to us-east-1, forcePathStyle to false (true for most non-AWS servers).
 */
export function parseS3Url(raw: string): S3Settings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_URL is not a URL (expected s3://KEY:SECRET@HOST/BUCKET?region=...).');
  }
  const protocol = { 's3:': 'https:', 's3+http:': 'http:', 's3+https:': 'https:' }[url.protocol];
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!protocol || !url.host || !bucket || bucket.includes('/') || !url.username || !url.password) {
    throw new Error(
      'S3_URL must look like s3://KEY:SECRET@HOST[:PORT]/BUCKET?region=REGION (s3+http:// without TLS).',
    );
  }
  return {
    endpoint: `${protocol}//${url.host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: url.searchParams.get('forcePathStyle') === 'true',
  };
}

export function createS3Blobs(s: S3Settings): BlobStore {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 demands them: many S3-compatible servers reject the newer
    // default (CRC32 trailers in aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => key.slice('s3:'.length);

  async function put(
    source: Readable,
    maxBytes: number,
    tx: pg.PoolClient,
    id: string = randomUUID(),
  ): Promise<StoredBlob | undefined> {
    const key = `s3:${id}`;
    // The caller's transaction stays open while the bucket takes the file.
    await allowSlowUpload(tx);
    let size = 0;
    let tooLarge = false;
    // Counts bytes; past the limit it stops the upload and swallows the rest of the source.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size <= maxBytes) return done(null, chunk);
        if (!tooLarge) {
          tooLarge = true;
          void upload.abort();
        }
        done();
      },
    });
    const upload = new Upload({
      client,
      params: { Bucket: s.bucket, Key: objectKey(key), Body: counter },
      queueSize: 1,
    });
    source.on('error', (err) => counter.destroy(err));
    source.pipe(counter);
    try {
      await upload.done();
    } catch (err) {
      // An aborted upload stops reading: drain the source so its producer can finish.
      source.unpipe(counter);
      source.resume();
      if (!tooLarge) throw err;
    }
    if (tooLarge) {
      // abort() removes a multipart upload's parts; a single-part object may have landed first.
      await remove([key]);
      return undefined;
    }
    return { key, size };
  }

  async function get(key: string): Promise<Readable | undefined> {
    try {
      const res = await client.send(
        new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }),
      );
      return res.Body instanceof Readable ? res.Body : undefined;
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      throw err;
    }
  }

  async function remove(keys: string[]): Promise<void> {
    // One call per key: DeleteObjects needs a Content-MD5 that not every S3-compatible server checks alike.
    for (const key of keys) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    }
  }

  return { kind: 's3', put, get, remove };
}
