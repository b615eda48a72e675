// `npm run bench`: prints figures (benchmarks print; tests assert). Sections: the SPA's bundle
// sizes, the records lists at a million rows, full-text search on that same database and the
// mail path (SMTP in to tickets). BENCH_ONLY=bundle|records|search|mail runs one (search loads
// the records' database too).
import { execFileSync } from 'node:child_process';
import { bundleReport } from './bundle.js';
import { detailsBench } from './details.js';
import { mailBench } from './mail.js';
import { recordsBench } from './records.js';
import { buildSearchVectors, searchBench } from './search.js';

const only = process.env.BENCH_ONLY;

if (!only || only === 'bundle') {
  console.log('Building the SPA…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

  console.log('\nGzipped JavaScript per route (entry + the page chunk and its imports):');
  for (const row of bundleReport()) {
    console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.name}`);
  }
}

if (!only || only === 'records' || only === 'search') {
  console.log(only === 'search' ? '\nSearch at scale' : '\nRecords: lists at scale');
  const withSearch = only !== 'records';
  await recordsBench({
    lists: only !== 'search',
    // The search section reuses the records' database: vectors built during the load.
    beforeIndexes: withSearch ? buildSearchVectors : undefined,
    after: withSearch ? searchBench : undefined,
  });
}

if (!only || only === 'mail') {
  console.log('\nMail in: new mails through the inbound SMTP listener to tickets');
  await mailBench();
}

if (only === 'details') {
  // The record view's one call on the records' database (issue 9); lists skipped.
  console.log('\nRecords: the details call at scale');
  await recordsBench({ lists: false, after: detailsBench });
}
