// Attachments: upload (streamed to disk under generated names, size limit), list, download
// headers, delete (uploader or agent), files removed with the record, who may do what.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, startTestEnv, type TestEnv } from '../helpers.js';
import {
  caller,
  multipart,
  newContent,
  newTicket,
  person,
  share,
  type Person,
} from './work-helpers.js';

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

const dir = () => path.join(env.config.dataDir, 'attachments');
const storedFiles = () => (fs.existsSync(dir()) ? fs.readdirSync(dir()).sort() : []);

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
  it('stores the file under a generated name and answers the attachment', async () => {
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
    expect(stored).not.toContain('notes');
    expect(fs.readFileSync(path.join(dir(), stored), 'utf8')).toBe('hello');
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

  it('cleans the file name: no folders, no control characters, at most 255 characters', async () => {
    const res = await upload(
      agent.token,
      `/api/attachment/T/${ticketId}`,
      '../../etc/pa\u0001ss\u202e.txt',
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

  it('answers 413 over ATTACHMENT_MAX_MB and leaves no file or row behind', async () => {
    const before = storedFiles();
    const { rows: countBefore } = await env.db.query('SELECT count(*)::int AS n FROM attachments');
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
    expect(storedFiles()).toEqual(before);
    const { rows: countAfter } = await env.db.query('SELECT count(*)::int AS n FROM attachments');
    expect(countAfter[0].n).toBe(countBefore[0].n);
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

  it('downloads with attachment disposition, the stored type and nosniff', async () => {
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
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ 1.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%201.txt`,
    );
    expect((await call('GET', `/api/attachment/file/${id}`, bob.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/attachment/file/${id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/attachment/file/999999`, agent.token)).statusCode).toBe(404);
  });

  it('shows images inline only on request, and never serves HTML as HTML', async () => {
    const png = await upload(
      alice.token,
      `/api/attachment/T/${ticketId}`,
      'shot.png',
      'image/png',
      Buffer.from([137, 80, 78, 71]),
    );
    expect(png.json().data.is_image).toBe(true);
    const pngId = png.json().data.id;
    const inline = await call('GET', `/api/attachment/file/${pngId}?inline=1`, alice.token);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
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

describe('DELETE attachment/file/{id}', () => {
  it('lets the uploader and agents delete, removes the file, and 403s anyone else', async () => {
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
    expect(fs.existsSync(path.join(dir(), stored))).toBe(false);
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
    for (const n of names) expect(fs.existsSync(path.join(dir(), n))).toBe(false);
    expect(
      (await call('GET', `/api/attachment/file/${a.json().data.id}`, agent.token)).statusCode,
    ).toBe(404);
  });
});
