import { expect, type Browser } from '@playwright/test';
import { expectAccessible } from './axe';
import { pageAs } from './users';

/** One entry an administrator expects to find: its kind, and a text of its row (a reason, a detail). */
export interface AuditEntry {
  kind: string;
  text?: string;
}

/**
 * The demo administrator opens the audit log, picks the person with the user picker and finds
 * each entry among that person's rows.
 */
export async function expectInAuditLog(
  browser: Browser,
  person: { name: string; email: string },
  entries: AuditEntry[],
): Promise<void> {
  const admin = await pageAs(browser, 'agent@example.com');
  try {
    await admin.goto('/audit-log');
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const filters = admin.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByRole('combobox', { name: 'User' }).fill(person.email);
    await admin.getByRole('option', { name: `${person.name} (${person.email})` }).click();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const rows = admin.getByRole('table', { name: 'Audit log' }).locator(':scope > tbody > tr');
    await expect(rows.first()).toContainText(person.email);
    for (const entry of entries) {
      const row = rows.filter({ hasText: entry.kind });
      await expect(
        entry.text ? row.filter({ hasText: entry.text }).first() : row.first(),
      ).toBeVisible();
    }
    await expectAccessible(admin);
  } finally {
    await admin.context().close();
  }
}
