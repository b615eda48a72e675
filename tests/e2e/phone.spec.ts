import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD, logIn } from './support/session';

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

  // The list is the first screen, a card per record: the filters wait behind their button.
  const cards = page.getByRole('list', { name: 'My tickets' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
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
  const rows = cards.getByRole('listitem');
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

test.describe('at 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone's first screen: one header row, then the list as cards, the first one on screen", async ({
    page,
  }) => {
    await logIn(page, 'agent@example.com');
    await page.goto('/hd_ticket');
    const cards = page.getByRole('list', { name: 'All tickets' });
    const first = cards.getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // The whole first card is within the first screen, and nothing scrolls sideways.
    const card = await first.boundingBox();
    expect(card, 'the first card has a box').not.toBeNull();
    expect((card?.y ?? 0) + (card?.height ?? 0)).toBeLessThanOrEqual(844);
    await expectNoSideways(page);
    // One header row: Menu, the title, Search and the user menu side by side.
    const header = page.getByRole('banner');
    const row = [
      header.getByRole('button', { name: 'Menu', exact: true }),
      header.getByRole('link', { name: 'Helpdesk' }),
      header.getByRole('button', { name: 'Search', exact: true }),
      header.getByRole('button', { name: /user menu/ }),
    ];
    const tops = await Promise.all(row.map(async (c) => (await c.boundingBox())?.y ?? -1));
    for (const top of tops) expect(Math.abs(top - tops[0])).toBeLessThan(16);
    expect((await header.boundingBox())?.height ?? 999).toBeLessThan(70);
    await expect(header.getByLabel('Language')).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Settings' })).toHaveCount(0);
    // A card: subject, status, priority, due time, requester.
    await expect(first).toContainText(/New|Open|Pending|Resolved|Closed/);
    await expect(first).toContainText(/Low|Normal|High|Urgent/);
    await expect(first).toContainText(/Due in|Overdue by|Paused|Met|No SLA/);
    await expect(first).toContainText(/Requester: \w+/);
    await expectAccessible(page);

    // The list sorts by assignee from its Sort choice.
    await page.getByLabel('Sort by').selectOption({ label: 'Assignee, descending' });
    await expect(page).toHaveURL(/sort=-assignee/);
    await expect(cards.getByRole('listitem').first()).toBeVisible();

    // A thumb anywhere on the card opens it.
    const box = await cards.getByRole('listitem').first().boundingBox();
    await page.mouse.click(
      (box?.x ?? 0) + (box?.width ?? 0) - 12,
      (box?.y ?? 0) + (box?.height ?? 0) - 8,
    );
    await expect(page).toHaveURL(/\/hd_ticket\/details\?hdTicketId=\d+/);
    await expectNoSideways(page);
  });

  test('the user menu holds language, theme and Settings; the palette and the history read right on a phone', async ({
    page,
    request,
  }) => {
    // Alice's draft, submitted; the agent raises its priority: two history lines to read.
    const tokenOf = async (email: string) =>
      (
        await (
          await request.post('/api/login', {
            data: { str_username: email, str_password: DEMO_PASSWORD },
          })
        ).json()
      ).data.token as string;
    const alice = { Authorization: `JWT ${await tokenOf('alice@example.com')}` };
    const agent = { Authorization: `JWT ${await tokenOf('agent@example.com')}` };
    const draft = await request.post('/api/ticket/', {
      headers: alice,
      data: {
        subject: 'Phone history check',
        description: '<p>The screen stays black.</p>',
        priority_id: 2,
        is_draft: true,
      },
    });
    const { id, version } = (await draft.json()).data as { id: number; version: number };
    const submitted = await request.put(`/api/ticket/${id}/`, {
      headers: alice,
      data: { version, is_draft: false },
    });
    expect(submitted.status()).toBe(200);
    const raised = await request.put(`/api/ticket/${id}/`, {
      headers: agent,
      data: { version: version + 1, priority_id: 3 },
    });
    expect(raised.status()).toBe(200);

    await logIn(page, 'agent@example.com');
    // The palette with a number: the record's options, and no "Nothing matches." above them.
    await page.keyboard.press('ControlOrMeta+k');
    await expect(page.getByRole('combobox', { name: /Type a command/ })).toBeFocused();
    await page.keyboard.type(String(id));
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('option', { name: `Open ticket #${id}` })).toBeVisible();
    await expect(palette.getByRole('option', { name: `Open content #${id}` })).toBeVisible();
    await expect(palette.getByText('Nothing matches.')).toHaveCount(0);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/hd_ticket/details\\?hdTicketId=${id}$`));

    const timeline = page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(timeline.getByText('Alice Example submitted the draft')).toBeVisible();
    await expect(
      timeline.getByText('Agent Example changed the priority from Normal to High'),
    ).toBeVisible();
    await expectNoSideways(page);

    // The user menu, by keyboard: the language.
    const userMenu = page.getByRole('button', { name: /user menu/ });
    await userMenu.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('menuitemradio', { name: 'Español' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const lines = page.getByRole('region', { name: 'Conversación', exact: true });
    await expect(lines.getByText('Alice Example envió el borrador')).toBeVisible();
    await expect(
      lines.getByText('Agent Example cambió la prioridad de Normal a High'),
    ).toBeVisible();
    await expectAccessible(page);

    // Settings from the same menu; closing it gives focus back to the menu's button.
    const userMenuEs = page.getByRole('button', { name: /menú de usuario/ });
    await expect(userMenuEs).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Ajustes' }).click();
    await expect(page.getByRole('complementary', { name: 'Ajustes' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('complementary', { name: 'Ajustes' })).toBeHidden();
    await expect(userMenuEs).toBeFocused();

    // Back to English, from the menu.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
