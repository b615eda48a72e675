import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

/** Alice raises `count` tickets whose subjects start with `tag` (through the API). */
async function raiseTickets(request: APIRequestContext, tag: string, count: number) {
  const token = await tokenOf(request, 'alice@example.com');
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await request.post('/api/ticket/', {
      headers: { Authorization: `JWT ${token}` },
      data: {
        subject: `${tag} printer ${i}`,
        description: '<p>It jams.</p>',
        priority_id: 2,
        is_draft: false,
      },
    });
    expect(res.status()).toBe(200);
    ids.push((await res.json()).data.id as number);
  }
  return ids;
}

const rows = (page: Page) => page.getByRole('table').getByRole('row');

test('an agent bulk-assigns three tickets: one confirmation, then the summary', async ({
  browser,
  request,
}) => {
  const tag = unique('bulk');
  const ids = await raiseTickets(request, tag, 3);
  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto(`/hd_ticket?text=${encodeURIComponent(tag)}`);
  await expect(rows(agent)).toHaveCount(4); // the header and three tickets
  await agent.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const bar = agent.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await bar.getByLabel('Action').selectOption({ label: 'Assign' });
  await bar.getByLabel('Assignee').selectOption({ label: 'Agent Two' });
  await expectAccessible(agent);
  await bar.getByRole('button', { name: 'Apply' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Apply to the selected records?' });
  await expect(dialog.getByText('Assign Agent Two on 3 records.')).toBeVisible();
  await expectAccessible(agent);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(agent.getByText('3 records changed.')).toBeVisible();
  await expectAccessible(agent);

  // Each ticket is assigned, and its history says so.
  const token = await tokenOf(request, 'agent@example.com');
  for (const id of ids) {
    const res = await request.get(`/api/ticket/${id}/history/`, {
      headers: { Authorization: `JWT ${token}` },
    });
    const events = (await res.json()).data as { action: string }[];
    expect(events.filter((e) => e.action === 'assigned')).toHaveLength(1);
  }
});

test('a shared view saved by one agent appears for another agent with its count', async ({
  browser,
  request,
}) => {
  const tag = unique('view');
  await raiseTickets(request, tag, 2);
  const name = unique('Printer queue');

  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto(`/hd_ticket?text=${encodeURIComponent(tag)}`);
  await expect(rows(agent)).toHaveCount(3);
  await agent.getByRole('button', { name: 'Save view' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByLabel('Share with all agents').check();
  await expectAccessible(agent);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  const mine = agent.getByRole('list', { name: 'Saved views' }).getByRole('link', { name });
  await expect(mine).toBeVisible();

  // The colleague, in a browser of their own, sees it with its count and opens it.
  const colleague = await pageAs(browser, 'agent2@example.com');
  await colleague.goto('/home');
  const link = colleague.getByRole('list', { name: 'Saved views' }).getByRole('link', {
    name: new RegExp(name),
  });
  await expect(link.getByLabel('2 records')).toHaveText('2');
  await expectAccessible(colleague);
  await link.click();
  await expect(colleague).toHaveURL(/\/hd_ticket\?view=\d+/);
  await expect(rows(colleague)).toHaveCount(3);
  await expect(link).toHaveAttribute('aria-current', 'page');
  await expectAccessible(colleague);
});

test('an agent adds the Assignee column: it stays after a reload and the next visit, and sorts the queue', async ({
  browser,
}) => {
  const agent = await pageAs(browser, 'agent@example.com');
  // The demo shows saved views too: the shared one is in the sidebar.
  await expect(
    agent.getByRole('list', { name: 'Saved views' }).getByRole('link', {
      name: /Unassigned open tickets/,
    }),
  ).toBeVisible();
  await agent
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'All tickets' })
    .click();
  await expect(agent).toHaveURL(/\/hd_ticket$/);
  await expect(rows(agent).nth(1)).toBeVisible();
  const header = agent.getByRole('columnheader', { name: /^Assignee/ });
  await expect(header).toHaveCount(0);
  await agent.getByRole('button', { name: 'Columns' }).click();
  const picker = agent.getByRole('group', { name: 'Columns' });
  for (const name of ['Came in by', 'Company', 'First response due', 'Resolution due']) {
    await expect(picker.getByRole('checkbox', { name })).toBeVisible();
  }
  // The choice goes through the URL, so the box shows it once the list has moved there.
  const assigneeBox = picker.getByRole('checkbox', { name: 'Assignee' });
  await assigneeBox.click();
  await expect(assigneeBox).toBeChecked();
  await expect(header).toBeVisible();
  await expectAccessible(agent);

  await agent.reload();
  await expect(header).toBeVisible();
  // The next visit, from the menu: no columns in the URL, the agent's choice all the same.
  await agent.goto('/home');
  await agent
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'All tickets' })
    .click();
  await expect(agent).toHaveURL(/\/hd_ticket$/);
  await expect(header).toBeVisible();

  /** The Assignee column's cells, top to bottom. */
  const assignees = async () => {
    const at = await agent
      .locator('thead th')
      .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.startsWith('Assignee')));
    return agent.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents();
  };
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(agent).toHaveURL(/sort=assignee/);
  // Each assignee's tickets together, the unassigned after them.
  await expect.poll(async () => (await assignees())[0]).not.toBe('Unassigned');
  const up = await assignees();
  expect(up.filter((name, i) => i > 0 && name !== up[i - 1] && up.indexOf(name) < i)).toEqual([]);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await assignees())[0]).toBe('Unassigned');
  await expectAccessible(agent);
});
