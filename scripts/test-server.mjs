// Runs the server tests against the embedded PostgreSQL (a throwaway cluster), then, when
// TEST_DATABASE_URL is set, again against that server. Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const passes = [{ name: 'embedded PostgreSQL 18', env: { TEST_DATABASE_URL: '' } }];
if (process.env.TEST_DATABASE_URL) {
  passes.push({ name: `TEST_DATABASE_URL (${redact(process.env.TEST_DATABASE_URL)})`, env: {} });
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'unparsable URL';
  }
}

for (const pass of passes) {
  console.log(`\n=== Server tests against ${pass.name} ===\n`);
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'server/vitest.config.ts', ...args],
    { stdio: 'inherit', env: { ...process.env, ...pass.env } },
  );
  if (result.status !== 0) {
    console.error(`\nServer tests failed against ${pass.name}.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nServer tests passed (${passes.map((p) => p.name).join('; ')}).`);
