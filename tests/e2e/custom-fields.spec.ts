import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs } from './support/users';

// Custom fields, as far as issue 42's part has come: an administrator defines a single-choice
// field for tickets, orders it and deletes it after the confirmation. (Raising a ticket with it
// and filtering the list by it follow with the records' values.)
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
