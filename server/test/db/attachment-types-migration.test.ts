// Attachments stored before files were sniffed (migration 025): after the upgrade, an old PNG in
// PostgreSQL keeps its thumbnail, while an old SVG declared image/png, and any older file the
// migration cannot vouch for, is a plain download. Through the API, on a database migrated up to
// 024, given files, then upgraded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { migrate, migrationFiles } from '../../db/migrate.js';
import { createPool, type Db } from '../../db/pool.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { createTestDatabase, type TestDatabase } from '../db.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
let dataDir: string;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  db = createPool(database.url, undefined, 4);
  const before = migrationFiles().filter((name) => name < '025_');
  await migrate(db, undefined, new Set(before));

  const hash = await createPasswordHasher(true).hash('correct horse battery');
  const { rows: users } = await db.query<{ id: string }>(
    `INSERT INTO users (fullname, email, password_hash, user_is_hde, confirmed_at)
     VALUES ('Old Agent', 'old-agent@example.com', $1, true, now()) RETURNING id`,
    [hash],
  );
  const { rows: records } = await db.query<{ id: string }>(
    `INSERT INTO records (object_type, title, body, owner_id, hd_id, status_id)
     VALUES ('T', 'Old files', '<p>From before.</p>', $1,
             (SELECT min(id) FROM helpdesks WHERE object_type = 'T'),
             (SELECT min(id) FROM statuses WHERE object_type = 'T'))
     RETURNING id`,
    [users[0].id],
  );
  const files: Array<[string, string, Buffer]> = [
    ['shot.png', 'image/png', PNG],
    ['x.png', 'image/png', SVG],
    ['anim.gif', 'image/gif', GIF],
    ['mislabelled.pdf', 'application/pdf', PNG],
  ];
  for (const [name, type, bytes] of files) {
    const key = `pg:${name}`;
    await db.query('BEGIN');
    await db.query('INSERT INTO attachment_blobs (key, size) VALUES ($1, $2)', [key, bytes.length]);
    await db.query('INSERT INTO attachment_chunks (blob_key, seq, data) VALUES ($1, 0, $2)', [
      key,
      bytes,
    ]);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO attachments (record_id, file_name, stored_name, content_type, size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [records[0].id, name, key, type, bytes.length, users[0].id],
    );
    await db.query('COMMIT');
    ids[name] = Number(rows[0].id);
  }

  await migrate(db); // the upgrade
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-data-'));
  const config = { ...loadConfig({}), dataDir, distDir: path.join(dataDir, 'no-dist') };
  app = await buildApp({ config, db, logger: false, testOnlyFastHashing: true });
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { str_username: 'old-agent@example.com', str_password: 'correct horse battery' },
  });
  token = login.json().data.token as string;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.end();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function download(name: string) {
  return app.inject({
    method: 'GET',
    url: `/api/attachment/file/${ids[name]}?inline=1`,
    headers: { authorization: `JWT ${token}` },
  });
}

describe('attachments stored before sniffing, after migration 025', () => {
  it('keep the thumbnail of a real image and serve it as one', async () => {
    for (const [name, type] of [
      ['shot.png', 'image/png'],
      ['anim.gif', 'image/gif'],
    ]) {
      const res = await download(name);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
    }
  });

  it('serve an SVG declared image/png, and a file not declared an image, as downloads', async () => {
    for (const name of ['x.png', 'mislabelled.pdf']) {
      const res = await download(name);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    }
    const record = await db.query<{ record_id: string }>(
      'SELECT record_id FROM attachments WHERE id = $1',
      [ids['x.png']],
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/attachment/T/${record.rows[0].record_id}`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(
      list
        .json()
        .data.map((a: { file_name: string; is_image: boolean }) => [a.file_name, a.is_image]),
    ).toEqual([
      ['shot.png', true],
      ['x.png', false],
      ['anim.gif', true],
      ['mislabelled.pdf', false],
    ]);
  });
});
