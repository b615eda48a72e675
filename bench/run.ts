// `npm run bench`: builds the SPA and prints figures. Benchmarks print; tests assert.
import { execFileSync } from 'node:child_process';
import { bundleReport } from './bundle.js';

console.log('Building the SPA…');
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

console.log('\nGzipped JavaScript per route (entry + the page chunk and its imports):');
for (const row of bundleReport()) {
  console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.name}`);
}
