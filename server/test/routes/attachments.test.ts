// Attachments: upload (streamed into PostgreSQL in chunks under generated keys, size limit),
// list, download (byte-identical, headers), delete (uploader or agent), files removed with the
// record, who may do what.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../storage/postgres-blobs.js';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  eventually,
  multipart,
  newContent,
  newTicket,
  person,
  share,
  type Person,
} from './work-helpers.js';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';
/** The start of a JFIF JPEG: what a sniffer recognises. */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

let env: TestEnv;
let call: ReturnType<typeof caller>;
let alice: Person;
let bob: Person;
let carol: Person;
let agent: Person;
let ticketId: number;

beforeAll(async () => {
  // A small attachment limit, and a JSON body limit far below it: uploads must not hit the latter.
  env = await startTestEnv({ attachmentMaxMb: 1, bodyLimitBytes: 64 * 1024 });
  call = caller(env);
  alice = await person(env, 'Alice Files');
  bob = await person(env, 'Bob Outsider');
  carol = await person(env, 'Carol Shared');
  agent = await person(env, 'Agent Files', true);
  ticketId = (await newTicket(env, alice.token)).id;
  await share(env, ticketId, carol.id);
});
afterAll(() => env.close());

/** How many attachment, blob and chunk rows the database holds. */
async function storedRows() {
  const { rows } = await env.db.query<{ attachments: number; blobs: number; chunks: number }>(
    `SELECT (SELECT count(*)::int FROM attachments) AS attachments,
            (SELECT count(*)::int FROM attachment_blobs) AS blobs,
            (SELECT count(*)::int FROM attachment_chunks) AS chunks`,
  );
  return rows[0];
}

/** A stored file's bytes, straight from its chunk rows. */
async function storedBytes(key: string): Promise<Buffer> {
  const { rows } = await env.db.query<{ data: Buffer }>(
    'SELECT data FROM attachment_chunks WHERE blob_key = $1 ORDER BY seq',
    [key],
  );
  return Buffer.concat(rows.map((r) => r.data));
}

