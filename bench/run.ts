// `npm run bench`: prints figures (benchmarks print; tests assert). Two sections: the SPA's
// bundle sizes and the records lists at a million rows. BENCH_ONLY=bundle|records runs one.
import { execFileSync } from 'node:child_process';
import { bundleReport } from './bundle.js';
import { recordsBench } from './records.js';

const only = process.env.BENCH_ONLY;

if (!only || only === 'bundle') {
  console.log('Building the SPA…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

  console.log('\nGzipped JavaScript per route (entry + the page chunk and its imports):');
  for (const row of bundleReport()) {
    console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.name}`);
  }
}

if (!only || only === 'records') {
  console.log('\nRecords: lists at scale');
  await recordsBench();
}
