// Files in PostgreSQL: a row in attachment_blobs and the bytes in 256 KB rows of
// attachment_chunks (migration 007). Written inside the caller's transaction as the bytes
// arrive, read back one chunk per query, so no file is ever held whole in memory and a download
// holds no connection between chunks.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { Db } from '../db/pool.js';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { allowSlowUpload } from './slow-upload.js';

export const CHUNK_BYTES = 256 * 1024;

export function createPostgresBlobs(db: Db): BlobStore {
  async function put(
    source: Readable,
    maxBytes: number,
    tx: pg.PoolClient,
    id: string = randomUUID(),
  ): Promise<StoredBlob | undefined> {
    const key = `pg:${id}`;
    await allowSlowUpload(tx);
    await tx.query('INSERT INTO attachment_blobs (key, size) VALUES ($1, 0)', [key]);
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const write = (data: Buffer) =>
      tx.query('INSERT INTO attachment_chunks (blob_key, seq, data) VALUES ($1, $2, $3)', [
        key,
        seq++,
        data,
      ]);
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Past the limit: keep reading (a multipart parser needs its stream drained), keep nothing.
      if (size > maxBytes) continue;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK_BYTES) {
        const all = Buffer.concat(pending, pendingBytes);
        let offset = 0;
        for (; all.length - offset >= CHUNK_BYTES; offset += CHUNK_BYTES) {
          await write(all.subarray(offset, offset + CHUNK_BYTES));
        }
        pending = offset < all.length ? [all.subarray(offset)] : [];
        pendingBytes = all.length - offset;
      }
    }
    if (size > maxBytes) {
      await tx.query('DELETE FROM attachment_blobs WHERE key = $1', [key]);
      return undefined;
    }
    if (pendingBytes > 0) await write(Buffer.concat(pending, pendingBytes));
    await tx.query('UPDATE attachment_blobs SET size = $2 WHERE key = $1', [key, size]);
    return { key, size };
  }

  async function get(key: string): Promise<Readable | undefined> {
    const { rows } = await db.query<{ size: string }>(
      'SELECT size FROM attachment_blobs WHERE key = $1',
      [key],
    );
    if (!rows[0]) return undefined;
    const size = Number(rows[0].size);
    async function* read(): AsyncGenerator<Buffer> {
      for (let seq = 0, sent = 0; sent < size; seq++) {
        const chunk = await db.query<{ data: Buffer }>(
          'SELECT data FROM attachment_chunks WHERE blob_key = $1 AND seq = $2',
          [key, seq],
        );
        // Deleted while being read: fail the reply rather than send a short file as whole.
        if (!chunk.rows[0]) throw new Error(`attachment ${key} lost chunk ${seq} while reading`);
        sent += chunk.rows[0].data.length;
        yield chunk.rows[0].data;
      }
    }
    return Readable.from(read(), { objectMode: false });
  }

  async function remove(keys: string[]): Promise<void> {
    await db.query('DELETE FROM attachment_blobs WHERE key = ANY($1)', [keys]);
  }

  return { kind: 'postgres', put, get, remove };
}
