// `npm run bench`: prints figures (benchmarks print; tests assert). Sections: the SPA's bundle
// sizes, the records lists at a million rows, full-text search on that same database, the mail
// path (SMTP in to tickets), live event fan-out, triggers, webhook fan-out, the audit log at a
// million entries, 50 people in a closed loop on the demo data, the public help centre at 100,000
// articles, Lighthouse on the built product, then a summary of the targets (docs/performance.md).
// BENCH_ONLY=bundle|records|search|mail|events|rules|automations|webhooks|audit|people|helpcentre|web
// runs one (search loads the records' database too).
import { execFileSync } from 'node:child_process';
import { printBundleReport } from './bundle.js';
import { eventsBench } from './events.js';
import { helpCentreBench } from './help-centre.js';
import { detailsBench } from './details.js';
import { mailBench } from './mail.js';
import { recordsBench } from './records.js';
import { auditBench } from './audit.js';
import { printWebRuns, webBench } from './web.js';
import { buildSearchVectors, searchBench } from './search.js';
import { peopleBench } from './people.js';
import { rulesBench } from './rules.js';
import { automationsBench } from './automations.js';
import { printSummary } from './summary.js';
import { webhooksBench } from './webhooks.js';

const only = process.env.BENCH_ONLY;

if (!only || only === 'bundle') {
  console.log('Building the SPA…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });

  console.log('\nGzipped JavaScript per page (entry + its layout + the page chunk, with imports):');
  printBundleReport();
}

if (!only || only === 'records' || only === 'search') {
  console.log(only === 'search' ? '\nSearch at scale' : '\nRecords: lists at scale');
  const withSearch = only !== 'records';
  await recordsBench({
    lists: only !== 'search',
    // The search section reuses the records' database: vectors built during the load.
    beforeIndexes: withSearch ? buildSearchVectors : undefined,
    // The full run also times the record view's details call on that database (issue 9).
    after: withSearch
      ? async (ctx) => {
          await searchBench(ctx);
          if (!only) await detailsBench(ctx);
        }
      : undefined,
  });
}

if (!only || only === 'mail') {
  console.log('\nMail in: new mails through the inbound SMTP listener to tickets');
  await mailBench();
}

if (!only || only === 'events') {
  console.log('\nLive events: fan-out to open event streams');
  await eventsBench();
}

if (!only || only === 'rules') {
  console.log("\nTriggers: the requester's call with 50 active, and their work after it");
  await rulesBench();
}

if (!only || only === 'automations') {
  console.log('\nTime-based rules: one pass over a large ticket table');
  await automationsBench();
}

if (!only || only === 'webhooks') {
  console.log('\nWebhooks: ticket events to 3 endpoints on a local receiver');
  await webhooksBench();
}

if (!only || only === 'audit') {
  console.log("\nAudit log: the administrator's browse calls and export at scale");
  await auditBench();
}

if (!only || only === 'people') {
  console.log('\nPeople: a closed loop of list, details, search and 1 in 5 raise or reply');
  await peopleBench();
}

if (!only || only === 'helpcentre') {
  console.log('\nHelp centre: the public pages and search at scale');
  await helpCentreBench();
}

if (!only || only === 'web') {
  console.log('\nLighthouse, mobile preset, on the built product (npm start, demo data)');
  if (only === 'web')
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  printWebRuns(await webBench());
}

if (only === 'details') {
  // The record view's one call on the records' database (issue 9); lists skipped.
  console.log('\nRecords: the details call at scale');
  await recordsBench({ lists: false, after: detailsBench });
}

printSummary();
