import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { logIn } from './support/session';

async function palette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+k');
  const input = page.getByRole('combobox', { name: /Type a command/ });
  await expect(input).toBeFocused();
  await page.keyboard.type(text);
}

// Axe runs nine times on a busy machine: more than the default two minutes.
test.describe.configure({ timeout: 240_000 });

test('keyboard only: palette to a page and a record, the ? overlay, the dark theme; axe in both themes', async ({
  page,
}) => {
  await logIn(page, 'agent@example.com');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');

  // A page by name.
  await palette(page, 'All tickets');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hd_ticket$/);
  const firstTicket = page.getByRole('table').getByRole('link').first();
  await expect(firstTicket).toBeVisible();
  await expectAccessible(page);
  const href = (await firstTicket.getAttribute('href')) ?? '';
  const id = new URL(href, page.url()).searchParams.get('hdTicketId');
  expect(id).toMatch(/^\d+$/);

  // A record by its number (with or without #): its options, and no "Nothing matches." above.
  await palette(page, id ?? '');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog.getByRole('option', { name: `Open ticket #${id}` })).toBeVisible();
  await expect(dialog.getByRole('option', { name: `Open content #${id}` })).toBeVisible();
  await expect(dialog.getByText('Nothing matches.')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await palette(page, `#${id}`);
  await expect(page.getByRole('option', { name: `Open ticket #${id}` })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByText('Nothing matches.')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/hd_ticket/details\\?hdTicketId=${id}$`));
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expectAccessible(page);

  // The help overlay lists the shortcuts of this screen; Escape closes it.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('region', { name: 'Anywhere' })).toContainText(
    'Open the command palette',
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Dark theme from the palette; the header's toggle says so; it survives a reload.
  await palette(page, 'dark theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await palette(page, 'All tickets');
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hd_ticket$/);
  await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  // The shortcuts come with the layout: wait for it before pressing keys.
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await palette(page, 'Home');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expectAccessible(page);

  // Back to light with the header's toggle, by keyboard.
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');
});
