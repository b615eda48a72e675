import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { resetDb } from '../mocks/db';
import { server } from '../mocks/node';

// Lazy pages load on first use: allow for a slow first import on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20000 });

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
    // The rich-text editor (TipTap) is the heaviest lazy chunk of the form pages.
    import('../features/records/components/rich-text-editor'),
  ]);
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  setNavigator(null);
  localStorage.clear();
  sessionStorage.clear();
  document.body.className = '';
  vi.unstubAllEnvs();
});

afterAll(() => server.close());
