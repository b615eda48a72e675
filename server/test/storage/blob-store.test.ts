// The blob stores, PostgreSQL and an S3-compatible bucket (a local s3rver), through the one way
// files are stored (withAttachments): streamed in and out byte for byte, nothing kept over the
// limit or when the transaction fails, removal; files stored in PostgreSQL stay readable after
// S3_URL is set; S3_URL's format. Then the attachment calls themselves on a bucket.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool.js';
import { withAttachments } from '../../routes/attachments/attach.js';
import { createBlobStore, type BlobStore } from '../../storage/blob-store.js';
import { parseS3Url } from '../../storage/s3-blobs.js';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import { caller, multipart, newTicket, person, type Person } from '../routes/work-helpers.js';
import { startTestS3, type TestS3 } from './s3-server.js';

let env: TestEnv;
let s3: TestS3;
let alice: Person;
let ticketId: number;

beforeAll(async () => {
  env = await startTestEnv({ attachmentMaxMb: 7 });
  s3 = await startTestS3();
  alice = await person(env, 'Alice Blobs');
  ticketId = (await newTicket(env, alice.token)).id;
});
afterAll(async () => {
  await env?.close();
  await s3?.close();
});

/** A source that arrives in 64 KB pieces, as an upload does. */
function pieces(content: Buffer): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < content.length; i += 64 * 1024)
    parts.push(content.subarray(i, i + 64 * 1024));
  return Readable.from(parts);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

async function dbRows() {
  const { rows } = await env.db.query<{ attachments: number; blobs: number; chunks: number }>(
    `SELECT (SELECT count(*)::int FROM attachments) AS attachments,
            (SELECT count(*)::int FROM attachment_blobs) AS blobs,
            (SELECT count(*)::int FROM attachment_chunks) AS chunks`,
  );
  return rows[0];
}

const stores: Array<{ kind: string; store: () => Promise<BlobStore> }> = [
  { kind: 'postgres', store: () => createBlobStore(env.db, undefined) },
  { kind: 's3', store: () => createBlobStore(env.db, s3.url) },
];

describe.each(stores)('the $kind store', ({ kind, store }) => {
  const attachOne = (blobs: BlobStore, content: Buffer, fileName = 'file.bin') =>
    withAttachments({ ...env, blobs }, (_tx, attach) =>
      attach({
        recordId: ticketId,
        fileName,
        contentType: 'application/octet-stream',
        uploadedBy: alice.id,
        source: pieces(content),
      }),
    );

  it('streams a 6 MB file in and back out byte for byte, and removes it', async () => {
    const blobs = await store();
    expect(blobs.kind).toBe(kind);
    // Over S3's 5 MB multipart part and many 256 KB chunks.
    const content = randomBytes(6 * 1024 * 1024 + 1000);
    const row = await attachOne(blobs, content);
    expect(row).toBeDefined();
    const key = row?.stored_name ?? '';
    expect(key.startsWith(kind === 's3' ? 's3:' : 'pg:')).toBe(true);
    expect(Number(row?.size)).toBe(content.length);
    const stream = await blobs.get(key);
    expect(stream).toBeDefined();
    expect((await readAll(stream as Readable)).equals(content)).toBe(true);
    if (kind === 's3') expect(await s3.objects()).toContain(key.slice(3));

    await env.db.query('DELETE FROM attachments WHERE stored_name = $1', [key]);
    await blobs.remove([key]);
    expect(await blobs.get(key)).toBeUndefined();
    if (kind === 's3') expect(await s3.objects()).not.toContain(key.slice(3));
  });

  it('keeps nothing of a file over the limit, and reads the source to its end', async () => {
    const blobs = await store();
    const before = await dbRows();
    const objectsBefore = await s3.objects();
    const source = pieces(randomBytes(7 * 1024 * 1024 + 1));
    const row = await withAttachments({ ...env, blobs }, (_tx, attach) =>
      attach({
        recordId: ticketId,
        fileName: 'big',
        contentType: '',
        uploadedBy: alice.id,
        source,
      }),
    );
    expect(row).toBeUndefined();
    expect(source.readableEnded).toBe(true);
    expect(await dbRows()).toEqual(before);
    expect(await s3.objects()).toEqual(objectsBefore);
  });

  it('keeps nothing when the transaction that stored the file fails', async () => {
    const blobs = await store();
    const before = await dbRows();
    const objectsBefore = await s3.objects();
    await expect(
      withAttachments({ ...env, blobs }, async (_tx, attach) => {
        await attach({
          recordId: ticketId,
          fileName: 'a.txt',
          contentType: 'text/plain',
          uploadedBy: alice.id,
          source: pieces(Buffer.from('stored, then rolled back')),
        });
        throw new Error('a later step fails');
      }),
    ).rejects.toThrow('a later step fails');
    expect(await dbRows()).toEqual(before);
    expect(await s3.objects()).toEqual(objectsBefore);
  });

  it('takes a slow upload when web requests have a short idle-in-transaction timeout', async () => {
    await env.db.query(
      `ALTER DATABASE ${env.database.name} SET idle_in_transaction_session_timeout = '300ms'`,
    );
    // New connections get the short timeout.
    const db = createPool(env.database.url);
    try {
      const blobs = await createBlobStore(db, kind === 's3' ? s3.url : undefined);
      async function* slow() {
        for (let i = 0; i < 3; i++) {
          // A slow client: each piece comes later than the 300 ms idle-in-transaction limit.
          await new Promise((resolve) => setTimeout(resolve, 600));
          yield Buffer.alloc(100 * 1024, i);
        }
      }
      const row = await withAttachments({ ...env, db, blobs }, (_tx, attach) =>
        attach({
          recordId: ticketId,
          fileName: 'slow.bin',
          contentType: '',
          uploadedBy: alice.id,
          source: Readable.from(slow()),
        }),
      );
      expect(Number(row?.size)).toBe(300 * 1024);
    } finally {
      await db.end();
      await env.db.query(
        `ALTER DATABASE ${env.database.name} RESET idle_in_transaction_session_timeout`,
      );
    }
  });

  it('answers undefined for a key it does not hold', async () => {
    expect(await (await store()).get(kind === 's3' ? 's3:nope' : 'pg:nope')).toBeUndefined();
  });
});

