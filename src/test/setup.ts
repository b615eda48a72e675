import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { resetDb } from '../mocks/db';
import { observeAnswers } from '../mocks/http';
import { server } from '../mocks/node';
import { contractProblem } from './contract';
import { stopRenderedApps } from './render-app';

// Lazy pages load on first use and axe runs long in jsdom: allow for a busy 2-core machine
// (a passing test is as fast as before; only a stuck one waits longer).
configure({ asyncUtilTimeout: 15000 });
vi.setConfig({ testTimeout: 60000 });

// jsdom has no layout: ProseMirror (the rich-text editor) asks ranges for their rectangles.
function emptyRects(): DOMRectList {
  const list = [] as unknown as DOMRectList & DOMRect[];
  Object.defineProperty(list, 'item', { value: () => null });
  return list;
}
const zeroRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = zeroRect;
if (!document.elementFromPoint) document.elementFromPoint = () => null;

// The contract test of the mocks: every answer the shared handlers give in any SPA test must be
// one the API gives (docs/openapi.json); a test's own server.use() answers are not checked.
let checks: Promise<string | null>[] = [];
observeAnswers(({ method, path, response }) => {
  checks.push(contractProblem(method, path, response));
});

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The feature sagas and the editor load lazily in the app; load their code once up front so a
  // test's timing does not depend on a first dynamic import on a busy machine.
  await Promise.all([
    import('../features/records/records-saga'),
    import('../features/records/work-saga'),
    import('../features/attachments/attachments-saga'),
    import('../features/threads/threads-saga'),
    import('../features/search/search-saga'),
    import('../features/home/home-saga'),
    import('../features/dashboard/dashboard-saga'),
    import('../features/charts/charts-saga'),
    import('../features/collector/collector-saga'),
    import('../features/contact/contact-saga'),
    import('../features/mail-channels/mail-channels-saga'),
    import('../features/records/bulk-views-saga'),
    // The rich-text editor (TipTap) is the heaviest lazy chunk of the form pages.
    import('../features/records/components/rich-text-editor'),
  ]);
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  const problems = (await Promise.all(checks)).filter((p): p is string => p !== null);
  checks = [];
  stopRenderedApps();
  cleanup();
  server.resetHandlers();
  resetDb();
  setNavigator(null);
  localStorage.clear();
  sessionStorage.clear();
  document.body.className = '';
  vi.unstubAllEnvs();
  if (problems.length > 0) {
    throw new Error(
      `The mocks answered what the API does not (docs/openapi.json):\n${[...new Set(problems)].join('\n')}`,
    );
  }
});

afterAll(() => server.close());
