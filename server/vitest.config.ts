// Server tests: node environment, real PostgreSQL (see test/global-setup.ts), one database per
// test file. Run with `npm run test:server` (scripts/test-server.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  test: {
    environment: 'node',
    include: ['server/test/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60000,
    hookTimeout: 60000,
    // Test files share one PostgreSQL server; two cores here, so two at a time.
    maxWorkers: 2,
  },
});
