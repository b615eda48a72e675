import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createAgent } from './support/database';
import { DEMO_PASSWORD, uniqueEmail } from './support/session';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

// Two agents in two browsers (docs/api-live.md): one changes a ticket and types a reply; the
// other's list and open ticket follow within 2 s, and show who is replying; a change made in one
// of the other's tabs reaches their list in the other tab.
test('live: a colleague’s change reaches my list and open ticket; I see them replying', async ({
  browser,
  request,
}) => {
  const bobEmail = uniqueEmail('bob-agent');
  await createAgent(bobEmail, 'Bob Agent');
  const subject = unique('Live printer jam');
  const login = await request.post('/api/login', {
    data: { str_username: 'alice@example.com', str_password: DEMO_PASSWORD },
  });
  const aliceToken = (await login.json()).data.token as string;
  const created = await request.post('/api/ticket/', {
    headers: { Authorization: `JWT ${aliceToken}` },
    data: { subject, description: '<p>It jams.</p>', priority_id: 2, is_draft: false },
  });
  expect(created.status()).toBe(200);
  const id = (await created.json()).data.id as number;
  const details = `/hd_ticket/details?hdTicketId=${id}`;

  // Bob: the list in one tab, the ticket in another.
  const bobList = await pageAs(browser, bobEmail);
  await bobList.goto('/hd_ticket');
  const row = bobList.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Normal');
  await expectAccessible(bobList);
  const bobTicket = await bobList.context().newPage();
  await bobTicket.goto(details);
  // Opening pages is slow on a busy machine; only the live updates below are held to 2 s.
  await expect(bobTicket.getByRole('heading', { level: 1, name: subject })).toBeVisible({
    timeout: 30_000,
  });

  // The agent opens it too: Bob sees them viewing.
  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto(details);
  await expect(agent.getByRole('heading', { level: 1, name: subject })).toBeVisible({
    timeout: 30_000,
  });
  const others = bobTicket.getByRole('status', { name: 'Others on this record' });
  await expect(others).toContainText('Agent Example is also viewing');
  await expect(agent.getByRole('status', { name: 'Others on this record' })).toContainText(
    'Bob Agent is also viewing',
  );
  await expectAccessible(agent);

  // The agent raises the priority; Bob's list row and open ticket follow within 2 s.
  await agent.getByRole('button', { name: 'Edit' }).click();
  await agent.locator('#ticket-edit-priority_id').selectOption({ label: 'Urgent' });
  await agent.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(agent, 'Changes saved')).toBeVisible();
  await expect(row).toContainText('Urgent', { timeout: 2000 });
  // The record view's properties panel shows the priority as its in-place select.
  await expect(bobTicket.locator('#record-priority option:checked')).toHaveText('Urgent', {
    timeout: 2000,
  });

  // The agent types a reply: Bob sees it while they type.
  await agent.getByRole('textbox', { name: 'Message' }).pressSequentially('Clearing the jam', {
    delay: 50,
  });
  await expect(others).toContainText('Agent Example is replying…');
  await expectAccessible(bobTicket);
  // Sent: Bob has the reply, and the agent is no longer "replying" (not 3 s later, at once).
  await agent.keyboard.press('Control+Enter');
  await expect(bobTicket.getByText('Clearing the jam')).toBeVisible({ timeout: 2000 });
  await expect(others).not.toContainText('is replying', { timeout: 2000 });
  await expect(others).toContainText('Agent Example is also viewing');

  // The agent leaves: gone from Bob's page within seconds (the leaving tab says so; the
  // server's own expiry, PRESENCE_TTL_MS = 10 s, would be too late for this).
  await agent.goto('/home');
  await expect(others).not.toContainText('Agent Example', { timeout: 5000 });

  // Bob changes it himself in his ticket's tab: his list in the other tab follows that too
  // (only the tab that made a change skips its event).
  await bobTicket.locator('#record-priority').selectOption({ label: 'High' });
  await expect(row).toContainText('High', { timeout: 2000 });
});
