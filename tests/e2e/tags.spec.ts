import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

test('an admin makes and renames a tag; an agent tags a ticket, filters by it, saves the view and bulk-removes it', async ({
  browser,
  request,
}) => {
  const first = unique('tag');
  const name = `${first} renamed`;

  // The administrator (the first demo agent) on the Tags page, from the admin menu.
  const admin = await pageAs(browser, 'agent@example.com');
  await admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Tags' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await admin.getByLabel('New tag').fill(first);
  await admin.getByRole('button', { name: 'Create tag' }).click();
  const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: first }) });
  await expect(row.getByText('0 records')).toBeVisible();
  await expectAccessible(admin);
  await row.getByRole('button', { name: `Rename: ${first}` }).click();
  const rename = admin.getByLabel(`New name for ${first}`);
  await rename.fill(name);
  await rename.press('Enter');
  await expect(admin.getByRole('cell', { name, exact: true })).toBeVisible();
  await expectAccessible(admin);

  // Alice's ticket.
  const token = await tokenOf(request, 'alice@example.com');
  const subject = unique('Tagged printer');
  const raised = await request.post('/api/ticket/', {
    headers: { Authorization: `JWT ${token}` },
    data: { subject, description: '<p>It jams.</p>', priority_id: 2, is_draft: false },
  });
  const id = (await raised.json()).data.id as number;

  // Agent Two tags it with the type-ahead, by keyboard.
  const agent = await pageAs(browser, 'agent2@example.com');
  await agent.goto(`/hd_ticket/details?hdTicketId=${id}`);
  const section = agent.getByRole('region', { name: 'Tags' });
  await expect(section.getByText('No tags.')).toBeVisible();
  const input = section.getByRole('combobox', { name: 'Add a tag' });
  await input.fill(first.slice(0, 8));
  await expect(agent.getByRole('option', { name })).toBeVisible();
  await expectAccessible(agent);
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(section.getByRole('list', { name: 'Tags' }).getByText(name)).toBeVisible();
  await expect(section.getByRole('button', { name: `Remove the tag ${name}` })).toBeVisible();
  await expectAccessible(agent);

  // The list filtered by the tag: the URL keeps it, and so does the saved view.
  await agent.goto('/hd_ticket');
  const filters = agent.getByRole('search', { name: 'Filters' });
  const filterInput = filters.getByRole('combobox', { name: 'Filter by tag' });
  await filterInput.fill(first.slice(0, 8));
  await agent.getByRole('option', { name }).click();
  await expect(agent).toHaveURL(/[?&]tags=\d+/);
  const rows = agent.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2); // the header and the ticket
  await expect(rows.nth(1).getByRole('list', { name: 'Tags' })).toContainText(name);
  await expectAccessible(agent);
  const view = unique('Tagged');
  await agent.getByRole('button', { name: 'Save view' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(view);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  const link = agent.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: view });
  await expect(link).toBeVisible();
  await agent.goto('/home');
  await link.click();
  await expect(agent).toHaveURL(/\/hd_ticket\?view=\d+.*tags=\d+/);
  await expect(rows).toHaveCount(2);

  // Bulk: take the tag off the selection.
  await agent.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const bar = agent.getByRole('region', { name: 'Bulk actions' });
  await bar.getByLabel('Action').selectOption({ label: 'Remove a tag' });
  await bar.getByLabel('Tag').selectOption({ label: name });
  await expectAccessible(agent);
  await bar.getByRole('button', { name: 'Apply' }).click();
  const confirm = agent.getByRole('dialog', { name: 'Apply to the selected records?' });
  await confirm.getByRole('button', { name: 'Apply' }).click();
  await expect(agent.getByText('1 record changed.')).toBeVisible();
  await expectAccessible(agent);
  const details = await request.get(`/api/ticket/${id}/`, {
    headers: { Authorization: `JWT ${token}` },
  });
  expect((await details.json()).data.tags).toEqual([]);
});
