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

const auth = (token: string) => ({ Authorization: `JWT ${token}` });

test('an agent filters the ticket list by a single-choice field and a tag, saves the view and shows the field as a column', async ({
  browser,
  request,
}) => {
  // Setup by API: the administrator (the first demo agent) defines a field and a tag; Alice
  // raises three tickets; the field's values and the tag are put on them.
  const admin = await tokenOf(request, 'agent@example.com');
  const alice = await tokenOf(request, 'alice@example.com');
  const agentToken = await tokenOf(request, 'agent2@example.com');
  const stamp = Date.now().toString(36);
  const key = `lane_${stamp}`;
  const label = `Lane ${stamp}`;
  const field = await request.post('/api/custom-fields', {
    headers: auth(admin),
    data: {
      object_type: 'T',
      key,
      type: 'single_choice',
      label_en: label,
      label_es: `Carril ${stamp}`,
      choices: [
        { value: 'fast', label_en: 'Fast lane', label_es: 'Carril rápido' },
        { value: 'slow', label_en: 'Slow lane', label_es: 'Carril lento' },
      ],
    },
  });
  expect(field.status()).toBe(200);
  const fieldId = (await field.json()).data.id as number;
  const tagName = unique('lanes');
  const tag = await request.post('/api/tags/', { headers: auth(admin), data: { name: tagName } });
  const tagId = (await tag.json()).data.id as number;
  const prefix = unique('Lane ticket');
  const ticketIds: number[] = [];
  for (const [n, lane, tagged] of [
    [1, 'fast', true],
    [2, 'fast', false],
    [3, 'slow', true],
  ] as const) {
    const raised = await request.post('/api/ticket/', {
      headers: auth(alice),
      data: { subject: `${prefix} ${n}`, description: '<p>x</p>', priority_id: 2 },
    });
    const { id, version } = (await raised.json()).data as { id: number; version: number };
    ticketIds.push(id);
    const put = await request.put(`/api/ticket/${id}/`, {
      headers: auth(admin),
      data: { version, fields: { [key]: lane } },
    });
    expect(put.status()).toBe(200);
    if (tagged) {
      await request.post(`/api/ticket/${id}/tags/`, {
        headers: auth(admin),
        data: { tag_id: tagId },
      });
    }
  }

  // Agent Two filters the hd list by the field, then by the tag.
  const agent = await pageAs(browser, 'agent2@example.com');
  await agent.goto('/hd_ticket');
  const filters = agent.getByRole('search', { name: 'Filters' });
  await filters.getByLabel('Custom field').selectOption({ label });
  // The box follows the URL (a controlled input): clicked, then checked once the URL has it.
  const fast = filters
    .getByRole('group', { name: `${label}: any of` })
    .getByRole('checkbox', { name: 'Fast lane' });
  await fast.click();
  await expect(fast).toBeChecked();
  await expect(agent).toHaveURL(new RegExp(`cf\\.${key}=any%3Afast`));
  const rows = agent.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3); // the header and both fast-lane tickets
  await expectAccessible(agent);
  const tagInput = filters.getByRole('combobox', { name: 'Filter by tag' });
  await tagInput.fill(tagName.slice(0, 10));
  await agent.getByRole('option', { name: tagName }).click();
  await expect(agent).toHaveURL(/[?&]tags=\d+/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${prefix} 1`);
  await expectAccessible(agent);

  // The field's column, then the view with both filters and the column.
  await agent.getByRole('button', { name: 'Columns' }).click();
  const column = agent
    .getByRole('group', { name: 'Columns' })
    .getByRole('checkbox', { name: label });
  await column.click();
  await expect(column).toBeChecked();
  await expect(agent.getByRole('columnheader', { name: new RegExp(label) })).toBeVisible();
  await expect(rows.nth(1)).toContainText('Fast lane');
  await agent.getByRole('button', { name: 'Columns' }).click();
  await expectAccessible(agent);
  const viewName = unique('Fast lane');
  await agent.getByRole('button', { name: 'Save view' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(viewName);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  const link = agent
    .getByRole('list', { name: 'Saved views' })
    .getByRole('link', { name: viewName });
  await expect(link).toBeVisible();
  await agent.goto('/home');
  await link.click();
  await expect(agent).toHaveURL(new RegExp(`view=\\d+.*cf\\.${key}=`));
  await expect(rows).toHaveCount(2);
  await expect(agent.getByRole('columnheader', { name: new RegExp(label) })).toBeVisible();
  await expectAccessible(agent);

  // Cleanup: the view, the tickets, the tag and the field.
  const views = await request.get('/api/views/', { headers: auth(agentToken) });
  for (const v of (await views.json()).data as { id: number; name: string }[]) {
    if (v.name === viewName)
      await request.delete(`/api/views/${v.id}/`, { headers: auth(agentToken) });
  }
  for (const id of ticketIds) {
    expect((await request.delete(`/api/ticket/${id}/`, { headers: auth(admin) })).status()).toBe(
      200,
    );
  }
  expect((await request.delete(`/api/tags/${tagId}`, { headers: auth(admin) })).status()).toBe(200);
  const gone = await request.delete(`/api/custom-fields/${fieldId}?confirm=true`, {
    headers: auth(admin),
  });
  expect(gone.status()).toBe(200);
});
