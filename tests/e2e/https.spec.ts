import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';

// The product given a certificate (TLS_CERT_FILE, TLS_KEY_FILE; the tests' self-signed one):
// the browser speaks HTTP/2 to it, for the page's files, its calls and the live event stream.
// A product of its own, started for this journey only.
const TLS_DIR = path.resolve('server/test/fixtures/tls');
const ca = fs.readFileSync(path.join(TLS_DIR, 'cert.pem'));

let product: ChildProcess;
let dataDir: string;
let base: string;

/** A JSON call to the product, trusting the test certificate. */
function call(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${base}${url}`,
      {
        method,
        ca,
        headers: {
          ...(opts.token ? { authorization: `JWT ${opts.token}` } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  });
}

test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-e2e-https-'));
  fs.chmodSync(dataDir, 0o755);
  // PORT=0: the product picks a free port and says where it listens once it does.
  product = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INBOUND_SMTP: 'off',
      TLS_CERT_FILE: path.join(TLS_DIR, 'cert.pem'),
      TLS_KEY_FILE: path.join(TLS_DIR, 'key.pem'),
    },
  });
  base = await new Promise<string>((resolve, reject) => {
    let output = '';
    product.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const running = /Helpdesk is running at (https:\/\/\S+)/.exec(output);
      if (running) resolve(running[1]);
    });
    product.once('exit', (code) => reject(new Error(`the product exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (product && product.exitCode === null) {
    const exited = new Promise((resolve) => product.once('exit', resolve));
    product.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('over HTTPS the pages, their calls and live updates go over HTTP/2', async ({ page }) => {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill('alice@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  await page.goto(`${base}/ticket/my_ticket`);
  const firstTicket = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
  await expect(firstTicket).toBeVisible();
  await expectAccessible(page);
  // The document, the scripts and the calls: every one on HTTP/2.
  const protocols = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((e) => `${(e as PerformanceResourceTiming).nextHopProtocol} ${e.name}`),
  );
  expect(protocols.some((p) => p.includes('/api/search/ticket/my'))).toBe(true);
  expect(protocols.filter((p) => !p.startsWith('h2 '))).toEqual([]);
  expect((await stream).status()).toBe(200);

  const subject = (await firstTicket.textContent())?.trim() ?? '';
  await firstTicket.click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expectAccessible(page);

  // An agent replies through the API: the open ticket shows it without a reload.
  const id = Number(new URL(page.url()).searchParams.get('ticketId'));
  const login = await call('POST', '/api/login', {
    body: { str_username: 'agent@example.com', str_password: DEMO_PASSWORD },
  });
  const reply = await call('POST', `/api/ticket/${id}/communication/`, {
    token: String(login.body.data?.token),
    body: { body: '<p>Answered over HTTP/2.</p>' },
  });
  expect(reply.status).toBe(200);
  await expect(page.getByText('Answered over HTTP/2.')).toBeVisible();
});
