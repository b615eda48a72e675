import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { idFromUrl, pageAs, storedUserId, unique } from './support/users';

// The e2e server reads its SLA clock offset from this file (playwright.config.ts).
const clockFile = path.join(process.env.E2E_DATA_DIR ?? '/tmp/helpdesk-e2e', 'test-clock-offset');
const outbox = path.join(process.env.E2E_DATA_DIR ?? '/tmp/helpdesk-e2e', 'outbox');
const setClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));

/** Escalation mails about ticket `id` to `email` (subject "SLA ... ticket #id: ..."). */
function escalationMails(email: string, id: string): string[] {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(m))
    .filter((m) => new RegExp(`^Subject: .*SLA breached .*#${id}\\b`, 'mi').test(m));
}

/** A High ticket made through the API and assigned to `assigneeId`; its id. */
async function highTicketAssigned(page: Page, assigneeId: number, subject: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `JWT ${token}` };
  const priorities = await page.request.get('/api/priority/', { headers });
  expect(priorities.status()).toBe(200);
  const { data: levels } = (await priorities.json()) as {
    data: { priority_id: number; priority_name: string }[];
  };
  const high = levels.find((p) => p.priority_name === 'High');
  expect(high).toBeDefined();
  const created = await page.request.post('/api/ticket/', {
    headers,
    data: { subject, description: 'Still no air conditioning.', priority_id: high?.priority_id },
  });
  expect(created.status()).toBe(200);
  const { data: ticket } = (await created.json()) as { data: { id: number; version: number } };
  const assigned = await page.request.put(`/api/ticket/${ticket.id}/assign/`, {
    headers,
    data: { assignee_id: assigneeId, version: ticket.version },
  });
  expect(assigned.status()).toBe(200);
  return String(ticket.id);
}

async function openMenu(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name, exact: true })
    .click();
}

test.afterAll(() => setClock(0));

test('SLA: a 1-hour first-response policy for High tickets; overdue once the clock moves on; one mail', async ({
  browser,
}) => {
  // A long journey (axe on each page, waiting for the sweep): more than the default minute.
  test.setTimeout(180_000);
  setClock(0);
  const agent = await pageAs(browser, 'agent@example.com');
  const agentId = await storedUserId(agent);
  const policy = unique('E2E High 1h');

  // The agent defines the policy: High tickets, first response within 1 business hour, 24x7.
  await openMenu(agent, 'SLA policies');
  await expect(agent.getByRole('heading', { level: 1, name: 'SLA policies' })).toBeVisible();
  await expectAccessible(agent);
  await agent.getByRole('button', { name: 'Add policy' }).click();
  const form = agent.getByRole('form', { name: 'New policy' });
  await form.getByLabel('Name').fill(policy);
  await form.getByRole('checkbox', { name: 'High' }).check();
  await form.getByLabel('First response').fill('60');
  await form.getByLabel('Time zone').selectOption('UTC');
  for (const day of [
    'Sunday',
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
  ]) {
    await form.getByRole('checkbox', { name: day }).check();
    await form.getByLabel(`${day} start`).fill('00:00');
    await form.getByLabel(`${day} end`).fill('24:00');
  }
  await expectAccessible(agent);
  await form.getByRole('button', { name: 'Save policy' }).click();
  await expect(toast(agent, 'Policy saved')).toBeVisible();
  // First in the order, ahead of the demo policies.
  const row = agent.getByRole('row').filter({ hasText: policy });
  await expect(row).toBeVisible();
  // One step at a time: each move waits for the list to show it before the next.
  const order = row.getByRole('cell').first();
  for (let at = Number(await order.textContent()); at > 1; at -= 1) {
    await row.getByRole('button', { name: `Move up: ${policy}` }).click();
    await expect(order).toHaveText(String(at - 1));
  }
  await expect(agent.getByRole('row').nth(1)).toContainText(policy);

  // A High ticket, assigned to the agent, shows its due time.
  const subject = unique('Server room too hot');
  await openMenu(agent, 'Raise a ticket');
  await agent.getByLabel('Subject').fill(subject);
  await agent.getByLabel('Description').fill('The air conditioning stopped.');
  await agent.getByLabel('Priority').selectOption({ label: 'High' });
  await agent.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(toast(agent, 'Ticket created')).toBeVisible();
  const id = idFromUrl(agent, 'ticketId');
  const token = await agent.evaluate(() => localStorage.getItem('token'));
  const current = await agent.request.get(`/api/ticket/${id}/`, {
    headers: { authorization: `JWT ${token}` },
  });
  const assigned = await agent.request.put(`/api/ticket/${id}/assign/`, {
    headers: { authorization: `JWT ${token}` },
    data: { assignee_id: agentId, version: (await current.json()).data.version },
  });
  expect(assigned.status()).toBe(200);
  await agent.goto(`/hd_ticket/details?hdTicketId=${id}`);
  const sla = agent.getByRole('region', { name: /Service level/ });
  await expect(sla).toContainText(/Due \d{4}-\d\d-\d\d \d\d:\d\d · Due in (59|60) min|Due in 1 h/);
  await expectAccessible(agent);

  // Two hours later (the test clock), it is overdue in the list and on the dashboard.
  setClock(2 * 60 * 60 * 1000);
  await openMenu(agent, 'Dashboard');
  const overdue = agent.getByRole('link', { name: /^Overdue \(past an SLA target\): \d+$/ });
  await expect(overdue).toBeVisible();
  await expectAccessible(agent);
  await overdue.click();
  await expect(agent).toHaveURL(/\/hd_ticket\?sla=overdue&sort=sla/);
  await agent.getByLabel('Search in subject').fill(subject);
  const ticketRow = agent.getByRole('row').filter({ hasText: subject });
  await expect(ticketRow).toContainText(/Overdue by (59|60) min|Overdue by 1 h/);
  await expectAccessible(agent);

  // The assignee's mail arrives, once (the sweep runs every 2 s; a few more runs send nothing).
  await expect
    .poll(() => escalationMails('agent@example.com', id).length, { timeout: 30_000 })
    .toBe(1);
  // Sweeps that surely ran after it: two more High tickets, each overdue only once the clock has
  // moved on again after that mail, are mailed about by two later sweeps, one after the other.
  for (const hours of [4, 6]) {
    const later = await highTicketAssigned(agent, agentId, unique('Server room still too hot'));
    setClock(hours * 60 * 60 * 1000);
    await expect
      .poll(() => escalationMails('agent@example.com', later).length, { timeout: 30_000 })
      .toBe(1);
  }
  expect(escalationMails('agent@example.com', id)).toHaveLength(1);
  await agent.goto(`/hd_ticket/details?hdTicketId=${id}`);
  const target = agent
    .getByRole('region', { name: /Service level/ })
    .getByRole('definition')
    .first();
  await expect(target).toContainText(/Due \d{4}-\d\d-\d\d \d\d:\d\d · Overdue by/);
  await expectAccessible(agent);
});