/** Transactions of this database waiting for their client (an upload waiting for bytes). */
async function openTransactions(): Promise<number> {
  const { rows } = await env.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'idle in transaction'`,
  );
  return rows[0].n;
}

async function blobExists(key: string): Promise<boolean> {
  const { rowCount } = await env.db.query('SELECT 1 FROM attachment_blobs WHERE key = $1', [key]);
  return rowCount === 1;
}

function upload(
  token: string | undefined,
  url: string,
  fileName: string,
  type: string,
  content: Buffer | string,
  field = 'files',
) {
  const body = multipart(field, fileName, type, content);
  return env.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? auth(token) : {}) },
  });
}

async function storedName(id: number): Promise<string> {
  const { rows } = await env.db.query<{ stored_name: string }>(
    'SELECT stored_name FROM attachments WHERE id = $1',
    [id],
  );
  return rows[0].stored_name;
}

describe('POST attachment/{T|C}/{id}', () => {
  it('stores the file in PostgreSQL under a generated key and answers the attachment', async () => {
    const res = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'notes.txt',
      'text/plain',
      'hello',
    );
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toEqual({
      id: expect.any(Number),
      file_name: 'notes.txt',
      content_type: 'text/plain',
      size: 5,
      is_image: false,
      uploaded_by_id: alice.id,
      uploaded_by_name: 'Alice Files',
      created_at: expect.stringMatching(/Z$/),
    });
    const stored = await storedName(a.id);
    expect(stored).toMatch(/^pg:[0-9a-f-]{36}$/);
    expect((await storedBytes(stored)).toString('utf8')).toBe('hello');
    const { rows } = await env.db.query(
      `SELECT details FROM record_events WHERE record_id = $1 AND action = 'attachment_added'`,
      [ticketId],
    );
    expect(rows[0].details).toEqual({ file_name: 'notes.txt' });
  });

  it('takes files larger than the JSON body limit (multipart has its own limit)', async () => {
    const big = Buffer.alloc(300 * 1024, 7);
    const res = await upload(
      carol.token,
      `/api/attachment/T/${ticketId}`,
      'scan.pdf',
      'application/pdf',
      big,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ size: big.length, uploaded_by_name: 'Carol Shared' });
  });

  it('cleans the file name: no folders, no bidi overrides, at most 255 characters', async () => {
    // A name with a control character is refused (one-line.test.ts).
    const res = await upload(
      agent.token,
      `/api/attachment/T/${ticketId}`,
      '../../etc/pass\u202e.txt',
      'text/plain',
      'x',
    );
    expect(res.json().data.file_name).toBe('pass.txt');
    const long = await upload(
      agent.token,
      `/api/attachment/T/${ticketId}`,
      `${'a'.repeat(300)}.txt`,
      'text/plain',
      'x',
    );
    expect(long.json().data.file_name).toHaveLength(255);
  });

  it('answers 413 over ATTACHMENT_MAX_MB and leaves no attachment, blob or chunk row', async () => {
    const before = await storedRows();
    const res = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'huge.bin',
      'application/octet-stream',
      Buffer.alloc(1024 * 1024 + 1),
    );
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      statusCode: 413,
      message: 'huge.bin is larger than the 1 MB limit.',
    });
    expect(await storedRows()).toEqual(before);
  });

  it('keeps nothing of an upload whose connection drops midway', async () => {
    const before = await storedRows();
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const boundary = 'cut-short';
    socket.write(
      `POST /api/attachment/T/${ticketId} HTTP/1.1\r\nHost: helpdesk.test\r\n` +
        `Authorization: JWT ${alice.token}\r\nContent-Length: 900000\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    socket.write(Buffer.alloc(600 * 1024, 3));
    // The upload's transaction is open and waiting for the rest when the client goes away.
    await eventually(async () => expect(await openTransactions()).toBe(1));
    socket.destroy();
    await eventually(async () => expect(await openTransactions()).toBe(0));
    expect(await storedRows()).toEqual(before);
  });

  it('takes a file of exactly ATTACHMENT_MAX_MB', async () => {
    const res = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'full.bin',
      'application/octet-stream',
      Buffer.alloc(1024 * 1024, 1),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.size).toBe(1024 * 1024);
  });

  it('answers 400 without a file in `files`', async () => {
    const json = await call('POST', `/api/attachment/T/${ticketId}`, alice.token, { files: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ files: 'Choose a file.' });
    const wrongField = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'a.txt',
      'text/plain',
      'x',
      'other',
    );
    expect(wrongField.statusCode).toBe(400);
    const badType = await upload(
      alice.token,
      `/api/attachment/X/${ticketId}`,
      'a.txt',
      'text/plain',
      'x',
    );
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toEqual({ type: 'object_type must be T or C.' });
  });

  it('answers 401 without a session, 404 to those who cannot read, 403 to readers', async () => {
    expect(
      (await upload(undefined, `/api/attachment/T/${ticketId}`, 'a.txt', 'text/plain', 'x'))
        .statusCode,
    ).toBe(401);
    expect(
      (await upload(bob.token, `/api/attachment/T/${ticketId}`, 'a.txt', 'text/plain', 'x'))
        .statusCode,
    ).toBe(404);
    // The wrong type is not found either.
    expect(
      (await upload(alice.token, `/api/attachment/C/${ticketId}`, 'a.txt', 'text/plain', 'x'))
        .statusCode,
    ).toBe(404);
    const article = await newContent(env, alice.token);
    await env.db.query('UPDATE records SET searchable = true WHERE id = $1', [article.id]);
    const reader = await upload(
      bob.token,
      `/api/attachment/C/${article.id}`,
      'a.txt',
      'text/plain',
      'x',
    );
    expect(reader.statusCode).toBe(403);
    expect((await call('GET', `/api/attachment/C/${article.id}`, bob.token)).statusCode).toBe(200);
  });
});

