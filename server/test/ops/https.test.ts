// The server given a certificate (TLS_CERT_FILE, TLS_KEY_FILE) serves HTTPS on its one port:
// HTTP/2 to a client that offers it, as browsers do (the page's files and calls on one
// connection), HTTP/1.1 to one that does not. The live event stream works over HTTP/2 (without
// HTTP/1.1's connection header), and a stop ends within its grace even when a client keeps a
// stream open.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  makeDataDir,
  startServer,
  type ServerProcess,
} from '../chaos/server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, '../fixtures/tls');
const certFile = path.join(fixtures, 'cert.pem');
const ca = fs.readFileSync(certFile);

let server: ServerProcess;
let session: http2.ClientHttp2Session;

interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request on the shared HTTP/2 session; resolves with the whole answer. */
function h2(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  return new Promise<H2Answer>((resolve, reject) => {
    const stream = session.request({
      ':method': method,
      ':path': url,
      ...(opts.token ? { authorization: `JWT ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    });
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.on('response', (h) => (headers = h));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
    stream.end(opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  });
}

async function signIn(email: string): Promise<string> {
  const res = await h2('POST', '/api/login', {
    body: { str_username: email, str_password: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return (JSON.parse(res.body) as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  server = await startServer(makeDataDir('https'), {
    TLS_CERT_FILE: certFile,
    TLS_KEY_FILE: path.join(fixtures, 'key.pem'),
    SHUTDOWN_GRACE_MS: '3000',
  });
  session = http2.connect(server.base, { ca });
}, 120_000);

afterAll(async () => {
  session?.destroy();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

it('answers a browser-like client over HTTP/2, with HSTS', async () => {
  const res = await h2('GET', '/api/health');
  expect(session.alpnProtocol).toBe('h2');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ data: { status: 'ok' } });
  expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
});

it('answers a client without HTTP/2 over HTTP/1.1 on the same port', async () => {
  const res = await new Promise<{ status: number; version: string; body: string }>(
    (resolve, reject) => {
      https
        .get(`${server.base}/api/health`, { ca }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, version: r.httpVersion, body }));
        })
        .on('error', reject);
    },
  );
  expect(res).toMatchObject({ status: 200, version: '1.1' });
  expect(JSON.parse(res.body)).toMatchObject({ data: { status: 'ok' } });
});

it("does not start with a key that is not the certificate's, and says why", async () => {
  const other = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-tls-')), 'key.pem');
  fs.writeFileSync(
    other,
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }),
  );
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: { ...process.env, TLS_CERT_FILE: certFile, TLS_KEY_FILE: other, PORT: '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  fs.rmSync(path.dirname(other), { recursive: true, force: true });
  expect(child.status).toBe(1);
  expect(child.stderr).toContain(
    `Helpdesk cannot start: TLS_CERT_FILE (${certFile}) and TLS_KEY_FILE (${other}) must be a readable PEM certificate and its key: `,
  );
  expect(child.stderr).toContain('key values mismatch');
}, 60_000);

it('refuses a client that does not trust the certificate', async () => {
  await expect(
    new Promise((resolve, reject) => {
      https.get(`${server.base}/api/health`, resolve).on('error', reject);
    }),
  ).rejects.toThrow(/self[- ]signed/i);
});

it('streams live events over HTTP/2, and a stop drains with the stream open', async () => {
  const token = await signIn('alice@example.com');
  // This client never ends its side of the stream (a browser would), so only the end of the
  // grace closes it.
  const stream = session.request({ ':path': '/api/events', authorization: `JWT ${token}` });
  let status = 0;
  let received = '';
  stream.on('response', (h) => (status = Number(h[':status'])));
  stream.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready event: ${received}`)), 10_000);
    stream.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('event: ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  expect(status).toBe(200);

  // A raise by the same user, over another stream of the same connection, reaches the stream.
  const raised = await h2('POST', '/api/ticket/', {
    token,
    body: { subject: 'Over HTTP/2', description: '<p>Sent on one connection.</p>', priority_id: 2 },
  });
  expect(raised.status).toBe(200);
  const id = (JSON.parse(raised.body) as { data: { id: number } }).data.id;
  await expect.poll(() => received.includes(`"record_id":${id}`), { timeout: 10_000 }).toBe(true);
  // No HTTP/1.1 connection header, which HTTP/2 has no place for (Node drops it with a warning).
  expect(server.output()).not.toContain('connection header is not valid');

  // SIGTERM with the stream open: the server closes its connections when its 3 s grace runs out
  // and exits cleanly (an HTTPS server has no closeAllConnections to do it).
  const stopped = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  await ended;
  expect(exit.code).toBe(0);
  expect(Date.now() - stopped).toBeLessThan(15_000);
}, 60_000);
