import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await res.json()).data.token as string;
}

async function raiseTicket(page: Page, subject: string): Promise<void> {
  await page.goto('/ticket/input');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill(`Details about ${subject}.`);
  await page.getByLabel('Priority').selectOption({ label: 'Normal' });
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(toast(page, 'Ticket created')).toBeVisible();
}

test('search from the topbar: own tickets found, others never; searchable content for everyone', async ({
  browser,
  request,
}) => {
  const word = `zebracrossing${Date.now().toString(36)}`;
  const alice = await pageAs(browser, 'alice@example.com');
  await raiseTicket(alice, `Printer near the ${word}`);

  await alice.getByRole('banner').getByRole('searchbox', { name: 'Search' }).fill(word);
  await alice.keyboard.press('Enter');
  await expect(alice).toHaveURL(/\/search\?/);
  await expect(alice).toHaveURL(/type=C/);
  await alice.getByLabel('Type').selectOption({ label: 'Tickets' });
  await alice.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(alice).toHaveURL(/type=T/);
  const hit = alice.getByRole('link', { name: `Printer near the ${word}` });
  await expect(hit).toBeVisible();
  await expectAccessible(alice);
  await hit.click();
  await expect(alice).toHaveURL(/ticket\/my_ticket\/details\?ticketId=\d+/);

  // Bob never finds alice's ticket.
  const bob = await pageAs(browser, 'bob@example.com');
  await bob.goto(`/search?q=${word}&type=T`);
  await expect(bob.getByText(`No results for “${word}”.`)).toBeVisible();

  // Searchable content is found by everyone, and opens read-only.
  const token = await apiToken(request, 'agent@example.com');
  const headers = { Authorization: `JWT ${token}` };
  const title = `Guide to the ${word}`;
  const created = await request.post('/api/content/', {
    headers,
    data: { title, body: '<p>Look both ways.</p>', content_type_id: 1, is_draft: false },
  });
  const content = (await created.json()).data as { id: number; version: number };
  const made = await request.put(`/api/content/${content.id}/searchable/`, {
    headers,
    data: { searchable: true, version: content.version },
  });
  expect(made.status()).toBe(200);
  await bob.goto(`/search?q=${word}&type=C`);
  await bob.getByRole('link', { name: title }).click();
  await expect(bob).toHaveURL(new RegExp(`read-only/details\\?contentId=${content.id}`));
  await expect(bob.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(bob);
});

test('dashboard figures lead to the lists they count; both chart pages show real data', async ({
  browser,
}) => {
  const alice = await pageAs(browser, 'alice@example.com');
  await alice.goto('/dashboard/default');
  await expect(alice.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectAccessible(alice);
  await alice.getByRole('link', { name: /^My open tickets: \d+$/ }).click();
  await expect(alice).toHaveURL(/\/ticket\/my_ticket\?.*status_group=open/);
  await expect(alice.getByRole('heading', { name: 'My tickets', exact: true })).toBeVisible();

  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto('/dashboard/default');
  await expectAccessible(agent);
  await agent.getByRole('link', { name: /^Unassigned: \d+$/ }).click();
  await expect(agent).toHaveURL(/\/hd_ticket\?.*assignee=none/);
  await expect(agent.getByRole('heading', { name: 'All tickets' })).toBeVisible();
  await expect(agent.locator('tbody tr').first()).toBeVisible();

  for (const [path, heading] of [
    ['/charts/apex', 'Charts (ApexCharts)'],
    ['/charts/chartjs', 'Charts (Chart.js)'],
  ]) {
    await agent.goto(path);
    await expect(agent.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    for (const caption of ['Tickets by status', 'Tickets by priority', 'Content by type']) {
      const figure = agent.getByRole('figure', { name: caption });
      await expect(figure).toBeVisible();
      await expect(figure.locator('canvas, svg').first()).toBeVisible();
    }
    await expect(agent.getByText('No data for this period.')).toHaveCount(0);
    await expectAccessible(agent);
  }
});

test('an agent adds and renames a category; alice files content under it and finds it in the collector; it cannot be deleted while used', async ({
  browser,
}) => {
  const first = unique('Printers lab');
  const renamed = `${first} renamed`;
  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto('/content-collector-maintenance');
  await expect(
    agent.getByRole('heading', { name: 'Content collector maintenance', level: 1 }),
  ).toBeVisible();
  await agent.getByLabel('Category name').fill(first);
  await agent.getByRole('button', { name: 'Add category' }).click();
  await expect(toast(agent, 'Category added')).toBeVisible();
  await agent.getByRole('button', { name: `Rename ${first}` }).click();
  const rename = agent.getByRole('dialog', { name: 'Rename category' });
  await rename.getByLabel('Category name').fill(renamed);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(agent, 'Category renamed')).toBeVisible();
  await expectAccessible(agent);

  const alice = await pageAs(browser, 'alice@example.com');
  const title = unique('Lab printer how-to');
  await alice.goto('/content-input');
  await alice.getByLabel('Title').fill(title);
  await alice.getByLabel('Body').fill('Load paper in tray two.');
  await alice.getByLabel('Content type').selectOption({ label: 'How-to' });
  await alice.getByRole('button', { name: 'Submit content' }).click();
  await expect(toast(alice, 'Content created')).toBeVisible();
  await alice.getByRole('button', { name: 'Classify' }).click();
  const classify = alice.getByRole('dialog', { name: 'Classify' });
  await classify.getByLabel('Search categories').fill(renamed);
  await classify.getByRole('checkbox', { name: renamed }).first().check();
  await classify.getByRole('button', { name: 'Save' }).click();
  await expect(toast(alice, 'Classification saved')).toBeVisible();

  await alice.goto('/content-collector');
  await expect(alice.getByRole('heading', { name: 'Content collector', level: 1 })).toBeVisible();
  await alice.getByText(renamed, { exact: false }).first().click();
  await expect(alice.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(alice);

  await agent.reload();
  await agent.getByRole('button', { name: `Delete ${renamed}` }).click();
  await agent
    .getByRole('dialog', { name: 'Delete this category?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(agent.getByText(/This category is used by 1 record/)).toBeVisible();
});

test('the contact form raises a ticket that lands in my tickets', async ({ browser }) => {
  const alice = await pageAs(browser, 'alice@example.com');
  const subject = unique('Badge does not open the door');
  await alice.goto('/contact');
  await expect(alice.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
  await expectAccessible(alice);
  await alice.getByLabel('Subject').fill(subject);
  await alice.getByLabel('Message').fill('My badge stopped working this morning.');
  await alice.getByRole('button', { name: 'Send' }).click();
  await expect(toast(alice, 'Ticket created')).toBeVisible();
  await expect(alice).toHaveURL(/\/ticket\/my_ticket/);
  await expect(alice.getByRole('link', { name: subject })).toBeVisible();
});

test("home, what's new and favourites are useful at a glance", async ({ browser }) => {
  const alice = await pageAs(browser, 'alice@example.com');
  await expect(alice.getByRole('region', { name: 'My open tickets' })).toBeVisible();
  await expect(alice.getByRole('region', { name: 'Latest articles' })).toBeVisible();
  await expectAccessible(alice);

  await alice.goto('/whats-new');
  await expect(alice.getByRole('heading', { name: "What's new", level: 1 })).toBeVisible();
  await expectAccessible(alice);

  await alice.goto('/favourites');
  await expect(alice.getByRole('heading', { name: 'Favourites', level: 1 })).toBeVisible();
  await alice.getByLabel('Find a category').fill('Wi-Fi');
  await alice.getByRole('button', { name: 'Add Wi-Fi to favourites' }).first().click();
  await expect(
    alice.getByRole('button', { name: 'Remove Wi-Fi from favourites' }).first(),
  ).toBeVisible();
  await expectAccessible(alice);
});
