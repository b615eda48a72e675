import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs } from './support/users';

// The audit log: an administrator signs in, changes the log's retention, finds that change with
// its before and after by filtering on its kind, and exports the filtered log as CSV. The
// retention goes back to 365 days at the end; the entries stay (nobody can delete them).
// A loaded machine: axe alone can take 20 s a page (the limit of tests/e2e/automations.spec.ts).
test.describe.configure({ timeout: 300_000 });
test('audit log: a setting change is found with before and after, and exported', async ({
  browser,
}) => {
  const admin = await pageAs(browser, 'agent@example.com');
  const token = await admin.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `JWT ${token}` };
  // A known starting point, so the change below is a change (before: 365).
  const reset = await admin.request.put('/api/audit/settings', {
    headers,
    data: { retention_days: 365 },
  });
  expect(reset.status()).toBe(200);
  const days = String(400 + Math.floor(Math.random() * 500));
  try {
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Audit log', exact: true })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expectAccessible(admin);

    const retention = admin.getByRole('form', { name: 'Retention' });
    const field = retention.getByLabel('Keep entries for (days)');
    await expect(field).toHaveValue('365');
    await field.fill(days);
    await retention.getByRole('button', { name: 'Save retention' }).click();
    await expect(toast(admin, 'Retention saved.')).toBeVisible();

    const filters = admin.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Kind').selectOption('setting.changed');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const log = admin.getByRole('table', { name: 'Audit log' });
    const first = log.locator(':scope > tbody > tr').first();
    await expect(first).toContainText('setting.changed');
    await expect(first).toContainText('agent@example.com');
    await first.getByText('1 change').click();
    const changes = first.getByRole('table', { name: 'Changes of setting.changed' });
    await expect(changes.getByRole('row', { name: /value/ })).toContainText(`365${days}`);
    await expectAccessible(admin);

    const download = admin.waitForEvent('download');
    await filters.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await file.path()) ?? '', 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor,address,kind,target_kind,target_id,outcome,reason,details',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',setting.changed,'))).toBe(true);
    expect(lines[1]).toContain('audit_retention_days');
    expect(lines[1]).toContain(`""value"":""${days}""`);
    await expect(admin.getByText(/^Downloaded audit-log-/)).toBeVisible();

    // The export is in the log too.
    await filters.getByLabel('Kind').selectOption('audit.exported');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(log.locator(':scope > tbody > tr').first()).toContainText('audit.exported');
    await expectAccessible(admin);
  } finally {
    await admin.request.put('/api/audit/settings', { headers, data: { retention_days: 365 } });
    await admin.context().close();
  }
});
