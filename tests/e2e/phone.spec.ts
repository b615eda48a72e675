import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { logIn } from './support/session';

// A phone's screen (Lighthouse's mobile preset measures the same width).
test.use({ viewport: { width: 412, height: 823 } });

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `the page is wider than the screen at ${page.url()}`).toBeLessThanOrEqual(0);
}

/** Presses a button or follows a link by keyboard: focus, then Enter. */
async function pressByKeyboard(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** Tab until the element is focused (at most `limit` presses). */
async function tabTo(page: Page, name: string, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`${name} was not reached with Tab`);
}

test('on a phone: the menu is a drawer, the list comes first, nothing scrolls sideways', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com');
  // A subject with a word longer than the screen is wide: it must not widen any page.
  const raised = await page.evaluate(async () => {
    const res = await fetch('/api/ticket/', {
      method: 'POST',
      headers: {
        Authorization: `JWT ${localStorage.getItem('token') ?? ''}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        subject: 'Badge reader at door BuildingNorthEntranceTurnstileNumberTwelve fails',
        description: '<p>It beeps red.</p>',
        priority_id: 2,
      }),
    });
    return res.status;
  });
  expect(raised).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expectNoSideways(page);
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menuButton).toBeVisible();
  await expect(menu).toBeHidden();

  // By keyboard: the skip link, then Menu; the drawer opens with focus on its first link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  await tabTo(page, 'My tickets');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ticket\/my_ticket$/);
  await expect(menu).toBeHidden();

  // The list is the first screen: the filters wait behind their button.
  const table = page.getByRole('table', { name: 'My tickets' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Filters' })).toHaveCount(0);
  await expectNoSideways(page);
  await expectAccessible(page);

  await pressByKeyboard(page, filters);
  const form = page.getByRole('search', { name: 'Filters' });
  await expect(form).toBeVisible();
  await form.getByLabel('Status').selectOption({ label: 'New' });
  await expect(page).toHaveURL(/status_id=\d+/);
  await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toBeVisible();
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows.first()).toContainText('New');
  await expect(rows.filter({ hasNotText: 'New' })).toHaveCount(0);
  await expectNoSideways(page);
  await expectAccessible(page);

  // A ticket's page fits too; its properties wait behind their own button.
  // By keyboard: a click would leave the pointer over the next page's full-width button, whose
  // hover colours can be mid-transition when axe reads them.
  await pressByKeyboard(page, rows.first().getByRole('link').first());
  await expect(page).toHaveURL(/\/ticket\/my_ticket\/details\?ticketId=\d+$/);
  await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  const showProperties = page.getByRole('button', { name: 'Show properties' });
  await expect(showProperties).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'Properties' })).toHaveCount(0);
  await expectNoSideways(page);
  await expectAccessible(page);
  await pressByKeyboard(page, showProperties);
  await expect(page.getByRole('heading', { name: 'Properties' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide properties' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expectNoSideways(page);
  await expectAccessible(page);

  // On a wide screen the same pages keep the sidebar and the open filters.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeVisible();
  await expect(menuButton).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('search', { name: 'Filters' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});