it('still reads files stored in PostgreSQL after S3_URL is set', async () => {
  const content = Buffer.from('stored before the bucket');
  const row = await withAttachments(
    { ...env, blobs: await createBlobStore(env.db, undefined) },
    (_tx, attach) =>
      attach({
        recordId: ticketId,
        fileName: 'old.txt',
        contentType: 'text/plain',
        uploadedBy: alice.id,
        source: pieces(content),
      }),
  );
  const withBucket = await createBlobStore(env.db, s3.url);
  const stream = await withBucket.get(row?.stored_name ?? '');
  expect((await readAll(stream as Readable)).equals(content)).toBe(true);
});

describe('S3_URL', () => {
  it('names the endpoint, bucket, region, credentials and addressing style', () => {
    expect(
      parseS3Url('s3://AK%2F1:s%40cret@s3.eu-west-1.amazonaws.com/files?region=eu-west-1'),
    ).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'files',
      accessKeyId: 'AK/1',
      secretAccessKey: 's@cret',
      forcePathStyle: false,
    });
    expect(parseS3Url('s3+http://k:s@127.0.0.1:9000/b?forcePathStyle=true')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('refuses a URL without scheme, bucket or credentials, saying what it expects', () => {
    for (const bad of ['not a url', 'http://k:s@host/b', 's3://k:s@host/', 's3://host/b']) {
      expect(() => parseS3Url(bad)).toThrow(/S3_URL/);
    }
  });
});

describe('attachment calls on a bucket', () => {
  let bucketEnv: TestEnv;
  let bob: Person;
  let bobTicket: number;

  beforeAll(async () => {
    bucketEnv = await startTestEnv({ attachmentMaxMb: 1, s3Url: s3.url });
    bob = await person(bucketEnv, 'Bob Bucket', true);
    bobTicket = (await newTicket(bucketEnv, bob.token)).id;
  });
  afterAll(() => bucketEnv?.close());

  const upload = (content: Buffer) => {
    const body = multipart('files', 'scan.bin', 'application/octet-stream', content);
    return bucketEnv.app.inject({
      method: 'POST',
      url: `/api/attachment/T/${bobTicket}`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(bob.token) },
    });
  };

  it('uploads into the bucket, downloads byte for byte, deletes from the bucket', async () => {
    const content = randomBytes(700 * 1024);
    const up = await upload(content);
    expect(up.statusCode).toBe(200);
    const id = up.json().data.id;
    const objects = await s3.objects();
    const { rows } = await bucketEnv.db.query<{ stored_name: string }>(
      'SELECT stored_name FROM attachments WHERE id = $1',
      [id],
    );
    expect(objects).toContain(rows[0].stored_name.slice(3));
    const res = await caller(bucketEnv)('GET', `/api/attachment/file/${id}`, bob.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);

    const del = await caller(bucketEnv)('DELETE', `/api/attachment/file/${id}`, bob.token);
    expect(del.statusCode).toBe(200);
    expect(await s3.objects()).toEqual(objects.filter((o) => o !== rows[0].stored_name.slice(3)));
  });

  it('answers 413 over the limit and leaves nothing in the bucket', async () => {
    const objects = await s3.objects();
    const res = await upload(Buffer.alloc(1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(await s3.objects()).toEqual(objects);
  });

  it("removes a deleted record's files from the bucket", async () => {
    const t = await newTicket(bucketEnv, bob.token);
    const body = multipart('files', 'a.txt', 'text/plain', 'a');
    const up = await bucketEnv.app.inject({
      method: 'POST',
      url: `/api/attachment/T/${t.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...auth(bob.token) },
    });
    expect(up.statusCode).toBe(200);
    const objects = await s3.objects();
    const del = await caller(bucketEnv)('DELETE', `/api/ticket/${t.id}/`, bob.token);
    expect(del.statusCode).toBe(200);
    expect((await s3.objects()).length).toBe(objects.length - 1);
  });
});
