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

/** Alice raises a ticket and adds replies to it (through the API). */
async function raise(
  request: APIRequestContext,
  token: string,
  subject: string,
  replies: string[] = [],
): Promise<number> {
  const headers = { Authorization: `JWT ${token}` };
  const res = await request.post('/api/ticket/', {
    headers,
    data: { subject, description: '<p>It jams.</p>', priority_id: 2, is_draft: false },
  });
  expect(res.status()).toBe(200);
  const id = (await res.json()).data.id as number;
  for (const body of replies) {
    const reply = await request.post(`/api/ticket/${id}/communication/`, {
      headers,
      data: { body: `<p>${body}</p>` },
    });
    expect(reply.status()).toBe(200);
  }
  return id;
}

const rows = (page: Page) => page.getByRole('table').getByRole('row');

test('an agent merges two tickets from the list, then splits a message out into a new ticket', async ({
  browser,
  request,
}) => {
  const tag = unique('merge');
  const alice = await tokenOf(request, 'alice@example.com');
  const first = await raise(request, alice, `${tag} printer jams (web)`);
  const second = await raise(request, alice, `${tag} printer jams (mail)`, ['Paper tray two.']);

  // The list: tick both, Merge…, keep the first.
  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto(`/hd_ticket?text=${encodeURIComponent(tag)}`);
  await expect(rows(agent)).toHaveCount(3);
  await agent.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const bar = agent.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Merge…' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Merge 2 tickets' });
  await dialog
    .getByLabel('The ticket to keep (the others merge into it)')
    .selectOption({ value: String(first) });
  await expectAccessible(agent);
  await dialog.getByRole('button', { name: 'Merge' }).click();

  // The kept ticket opens with the other's thread, marked.
  await expect(agent).toHaveURL(new RegExp(`hdTicketId=${first}$`));
  await expect(
    agent.getByRole('heading', { level: 1, name: `${tag} printer jams (web)` }),
  ).toBeVisible();
  const moved = agent.getByTestId('timeline-message').filter({ hasText: 'Paper tray two.' });
  await expect(moved.getByText(`Merged from #${second}`)).toBeVisible();
  await expectAccessible(agent);

  // The merged ticket's old address shows the one it went into.
  await agent.goto(`/hd_ticket/details?hdTicketId=${second}`);
  await expect(agent).toHaveURL(new RegExp(`hdTicketId=${first}$`));

  // Split the moved message out into a ticket of its own.
  await moved.getByRole('button', { name: /^Split out this message/ }).click();
  const split = agent.getByRole('dialog', { name: 'Split this message out into a new ticket' });
  await split.getByLabel('Subject of the new ticket').fill(`${tag} paper tray`);
  await expectAccessible(agent);
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: `${tag} paper tray` })).toBeVisible();
  await expect(agent.getByText('Paper tray two.').first()).toBeVisible();
  await expectAccessible(agent);
});
