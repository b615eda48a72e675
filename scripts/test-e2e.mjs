// Browser journeys: find (or install) a Chromium, build the SPA fresh, then run Playwright
// against `npm start` on a throwaway data folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  return null;
}

async function playwrightOwnChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

let chrome = findChromium() ?? (await playwrightOwnChromium());
if (!chrome) {
  if (process.getuid?.() === 0) {
    console.log(
      "[e2e] No Chromium found: installing Debian's chromium with apt-get (about a minute).",
    );
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    chrome = findChromium();
  } else {
    console.log("[e2e] No Chromium found: downloading Playwright's own Chromium.");
    run('npx', ['playwright', 'install', 'chromium']);
    chrome = await playwrightOwnChromium();
  }
}
if (!chrome) {
  console.error('[e2e] Could not find or install Chromium. Set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}
console.log(`[e2e] Chromium: ${chrome}`);

console.log('[e2e] Building the SPA (vite build)…');
run('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn']);

const findFreePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const freePort = await findFreePort();
// The product's inbound SMTP listener (mail in) gets its own free port; the mail journey sends to it.
let smtpPort = await findFreePort();
while (smtpPort === freePort) smtpPort = await findFreePort();

// A fresh data folder the `postgres` OS user can reach (mkdtemp makes it 0700).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helpdesk-e2e-'));
fs.chmodSync(dataDir, 0o755);
console.log(`[e2e] Data folder: ${dataDir}, port ${freePort}, inbound SMTP port ${smtpPort}`);

const env = {
  ...process.env,
  CHROME_PATH: chrome,
  E2E_PORT: String(freePort),
  E2E_INBOUND_SMTP_PORT: String(smtpPort),
  E2E_DATA_DIR: dataDir,
};
const r = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
try {
  fs.rmSync(dataDir, { recursive: true, force: true });
} catch {
  // The embedded database may still be shutting down; the OS temp folder is cleaned anyway.
}
process.exit(r.status ?? 1);
