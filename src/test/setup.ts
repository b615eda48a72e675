import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import i18n from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { resetDb } from '../mocks/db';
import { server } from '../mocks/node';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

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
