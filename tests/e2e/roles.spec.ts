import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

const HR = 4;

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Opens HR's access form on the Help desks page. */
async function hrAccess(admin: Page) {
  await admin.goto('/admin/helpdesks');
  await expect(admin.getByRole('heading', { level: 1, name: 'Help desks' })).toBeVisible();
  await admin.getByRole('button', { name: 'Edit access: HR', exact: true }).click();
  return admin.getByRole('form', { name: 'Access to HR', exact: true });
}

test('roles: an admin restricts HR to its members; another agent has no admin menu, a 403 and a 404', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, 'agent@example.com');
  const menu = admin.getByRole('navigation', { name: 'Main menu' });

  // The administrator finds the Administration section and restricts HR to themselves.
  await menu.getByRole('link', { name: 'Help desks', exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Help desks' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Edit access: HR', exact: true }).click();
  const form = admin.getByRole('form', { name: 'Access to HR', exact: true });
  await form.getByRole('switch', { name: 'Restricted to its members' }).check();
  await form.getByRole('checkbox', { name: 'Agent Example' }).check();
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(admin, 'Help desk access saved.')).toBeVisible();
  const hr = admin.getByRole('row').filter({ hasText: /^HRTickets/ });
  await expect(hr).toContainText('Restricted');
  await expect(hr).toContainText('Agent Example');

  // Alice raises an HR ticket.
  const alice = await pageAs(browser, 'alice@example.com');
  const subject = unique('Payroll question');
  const raised = await alice.request.post('/api/ticket/', {
    headers: { authorization: `JWT ${await tokenOf(alice)}` },
    data: { subject, description: 'About my payslip.', priority_id: 2, hd_id: HR },
  });
  expect(raised.status()).toBe(200);
  const { data: ticket } = (await raised.json()) as { data: { id: number } };

  // Agent Two is an agent, not an administrator: no Administration section...
  const agent2 = await pageAs(browser, 'agent2@example.com');
  const theirMenu = agent2.getByRole('navigation', { name: 'Main menu' });
  await expect(theirMenu.getByRole('link', { name: 'All tickets', exact: true })).toBeVisible();
  await expect(theirMenu.getByText('Administration')).toHaveCount(0);
  for (const name of ['Help desks', 'Agents and users', 'SLA policies', 'Macros']) {
    await expect(theirMenu.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expectAccessible(agent2);
  // ...a 403 from an administrators' call...
  const refused = await agent2.request.get('/api/admin/users/', {
    headers: { authorization: `JWT ${await tokenOf(agent2)}` },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Only administrators can do this.');
  // ...and HR's ticket is not found, nor in their queue.
  await agent2.goto(`/hd_ticket/details?hdTicketId=${ticket.id}`);
  await expect(
    agent2.getByText('Sorry! the data you are looking for could not be found'),
  ).toBeVisible();
  await expectAccessible(agent2);
  await agent2.goto('/hd_ticket');
  await expect(agent2.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(agent2.getByText(subject)).toHaveCount(0);

  // The member still works on it.
  await admin.goto(`/hd_ticket/details?hdTicketId=${ticket.id}`);
  await expect(admin.getByText(subject).first()).toBeVisible();

  // Open again, as the other journeys expect every desk to be.
  const reopen = await hrAccess(admin);
  await reopen.getByRole('switch', { name: 'Restricted to its members' }).uncheck();
  await reopen.getByRole('checkbox', { name: 'Agent Example' }).uncheck();
  await reopen.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('row').filter({ hasText: /^HRTickets/ })).toContainText(
    'Every agent',
  );
});
