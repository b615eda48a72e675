import path from 'node:path';
import { defineConfig } from '@playwright/test';

// scripts/test-e2e.mjs sets these (a fresh data folder, a free port, the Chromium it found).
const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/helpdesk-e2e';
const baseURL = `http://127.0.0.1:${port}`;
// The inbound SMTP listener of `npm start` (mail in); never the default 2525 another run may hold.
const inboundSmtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT ?? port + 1);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Journeys are long (a dozen steps, axe on every page) and this machine has two cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The product exactly as a user runs it: one process, SPA + API, embedded PostgreSQL.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Small, so a journey can show the too-big refusal without a 25 MB upload.
      ATTACHMENT_MAX_MB: '1',
      INBOUND_SMTP_PORT: String(inboundSmtpPort),
      // Mails go out and come in within a second, so a journey does not wait for the queue.
      JOB_POLL_SECONDS: '1',
      // Service levels (docs/sla.md "The test clock"): tests/e2e/sla.spec.ts moves the SLA
      // clock on by writing milliseconds here; the sweep runs often so escalations come quickly.
      TEST_CLOCK_OFFSET_FILE: path.join(dataDir, 'test-clock-offset'),
      SLA_SWEEP_SECONDS: '2',
      // Webhooks (docs/webhooks.md): tests/e2e/webhooks.spec.ts's receiver listens on this
      // machine, which the SSRF guard refuses unless allowed; retries come after a second.
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1,localhost',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      // Single sign-on (docs/sign-in.md): tests/e2e/sso.spec.ts's OpenID provider listens on
      // this machine over plain http.
      SSO_ALLOW_HOSTS: '127.0.0.1,localhost',
    },
  },
});
