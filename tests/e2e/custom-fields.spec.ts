import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { toast } from './support/toasts';
import { idFromUrl, pageAs, unique } from './support/users';

// Custom fields: an administrator defines a single-choice field for tickets, deactivates and
// deletes it after the confirmation; an agent raises a ticket with a field's value and changes
// it in the side panel; a requester's raise form shows only their fields and requires them.
test('custom fields: an admin defines a single-choice ticket field, deactivates and deletes it', async ({
  browser,
}) => {
  const admin = await pageAs(browser, 'agent@example.com');
  const key = `product_${Date.now()}`;
  const label = `Product ${key.slice(-6)}`;

  await admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Custom fields', exact: true })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
  await expectAccessible(admin);

  await admin.getByRole('button', { name: 'Add a field' }).click();
  const form = admin.getByRole('form', { name: 'New field' });
  await form.getByLabel('Key').fill(key);
  await form.getByLabel('Type').selectOption('single_choice');
  await form.getByRole('button', { name: 'Save field' }).click();
  // The form's own checks, under each field.
  await expect(form.getByText('Label must be 1 to 100 characters.').first()).toBeVisible();
  await expect(
    form.getByText('A choice field needs at least one choice, each value once.'),
  ).toBeVisible();
  await expectAccessible(admin);

  await form.getByLabel('Label (English)').fill(label);
  await form.getByLabel('Label (Spanish)').fill(`Producto ${key.slice(-6)}`);
  await form.getByRole('checkbox', { name: 'Shown to requesters' }).check();
  await form.getByRole('checkbox', { name: 'Editable by requesters' }).check();
  for (const [n, value, en, es] of [
    [1, 'printer', 'Printer', 'Impresora'],
    [2, 'laptop', 'Laptop', 'Portátil'],
  ] as const) {
    await form.getByRole('button', { name: 'Add a choice' }).click();
    await form.getByLabel(`Value ${n}`).fill(value);
    await form.getByLabel(`English label ${n}`).fill(en);
    await form.getByLabel(`Spanish label ${n}`).fill(es);
  }
  await form.getByRole('button', { name: 'Save field' }).click();
  await expect(toast(admin, 'Field saved.')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: key });
  await expect(row).toContainText('Single choice');
  await expect(row).toContainText('Active');

  // Deactivating keeps the field (and its values), hidden.
  await admin.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = admin.getByRole('form', { name: `Edit ${label}` });
  await expect(edit.getByLabel('Key')).toBeDisabled();
  await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
  await edit.getByRole('button', { name: 'Save field' }).click();
  await expect(row).toContainText('Inactive');

  await admin.getByRole('button', { name: `Delete ${label}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`“${label}” is deleted with its values on every record.`);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(admin, 'Field deleted.')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: key })).toHaveCount(0);
});

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

test('custom fields on the raise form and in the side panel, for an agent and a requester', async ({
  browser,
  request,
}) => {
  const adminToken = await tokenOf(request, 'agent@example.com');
  const headers = { Authorization: `JWT ${adminToken}` };
  const stamp = Date.now().toString(36);
  const label = `Device ${stamp}`;
  const secret = `Asset tag ${stamp}`;
  const defined = await Promise.all([
    request.post('/api/custom-fields', {
      headers,
      data: {
        object_type: 'T',
        key: `device_${stamp}`,
        type: 'single_choice',
        label_en: label,
        label_es: `Dispositivo ${stamp}`,
        help_en: 'The device that fails.',
        shown_to_requesters: true,
        editable_by_requesters: true,
        required_when_raising: true,
        choices: [
          { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
          { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
        ],
      },
    }),
    request.post('/api/custom-fields', {
      headers,
      data: {
        object_type: 'T',
        key: `asset_${stamp}`,
        type: 'text',
        label_en: secret,
        label_es: `Etiqueta ${stamp}`,
      },
    }),
  ]);
  const fieldIds: number[] = [];
  for (const res of defined) {
    expect(res.status()).toBe(200);
    fieldIds.push((await res.json()).data.id as number);
  }
  const ticketIds: string[] = [];
  let tagId: number | undefined;
  const tag = `cf-${stamp}`;

  try {
    // An agent raises a ticket with a value of the field.
    const agent = await pageAs(browser, 'agent@example.com');
    await agent.goto('/ticket/input');
    await expect(agent.getByRole('heading', { level: 1, name: 'Raise a ticket' })).toBeVisible();
    const subject = unique('Device field');
    await agent.getByLabel('Subject').fill(subject);
    await agent.getByLabel('Description').fill('The screen flickers.');
    await agent.getByLabel('Priority').selectOption({ label: 'High' });
    await expect(agent.getByLabel(secret)).toBeVisible();
    await agent.getByLabel(label).selectOption({ label: 'Printer' });
    await expectAccessible(agent);
    await agent.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(toast(agent, 'Ticket created')).toBeVisible();
    await expect(agent.getByRole('heading', { name: subject })).toBeVisible();
    ticketIds.push(idFromUrl(agent, 'ticketId'));

    // The side panel shows it; the agent tags the ticket and changes the field in place.
    const fields = agent.getByRole('region', { name: 'Fields' });
    await expect(fields.getByLabel(label)).toHaveValue('printer');
    const tags = agent.getByRole('region', { name: 'Tags' });
    const input = tags.getByRole('combobox', { name: 'Add a tag' });
    await input.fill(tag);
    await input.press('Enter');
    await expect(tags.getByRole('list', { name: 'Tags' }).getByText(tag)).toBeVisible();
    await fields.getByLabel(label).selectOption({ label: 'Laptop' });
    await fields.getByRole('button', { name: 'Save fields' }).click();
    await expect(fields.getByRole('button', { name: 'Save fields' })).toHaveCount(0);
    await expect(fields.getByLabel(label)).toHaveValue('laptop');
    await expectAccessible(agent);
    const saved = await request.get(`/api/ticket/${ticketIds[0]}/`, { headers });
    const record = (await saved.json()).data;
    expect(record.fields).toEqual({ [`device_${stamp}`]: 'laptop' });
    tagId = (record.tags as { id: number; name: string }[]).find((t) => t.name === tag)?.id;

    // A requester sees only the fields shown to them, and the required one is required.
    const alice = await pageAs(browser, 'alice@example.com');
    await alice.goto('/ticket/input');
    await expect(alice.getByRole('heading', { level: 1, name: 'Raise a ticket' })).toBeVisible();
    await expect(alice.getByLabel(label)).toBeVisible();
    await expect(alice.getByLabel(secret)).toHaveCount(0);
    await alice.getByLabel('Subject').fill(unique('Requester device'));
    await alice.getByLabel('Description').fill('It does not start.');
    await alice.getByLabel('Priority').selectOption({ label: 'Low' });
    await alice.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(alice.getByLabel(label)).toHaveAccessibleDescription(
      'This field is required. The device that fails.',
    );
    await expectAccessible(alice);
  } finally {
    for (const id of ticketIds) await request.delete(`/api/ticket/${id}/`, { headers });
    if (tagId !== undefined) await request.delete(`/api/tags/${tagId}`, { headers });
    for (const id of fieldIds) {
      await request.delete(`/api/custom-fields/${id}?confirm=true`, { headers });
    }
  }
});
