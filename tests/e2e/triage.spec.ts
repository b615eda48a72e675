import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { idFromUrl, pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

// Five tickets worked one after another, axe on each page: longer than the default.
test.describe.configure({ timeout: 240_000 });

test('triage by keyboard: an agent makes a macro, then applies it to five tickets and sends, list to last', async ({
  browser,
  request,
}) => {
  const tag = unique('triage');
  const count = 5;

  // Alice raises five tickets (through the API).
  const aliceToken = await tokenOf(request, 'alice@example.com');
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await request.post('/api/ticket/', {
      headers: { Authorization: `JWT ${aliceToken}` },
      data: {
        subject: `${tag} laptop ${i}`,
        description: '<p>It will not boot.</p>',
        priority_id: 2,
        is_draft: false,
      },
    });
    expect(res.status()).toBe(200);
    ids.push((await res.json()).data.id as number);
  }

  // The agent makes the macro: a reply with the requester's name, and status Pending.
  const agent = await pageAs(browser, 'agent@example.com');
  const macro = unique('Triage waiting');
  await agent.goto('/macros');
  await expect(agent.getByRole('heading', { level: 1, name: 'Macros' })).toBeVisible();
  // A first start's demo has macros to look at already.
  await expect(agent.getByRole('row').filter({ hasText: 'Ask for details' })).toContainText(
    'Pending',
  );
  await expectAccessible(agent);
  await agent.getByRole('button', { name: 'New macro' }).click();
  const form = agent.getByRole('form', { name: 'New macro' });
  await form.getByLabel('Name').fill(macro);
  await form
    .getByLabel('Reply text')
    .fill(`Hello {{requester_name}}, we are on it (${tag}). Please wait for our call.`);
  await form.getByLabel('Set status').selectOption({ label: 'Pending' });
  await expectAccessible(agent);
  await form.getByRole('button', { name: 'Save macro' }).click();
  await expect(agent.getByRole('row').filter({ hasText: macro })).toContainText('Pending');
  await expectAccessible(agent);
  const replyText = `Hello Alice Example, we are on it (${tag}). Please wait for our call.`;

  // The list of those five tickets; from here on, the keyboard only.
  await agent.goto(`/hd_ticket?text=${encodeURIComponent(tag)}`);
  const rows = agent.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(count + 1); // the header and five tickets
  await expectAccessible(agent);
  await agent.keyboard.press('j');
  await agent.keyboard.press('j');
  await agent.keyboard.press('k');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toBeFocused();
  await agent.keyboard.press('Enter');

  const visited: number[] = [];
  for (let n = 1; n <= count; n++) {
    await expect(agent).toHaveURL(/\/hd_ticket\/details\?hdTicketId=\d+/);
    const id = Number(idFromUrl(agent, 'hdTicketId'));
    expect(visited).not.toContain(id);
    visited.push(id);
    await expect(agent.getByRole('heading', { level: 1, name: new RegExp(tag) })).toBeVisible();
    await expect(agent.getByText(`${n} of ${count}`)).toBeVisible();
    const replyBox = region(agent, 'Reply');

    // r: the message box; Tab: "Apply macro"; typing picks the macro; Tab, Enter: Apply.
    await agent.keyboard.press('r');
    await expect(replyBox.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await agent.keyboard.press('Tab');
    const chooser = replyBox.getByLabel('Apply macro');
    await expect(chooser).toBeFocused();
    await agent.keyboard.type(macro);
    await expect(chooser.locator('option:checked')).toHaveText(macro);
    await agent.keyboard.press('Tab');
    await expect(replyBox.getByRole('button', { name: 'Apply', exact: true })).toBeFocused();
    await agent.keyboard.press('Enter');
    await expect(replyBox.getByText(`Macro "${macro}" applied.`)).toBeVisible();
    await expect(replyBox.getByRole('textbox', { name: 'Message' })).toHaveValue(replyText);
    await expect(
      region(agent, 'Properties').getByLabel('Status').locator('option:checked'),
    ).toHaveText('Pending');
    await expectAccessible(agent);

    // Ctrl+Enter sends; ] goes to the next ticket of the list.
    await agent.keyboard.press('Control+Enter');
    await expect(region(agent, 'Conversation').getByText(replyText)).toBeVisible();
    await expect(replyBox.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    if (n < count) await agent.keyboard.press(']');
  }
  expect([...visited].sort()).toEqual([...ids].sort());

  // Each of the five has the macro's reply and is Pending (through the API).
  const agentToken = await tokenOf(request, 'agent@example.com');
  for (const id of ids) {
    const headers = { Authorization: `JWT ${agentToken}` };
    const ticket = await request.get(`/api/ticket/${id}/`, { headers });
    expect((await ticket.json()).data.status_name).toBe('Pending');
    const thread = await request.get(`/api/ticket/${id}/communication/`, { headers });
    const messages = (await thread.json()).data as { body: string; author_name: string }[];
    expect(messages.filter((m) => m.body.includes(replyText))).toHaveLength(1);
  }
});
