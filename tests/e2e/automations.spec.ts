import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { withE2eDatabase } from './support/database';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

const auth = (token: string) => ({ Authorization: `JWT ${token}` });
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

// The pass runs in the server's job workers, and axe runs on four pages: a busy machine needs time.
test.describe.configure({ timeout: 300_000 });

test('an admin builds a time-based rule, sees the pending ticket it matches, runs it, and the ticket is closed with the rule’s note', async ({
  browser,
  request,
}) => {
  const word = unique('stale').replace(' ', '');
  const ruleName = unique('Close pending');
  const templateName = unique('Closed for silence');
  const noteText = `Closed after waiting: ${word}`;
  const admin = await tokenOf(request, 'agent@example.com');
  const alice = await tokenOf(request, 'alice@example.com');

  // Alice's ticket, put in Pending by the agent, pending since two hours ago.
  const raised = await request.post('/api/ticket/', {
    headers: auth(alice),
    data: { subject: `${word} printer waits`, description: '<p>It waits.</p>', priority_id: 2 },
  });
  expect(raised.status()).toBe(200);
  const { id: ticketId, version } = (await raised.json()).data as { id: number; version: number };
  const pending = await request.put(`/api/ticket/${ticketId}/`, {
    headers: auth(admin),
    data: { version, status_id: 3 },
  });
  expect(pending.status(), await pending.text()).toBe(200);
  await withE2eDatabase((db) =>
    db.query(`UPDATE records SET status_changed_at = now() - interval '2 hours' WHERE id = $1`, [
      ticketId,
    ]),
  );
  // The note's template.
  const template = await request.post('/api/templates', {
    headers: auth(admin),
    data: { name: templateName, subject_en: 'Closed', body_en: `<p>${noteText}</p>` },
  });
  expect(template.status(), await template.text()).toBe(200);
  const templateId = (await template.json()).data.id as number;

  const page = await pageAs(browser, 'agent@example.com');
  try {
    await menuLink(page, 'Time-based rules').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Time-based rules' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add a time-based rule' }).click();
    const form = page.getByRole('form', { name: 'New time-based rule' });
    await form.getByLabel('Name', { exact: true }).fill(ruleName);
    await form.getByLabel('Time condition 1: kind').selectOption('status_for');
    await form.getByLabel('Time condition 1: status').selectOption({ label: 'Pending' });
    await form.getByLabel('Time condition 1: hours').fill('1');
    // Narrowed to this test's ticket: the shared server has other journeys' tickets.
    await form.getByRole('button', { name: 'Add a condition' }).click();
    await form.getByLabel('Condition 1: on').selectOption('subject');
    await form.getByLabel('Condition 1: word or phrase').fill(word);
    await form.getByLabel('Action 1: type').selectOption('set_status');
    await form.getByLabel('Action 1: value').selectOption({ label: 'Closed' });
    await form.getByRole('button', { name: 'Add an action' }).click();
    await form.getByLabel('Action 2: type').selectOption('add_note');
    await form.getByLabel('Action 2: template').selectOption({ label: templateName });

    // Before saving: the preview counts and lists the pending ticket.
    const preview = form.getByRole('region', { name: 'Tickets matching now' });
    await expect(preview).toContainText('1 open ticket matches now:');
    await expect(
      preview.getByRole('link', { name: `#${ticketId} ${word} printer waits` }),
    ).toBeVisible();
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByRole('form', { name: `Edit “${ruleName}”` })).toBeVisible();
    await expect(page.getByRole('cell', { name: ruleName, exact: true })).toBeVisible();

    // Run now queues a pass; the ticket is closed when the worker has run it (asked again if a
    // scheduled pass held the lock at that moment).
    await expect(async () => {
      await page.getByRole('button', { name: `Run now: ${ruleName}` }).click();
      const res = await request.get(`/api/ticket/${ticketId}/`, { headers: auth(admin) });
      expect((await res.json()).data.status_id).toBe(5);
    }).toPass({ intervals: [1_000, 2_000, 5_000], timeout: 90_000 });

    // The ticket shows it closed, and the rule's work and note in its timeline.
    await page.goto(`/hd_ticket/details?hdTicketId=${ticketId}`);
    const history = page.getByRole('region', { name: 'History', exact: true });
    await expect(
      history.getByText(`Rule ${ruleName} changed the status from Pending to Closed`),
    ).toBeVisible();
    // The rule's note: an internal message in the timeline.
    const note = page.getByRole('listitem').filter({ hasText: noteText });
    await expect(note).toBeVisible();
    await expect(note).toContainText('Internal');
    await expectAccessible(page);

    // Clean up through the screen: delete the rule after confirming.
    await menuLink(page, 'Time-based rules').click();
    await page.getByRole('button', { name: `Delete ${ruleName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the time-based rule?' });
    await expect(dialog).toContainText(ruleName);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('cell', { name: ruleName, exact: true })).toHaveCount(0);
  } finally {
    const left = await request.get('/api/automations', { headers: auth(admin) });
    for (const a of ((await left.json()).data ?? []) as { id: number; name: string }[])
      if (a.name === ruleName)
        await request.delete(`/api/automations/${a.id}`, { headers: auth(admin) });
    await request.delete(`/api/ticket/${ticketId}/`, { headers: auth(admin) });
    await request.delete(`/api/templates/${templateId}`, { headers: auth(admin) });
    await page.close();
  }
});
