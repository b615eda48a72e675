// The embedded PostgreSQL serves this machine's own clients (the server's pool) through a unix
// socket in its cluster folder, and everyone else over TCP; a folder too deep for a socket path
// falls back to TCP for both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../db/embedded.js';

const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined };
const started: { handle: EmbeddedPostgresHandle; dir: string }[] = [];

async function start(dataDir: string, removeDir = dataDir): Promise<EmbeddedPostgresHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as `postgres` and must enter every folder on the way.
  for (let d = dataDir; d !== os.tmpdir(); d = path.dirname(d)) fs.chmodSync(d, 0o755);
  const handle = await startEmbeddedPostgres({
    dataDir,
    logger: quiet,
    settings: { fsync: 'off', synchronous_commit: 'off' },
  });
  started.push({ handle, dir: removeDir });
  return handle;
}

/** The server address the connection reached: null over a unix socket. */
async function serverAddress(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ addr: string | null }>(
      'SELECT host(inet_server_addr()) AS addr',
    );
    return rows[0].addr;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const { handle, dir } of started) {
    await handle.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60000);

describe('embedded PostgreSQL connections', () => {
  it('gives local clients the unix socket in its cluster folder, and TCP to the rest', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-sock-'));
    const pgServer = await start(dir);
    const local = pgServer.localUrlFor('postgres');
    expect(new URL(local).hostname).toBe(encodeURIComponent(path.join(dir, 'pg')));
    expect(await serverAddress(local)).toBeNull();
    expect(await serverAddress(pgServer.urlFor('postgres'))).toBe('127.0.0.1');
  }, 60000);

  it('uses TCP for local clients too when the socket path would be too long', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-sock-'));
    const deep = path.join(base, 'a-folder-name-long-enough'.repeat(4));
    const pgServer = await start(deep, base);
    expect(path.join(deep, 'pg', '.s.PGSQL.65535').length).toBeGreaterThan(108);
    expect(await serverAddress(pgServer.localUrlFor('postgres'))).toBe('127.0.0.1');
  }, 60000);
});
