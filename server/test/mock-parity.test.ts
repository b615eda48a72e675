// The mocks answer like the server, on every operation of docs/openapi.json: one scenario (sign
// in as alice, bob and an agent; create, read, list, update, share, relate, attach, reply, bulk,
// views, macros, SLA, mail channels, delete; the 401/403/404/409/400 answers) runs against the
// SPA's msw handlers (src/mocks, what `npm run dev:mock` and the SPA tests use) and against the
// real server on a real database. Each area fails naming every operation whose answers differ
// (status, shape, error text, the values a user would see); the last test fails naming every
// operation of the document the scenario does not call. See server/test/mock-parity/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations, Scenario, startSides, type Sides } from './mock-parity/harness.js';
import { accounts } from './mock-parity/steps/accounts.js';
import { admin } from './mock-parity/steps/admin.js';
import { adminGate } from './mock-parity/steps/admin-gate.js';
import { agents } from './mock-parity/steps/agents.js';
import { helpCentre } from './mock-parity/steps/help-centre.js';
import { merging } from './mock-parity/steps/merge.js';
import { customFields } from './mock-parity/steps/custom-fields.js';
import { fieldValues } from './mock-parity/steps/field-values.js';
import { fieldLists } from './mock-parity/steps/field-lists.js';
import { deleting, live, unauthorized } from './mock-parity/steps/ending.js';
import { organizations } from './mock-parity/steps/organizations.js';
import { overview } from './mock-parity/steps/overview.js';
import { plainAgent } from './mock-parity/steps/plain-agent.js';
import { records } from './mock-parity/steps/records.js';
import { roles } from './mock-parity/steps/roles.js';
import { assignment } from './mock-parity/steps/assignment.js';
import { rules } from './mock-parity/steps/rules.js';
import { automations } from './mock-parity/steps/automations.js';
import { tags } from './mock-parity/steps/tags.js';
import { threads } from './mock-parity/steps/threads.js';
import { webhooks } from './mock-parity/steps/webhooks.js';
import { ratings } from './mock-parity/steps/ratings.js';
import { twoStep } from './mock-parity/steps/two-step.js';
import { apiTokens } from './mock-parity/steps/api-tokens.js';
import { articleReview } from './mock-parity/steps/article-review.js';
import { sso } from './mock-parity/steps/sso.js';
import { working } from './mock-parity/steps/working.js';
import { audit } from './mock-parity/steps/audit.js';
import { suggestions } from './mock-parity/steps/suggestions.js';
import { passkeys } from './mock-parity/steps/passkeys.js';

let sides: Sides;
let s: Scenario;

beforeAll(async () => {
  sides = await startSides();
  s = new Scenario(sides);
});

afterAll(async () => {
  await sides?.close();
});

// One scenario: each area builds on the ones before it (the same records, people and sessions).
const areas: [string, (s: Scenario) => Promise<void>][] = [
  ['accounts: sign in and out, register, confirm, reset, profile', accounts],
  ['records: create, read, edit, lists', records],
  ['working a record: share, classify, relate, follow, history, details', working],
  ['threads and files', threads],
  ['agents: assign, move, duplicate, searchable, bulk, views, macros', agents],
  ['the help centre: an agent shows a content item to everyone', helpCentre],
  ['merge, split and typed links', merging],
  ['settings: SLA policies, mail channels', admin],
  ['custom fields: definitions', customFields],
  ['custom fields: values on records', fieldValues],
  ['custom fields: list filters, sort, views and bulk', fieldLists],
  ['roles and desk access: help desks, users', roles],
  [
    "a plain agent: 403 on the administrators' operations, an agent's work as any agent's",
    plainAgent,
  ],
  ['automatic assignment: desk rules, availability', assignment],
  ['tags: on records, in bulk and lists, and the administrators’ page', tags],
  ['webhooks: endpoints, the delivery log, send again', webhooks],
  ['satisfaction ratings: the survey calls, the desks’ switch, the figures', ratings],
  ['triggers and their templates', rules],
  ['time-based rules', automations],
  ["the administrators' gate comes before validation", adminGate],
  ['two-step sign-in, the code step, the requirement, signed-in sessions', twoStep],
  ['personal API tokens: made, listed, revoked; the administrators’ list', apiTokens],
  [
    'article review: submit, approve, send back, versions, compare, restore, archive',
    articleReview,
  ],
  ['single sign-on: providers, the way there and back, the one-time code', sso],
  ['lookups, search and the overview pages', overview],
  ['live events and presence', live],
  [
    "organizations: members, the company default, members see their colleagues' tickets",
    organizations,
  ],
  ['the audit log: the list, the export, the retention', audit],
  ['suggestions while a ticket is typed, answering with articles', suggestions],
  ['passkeys: registered, renamed, the second step, alone, removed', passkeys],
  ['deleting', deleting],
  ['401 without a session, on every operation that needs one', unauthorized],
];

describe('the mocks answer like the server', () => {
  for (const [name, area] of areas) {
    it(name, async () => {
      await area(s);
      s.check();
    });
  }

  it('every operation of docs/openapi.json has a step, and a successful one', () => {
    const all = documentedOperations().map(({ op }) => op);
    expect(
      all.filter((op) => !s.covered.has(op)),
      'operations without a step in the scenario',
    ).toEqual([]);
    expect(
      all.filter((op) => !s.succeeded.has(op)),
      'operations the scenario never calls successfully',
    ).toEqual([]);
  });
});