describe('GET attachment/{T|C}/{id} and attachment/file/{id}', () => {
  it('lists the attachments oldest first to those who can read the record', async () => {
    const res = await call('GET', `/api/attachment/T/${ticketId}`, carol.token);
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((a: { file_name: string }) => a.file_name);
    expect(names.slice(0, 2)).toEqual(['notes.txt', 'scan.pdf']);
    expect((await call('GET', `/api/attachment/T/${ticketId}`, bob.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/attachment/T/${ticketId}`)).statusCode).toBe(401);
  });

  it('downloads with attachment disposition, as bytes (not a type to render) and nosniff', async () => {
    const up = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'résumé 1.txt',
      'text/plain',
      'café',
    );
    const id = up.json().data.id;
    const res = await call('GET', `/api/attachment/file/${id}`, agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('café');
    // Not an image its bytes prove: whatever was declared, a file to save.
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ 1.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%201.txt`,
    );
    expect((await call('GET', `/api/attachment/file/${id}`, bob.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/attachment/file/${id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/attachment/file/999999`, agent.token)).statusCode).toBe(404);
  });

  it('downloads a file stored in several chunks byte for byte', async () => {
    const content = randomBytes(3 * CHUNK_BYTES + 12345);
    const up = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'photo.raw',
      'application/octet-stream',
      content,
    );
    expect(up.statusCode).toBe(200);
    const id = up.json().data.id;
    const { rows } = await env.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attachment_chunks WHERE blob_key = $1',
      [await storedName(id)],
    );
    expect(rows[0].n).toBe(4);
    const res = await call('GET', `/api/attachment/file/${id}`, carol.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('downloads an empty file', async () => {
    const up = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'empty.txt',
      'text/plain',
      '',
    );
    expect(up.json().data.size).toBe(0);
    const res = await call('GET', `/api/attachment/file/${up.json().data.id}`, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });

  it('shows images inline only on request, and never serves HTML as HTML', async () => {
    const png = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'shot.png',
      'image/png',
      PNG,
    );
    expect(png.json().data.is_image).toBe(true);
    const pngId = png.json().data.id;
    const inline = await call('GET', `/api/attachment/file/${pngId}?inline=1`, alice.token);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.rawPayload.equals(PNG)).toBe(true);
    const plain = await call('GET', `/api/attachment/file/${pngId}`, alice.token);
    expect(plain.headers['content-disposition']).toMatch(/^attachment; /);

    const html = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'page.html',
      'text/html',
      '<script>x</script>',
    );
    const htmlRes = await call(
      'GET',
      `/api/attachment/file/${html.json().data.id}?inline=1`,
      alice.token,
    );
    expect(htmlRes.headers['content-type']).toBe('application/octet-stream');
    expect(htmlRes.headers['content-disposition']).toMatch(/^attachment; /);
  });
});

describe('files are typed by their bytes, not by what the uploader declares', () => {
  /** Uploads `content` as `name` declared `type`; answers the attachment and its download. */
  async function uploadAndFetch(name: string, type: string, content: Buffer | string) {
    const up = await upload(alice.token, `/api/attachment/T/${ticketId}`, name, type, content);
    expect(up.statusCode).toBe(200);
    const file = await call(
      'GET',
      `/api/attachment/file/${up.json().data.id}?inline=1`,
      alice.token,
    );
    expect(file.statusCode).toBe(200);
    return { attachment: up.json().data, file };
  }

  function expectDownload(file: { headers: Record<string, unknown> }, name: string) {
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  }

  it('downloads an SVG uploaded as x.png (image/png) as an attachment, not an image', async () => {
    const { attachment, file } = await uploadAndFetch('x.png', 'image/png', SVG);
    expect(attachment).toMatchObject({ is_image: false, content_type: 'application/octet-stream' });
    expectDownload(file, 'x.png');
    expect(file.body).toBe(SVG);
  });

  it('downloads an HTML file claiming image/jpeg as an attachment', async () => {
    const { attachment, file } = await uploadAndFetch('cat.jpg', 'image/jpeg', HTML);
    expect(attachment.is_image).toBe(false);
    expectDownload(file, 'cat.jpg');
  });

  it('serves a PNG declared as text/plain as the PNG it is (inline when asked)', async () => {
    const { attachment, file } = await uploadAndFetch('notes.txt', 'text/plain', PNG);
    expect(attachment).toMatchObject({ is_image: true, content_type: 'image/png' });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves a declared SVG (image/svg+xml) and a PDF as downloads', async () => {
    const svg = await uploadAndFetch('logo.svg', 'image/svg+xml', SVG);
    expect(svg.attachment.is_image).toBe(false);
    expectDownload(svg.file, 'logo.svg');
    const pdf = await uploadAndFetch('form.pdf', 'image/png', '%PDF-1.4 tiny');
    expect(pdf.attachment).toMatchObject({ is_image: false, content_type: 'application/pdf' });
    expectDownload(pdf.file, 'form.pdf');
  });

  it('sniffs the first bytes of a file streamed in many chunks', async () => {
    // A JPEG signature, then far more than the head that is sniffed, across several chunks.
    const jpeg = Buffer.concat([JPEG_HEAD, randomBytes(CHUNK_BYTES + 1000)]);
    const { attachment, file } = await uploadAndFetch('big.bin', 'application/zip', jpeg);
    expect(attachment).toMatchObject({
      is_image: true,
      content_type: 'image/jpeg',
      size: jpeg.length,
    });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
  });

  it('serves a file stored before sniffing (no detected type) as a download', async () => {
    const { attachment } = await uploadAndFetch('old.png', 'image/png', PNG);
    await env.db.query('UPDATE attachments SET detected_type = NULL WHERE id = $1', [
      attachment.id,
    ]);
    const file = await call('GET', `/api/attachment/file/${attachment.id}?inline=1`, alice.token);
    expectDownload(file, 'old.png');
    const list = await call('GET', `/api/attachment/T/${ticketId}`, alice.token);
    expect(list.json().data.find((a: { id: number }) => a.id === attachment.id)).toMatchObject({
      is_image: false,
    });
  });
});

describe('DELETE attachment/file/{id}', () => {
  it('lets the uploader and agents delete, removes the stored file, and 403s anyone else', async () => {
    const up = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'old.txt',
      'text/plain',
      'old',
    );
    const id = up.json().data.id;
    const stored = await storedName(id);
    expect((await call('DELETE', `/api/attachment/file/${id}`, carol.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/attachment/file/${id}`, bob.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/attachment/file/${id}`)).statusCode).toBe(401);
    const res = await call('DELETE', `/api/attachment/file/${id}`, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id });
    expect(await blobExists(stored)).toBe(false);
    expect(await storedBytes(stored)).toHaveLength(0);
    expect((await call('DELETE', `/api/attachment/file/${id}`, alice.token)).statusCode).toBe(404);
    const { rows } = await env.db.query(
      `SELECT details FROM record_events WHERE record_id = $1 AND action = 'attachment_deleted'`,
      [ticketId],
    );
    expect(rows[0].details).toEqual({ file_name: 'old.txt' });

    const byCarol = await upload(
      carol.token,
      `/api/attachment/T/${ticketId}`,
      'c.txt',
      'text/plain',
      'c',
    );
    expect(
      (await call('DELETE', `/api/attachment/file/${byCarol.json().data.id}`, agent.token))
        .statusCode,
    ).toBe(200);
  });

  it('removes every file of a record deleted by an agent', async () => {
    const t = await newTicket(env, alice.token);
    const a = await upload(alice.token, `/api/attachment/T/${t.id}`, 'a.txt', 'text/plain', 'a');
    const b = await upload(alice.token, `/api/attachment/T/${t.id}`, 'b.txt', 'text/plain', 'b');
    const names = [await storedName(a.json().data.id), await storedName(b.json().data.id)];
    expect((await call('DELETE', `/api/ticket/${t.id}/`, agent.token)).statusCode).toBe(200);
    for (const n of names) expect(await blobExists(n)).toBe(false);
    expect(
      (await call('GET', `/api/attachment/file/${a.json().data.id}`, agent.token)).statusCode,
    ).toBe(404);
  });
});
