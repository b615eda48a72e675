// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type-check', 'typecheck'],
  ['Lint and format', 'lint'],
  ['SPA tests (real store + msw)', 'test:spa'],
  ['Server tests (real PostgreSQL)', 'test:server'],
  ['Browser journeys (Playwright + Chromium)', 'test:e2e'],
];

const started = Date.now();
for (const [label, script] of steps) {
  console.log(`\n=== ${label}: npm run ${script} ===`);
  const t = Date.now();
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== ${label} FAILED after ${secs}s ===`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ${label}: ok (${secs}s) ===`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
