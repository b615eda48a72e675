// Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) against the built product
// exactly as `npm start` runs it (built SPA + API on one port, embedded PostgreSQL, demo data):
// the login page, then signed in as a demo user, my tickets and a ticket's details; and the public
// help centre's home, a category and an article (server-rendered, no sign-in; with Lighthouse's
// SEO category too, issue 44). `BENCH_WEB_PAGES=app|help` measures one of the two. Each page is
// measured BENCH_LIGHTHOUSE_RUNS times (3) and the median run by performance is printed;
// BENCH_LIGHTHOUSE_OUT=folder keeps the reports. The product is measured twice: over HTTPS, as
// it serves with a certificate (TLS_CERT_FILE; the tests' self-signed one, trusted by this
// browser only) and browsers then speak HTTP/2 to it, and over plain HTTP/1.1, as `npm start`
// serves on a developer's machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { healthStatus } from '../server/test/chaos/server-process.js';
import { addTarget } from './summary.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DEMO_USER = 'alice@example.com';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'helpdesk-demo';
export const WEB_TARGETS = { performance: 95, accessibility: 100, seo: 100 };

const TLS_DIR = path.resolve('server/test/fixtures/tls');
const TLS_CERT = path.join(TLS_DIR, 'cert.pem');

/** The base64 SHA-256 of the certificate's public key: what Chromium is told to trust. */
function spkiHash(certFile: string): string {
  const key = new X509Certificate(fs.readFileSync(certFile)).publicKey;
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

export interface WebRow {
  page: string;
  /** The document's protocol as Lighthouse saw it (h2, http/1.1). */
  protocol: string;
  performance: number;
  accessibility: number;
  /** Lighthouse's SEO score, measured on the help centre's pages only. */
  seo?: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the product exited (${server.exitCode})`);
    const status = await healthStatus(baseUrl, fs.readFileSync(TLS_CERT)).catch(() => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the product did not answer /api/health within 4 minutes');
}

/**
 * `npm start` on a throwaway data folder and free ports, over HTTPS with the tests' certificate
 * when `tls`; resolves once it is healthy.
 */
async function startProduct(tls: boolean): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  let smtpPort = await freePort();
  while (smtpPort === port) smtpPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-web-'));
  // The embedded database runs as the `postgres` OS user when started as root.
  fs.chmodSync(dataDir, 0o755);
  const baseUrl = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: String(smtpPort),
      DATABASE_URL: '',
      TLS_CERT_FILE: tls ? TLS_CERT : '',
      TLS_KEY_FILE: tls ? path.join(TLS_DIR, 'key.pem') : '',
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

/** Signs in through the login page, as a person would; the SPA keeps the session in storage. */
async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'networkidle0' });
  await page.locator('#login-email').fill(DEMO_USER);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'networkidle0' }),
    page.keyboard.press('Enter'),
  ]);
  if (!page.url().endsWith('/home')) throw new Error(`sign-in ended on ${page.url()}`);
}

/** The id of one of the demo user's tickets, asked by the signed-in page with its own token. */
async function aTicketId(page: Page): Promise<number> {
  // A string, as the bench is typed without the DOM's types.
  const id: unknown = await page.evaluate(`fetch('/api/search/ticket/my', {
      method: 'POST',
      headers: {
        Authorization: 'JWT ' + localStorage.getItem('token'),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ page: 1, page_size: 1 }),
    }).then((res) => res.json()).then((body) => body.data.items[0].id)`);
  return Number(id);
}

async function measure(page: Page, url: string, signedIn: boolean, seo: boolean): Promise<WebRow> {
  if (signedIn) {
    // Keep the session (localStorage) but start from a cold HTTP cache, as a returning user
    // whose cached files expired would.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', ...(seo ? ['seo'] : [])],
      disableStorageReset: signedIn,
      // A signed-in page keeps its live event stream open, so the network never goes quiet and
      // Lighthouse would wait its whole 45 s for it on every run. Every metric it reports has
      // settled within the first 5 s of these pages.
      maxWaitForLoad: 15_000,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  // BENCH_LIGHTHOUSE_OUT=folder keeps each run's full report, to see where the time goes.
  const out = process.env.BENCH_LIGHTHOUSE_OUT;
  if (out) {
    fs.mkdirSync(out, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(out, name), JSON.stringify(result.lhr));
  }
  const requests = audits['network-requests'].details;
  const first = requests?.type === 'table' ? requests.items[0] : undefined;
  return {
    page: url,
    protocol: String(first?.protocol ?? '?'),
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    seo: seo ? Math.round((categories.seo.score ?? 0) * 100) : undefined,
    lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
    tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
    cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is run again. */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= attempts) throw err;
      console.log(`  (run again: ${err instanceof Error ? err.message : String(err)})`);
    }
  }
}

async function median(
  page: Page,
  name: string,
  url: string,
  signedIn: boolean,
  seo = false,
): Promise<WebRow> {
  const runs: WebRow[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await retried(() => measure(page, url, signedIn, seo)));
  runs.sort((a, b) => a.performance - b.performance);
  const row = runs[Math.floor(runs.length / 2)];
  const all = runs.map((r) => r.performance).join(', ');
  console.log(`  ${name}: performance of each run ${all}`);
  return { ...row, page: name };
}

function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((c) => c && fs.existsSync(c));
  if (!found) throw new Error('No Chromium found: set CHROME_PATH.');
  return found;
}

export interface WebRun {
  /** How the product was served: 'HTTPS' or 'HTTP'. */
  served: string;
  rows: WebRow[];
}

/** The product over HTTPS (browsers speak HTTP/2 to it), then over plain HTTP. */
export async function webBench(): Promise<WebRun[]> {
  const runs: WebRun[] = [];
  // BENCH_WEB_SERVED=https|http measures one of the two.
  const only = process.env.BENCH_WEB_SERVED?.toLowerCase();
  for (const tls of [true, false].filter((t) => !only || only === (t ? 'https' : 'http'))) {
    console.log(`  over ${tls ? 'HTTPS' : 'plain HTTP'}:`);
    runs.push({ served: tls ? 'HTTPS' : 'HTTP', rows: await webBenchOf(tls) });
  }
  return runs;
}

async function webBenchOf(tls: boolean): Promise<WebRow[]> {
  const product = await startProduct(tls);
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: chromePath(),
      headless: true,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        // The tests' self-signed certificate, trusted by its key alone (no other certificate).
        `--ignore-certificate-errors-spki-list=${spkiHash(TLS_CERT)}`,
      ],
      defaultViewport: null,
    });
    const page = await browser.newPage();
    const { baseUrl } = product;
    const pages = process.env.BENCH_WEB_PAGES;
    const rows: WebRow[] = [];
    if (!pages || pages === 'help') rows.push(...(await helpCentreRows(page, baseUrl)));
    if (pages === 'help') return rows;
    rows.push(await median(page, 'login', `${baseUrl}/auth/login`, false));
    await signIn(page, baseUrl);
    const ticketId = await aTicketId(page);
    rows.push(await median(page, 'my tickets', `${baseUrl}/ticket/my_ticket`, true));
    rows.push(
      await median(
        page,
        'ticket details',
        `${baseUrl}/ticket/my_ticket/details?ticketId=${ticketId}`,
        true,
      ),
    );
    return rows;
  } finally {
    await browser?.close();
    await product.stop();
  }
}

/**
 * The help centre's home (the demo data's public articles), its first category and the first
 * article it lists, as an anonymous visitor with a cold cache.
 */
async function helpCentreRows(page: Page, baseUrl: string): Promise<WebRow[]> {
  await page.goto(`${baseUrl}/help`, { waitUntil: 'load' });
  // Strings, as the bench is typed without the DOM's types.
  const firstLink = async (prefix: string): Promise<string> => {
    const href: unknown = await page.evaluate(
      `document.querySelector('main a[href^="${prefix}"]')?.getAttribute('href') ?? ''`,
    );
    if (typeof href !== 'string' || !href) {
      throw new Error(`no ${prefix} link on /help (its title: ${await page.title()})`);
    }
    return `${baseUrl}${href}`;
  };
  const category = await firstLink('/help/categories/');
  const article = await firstLink('/help/articles/');
  return [
    await median(page, 'help home', `${baseUrl}/help`, false, true),
    await median(page, 'help category', category, false, true),
    await median(page, 'help article', article, false, true),
  ];
}

const isHelp = (r: WebRow) => r.seo !== undefined;

/** Each run's table; the HTTPS run is the target's row in the summary (plain HTTP is printed). */
export function printWebRuns(runs: WebRun[]): void {
  for (const run of runs) {
    const target = run.served === 'HTTPS';
    printWebRows(run.served, run.rows, target);
    if (!target) continue;
    const app = run.rows.filter((r) => !isHelp(r));
    const help = run.rows.filter(isHelp);
    if (app.length) {
      addTarget({
        what: `Lighthouse mobile over ${run.served}: perf / a11y`,
        measured: app.map((r) => `${r.page} ${r.performance}/${r.accessibility}`).join(', '),
        target: `>= ${WEB_TARGETS.performance} / ${WEB_TARGETS.accessibility}`,
        met: app.every(meets),
      });
    }
    if (help.length) {
      addTarget({
        what: `Lighthouse mobile over ${run.served}, help centre: perf / a11y / SEO`,
        measured: help
          .map((r) => `${r.page.replace('help ', '')} ${r.performance}/${r.accessibility}/${r.seo}`)
          .join(', '),
        target: `>= ${WEB_TARGETS.performance} / ${WEB_TARGETS.accessibility} / ${WEB_TARGETS.seo}`,
        met: help.every(meets),
      });
    }
  }
}

function meets(r: WebRow): boolean {
  return (
    r.performance >= WEB_TARGETS.performance &&
    r.accessibility >= WEB_TARGETS.accessibility &&
    (r.seo === undefined || r.seo >= WEB_TARGETS.seo)
  );
}

function printWebRows(served: string, rows: WebRow[], target: boolean): void {
  console.log(`\n  ${served.padEnd(15)}  perf  a11y   SEO      LCP     TBT    CLS  protocol`);
  for (const r of rows) {
    const ok = meets(r);
    console.log(
      `  ${r.page.padEnd(15)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.seo ?? '-').padStart(5)}` +
        ` ${(r.lcpMs / 1000).toFixed(2).padStart(7)} s ${Math.round(r.tbtMs).toString().padStart(4)} ms` +
        ` ${r.cls.toFixed(3).padStart(6)}  ${r.protocol.padEnd(8)}  ${target ? (ok ? 'met' : 'NOT MET') : ''}`,
    );
  }
}
