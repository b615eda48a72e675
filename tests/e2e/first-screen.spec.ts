import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { logIn } from './support/session';

// A first screen on a slow phone connection waits a round trip for every wave of six files
// (HTTP/1.1's connections per host): the files a page needs before it can draw its data are
// kept few (vite.config.ts, FIRST_SCREEN_CHUNKS): 7, 11 and 12 below; before, 19, 44 and 46.
const MAX_SCRIPTS = 14;

/** A signed-in tab with an empty HTTP cache, as a returning user whose cached files expired. */
async function coldTab(browser: Browser, signedIn: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: await signedIn.context().storageState(),
  });
  return context.newPage();
}

async function scriptsUntil(page: Page, url: string, shown: () => Promise<void>) {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(url);
  await shown();
  return [...scripts];
}

test('a first screen loads few scripts: login, my tickets, a ticket', async ({ browser, page }) => {
  const login = await scriptsUntil(page, '/auth/login', () =>
    expect(page.getByLabel('Email')).toBeVisible(),
  );
  expect(login.length, login.join('\n')).toBeLessThanOrEqual(MAX_SCRIPTS);
  // The login page does not load the signed-in frame.
  expect(login.some((s) => s.includes('/frame-'))).toBe(false);
  await logIn(page, 'alice@example.com');

  const list = await coldTab(browser, page);
  const listScripts = await scriptsUntil(list, '/ticket/my_ticket', () =>
    expect(list.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  );
  expect(listScripts.length, listScripts.join('\n')).toBeLessThanOrEqual(MAX_SCRIPTS);
  await expectAccessible(list);
  const firstTicket = list.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
  const href = await firstTicket.getAttribute('href');
  const subject = (await firstTicket.textContent())?.trim() ?? '';
  expect(href).toMatch(/ticketId=\d+/);
  await list.context().close();

  const details = await coldTab(browser, page);
  const detailsScripts = await scriptsUntil(details, href ?? '', () =>
    expect(details.getByRole('heading', { name: subject })).toBeVisible(),
  );
  expect(detailsScripts.length, detailsScripts.join('\n')).toBeLessThanOrEqual(MAX_SCRIPTS);
  await expectAccessible(details);
  await details.context().close();
});
