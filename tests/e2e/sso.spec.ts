import { expect, test } from '@playwright/test';
import { startTestProvider } from '../../server/test/sso/oidc-provider';
import { expectInAuditLog } from './support/audit';
import { expectAccessible } from './support/axe';
import { withE2eDatabase } from './support/database';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

// Single sign-on: an administrator configures the OpenID provider this journey starts
// in-process (the e2e server allows 127.0.0.1 over http through SSO_ALLOW_HOSTS), then a new
// person of the provider's mail domain types their address on the login page, is sent to the
// provider (which signs them in at once) and lands signed in with a new account. The provider,
// the account and the provider's settings are removed at the end.
test('single sign-on: a new person of an SSO domain signs in through the provider', async ({
  browser,
  baseURL,
}) => {
  // Six axe checks over four pages and a trip through the provider: as long as sla.spec.ts's.
  test.setTimeout(180_000);
  const idp = await startTestProvider(`${baseURL}/api/sso/`);
  const domain = `${unique('sso')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}.example.org`;
  const email = `nora.newcomer@${domain}`;
  idp.signInAs({ sub: unique('sub'), email, email_verified: true, name: 'Nora Newcomer' });
  const label = unique('Company sign-in');

  const admin = await pageAs(browser, 'agent@example.com');
  try {
    await admin
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Single sign-on', exact: true })
      .click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Add a provider' }).click();
    const form = admin.getByRole('form', { name: 'New sign-in provider' });
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByRole('button', { name: 'Test discovery' }).click();
    await expect(form.getByText(`The provider answers: ${idp.issuer}`)).toBeVisible();
    await form.getByLabel('Client id').fill(idp.clientId);
    await form.getByLabel('Button label').fill(label);
    await form.getByLabel('Mail domains').fill(domain);
    await form.getByLabel('Create accounts on a first sign-in').selectOption('user');
    await form.getByRole('button', { name: 'Save' }).click();
    // The secret is required: its message stands beside the field.
    await expect(form.getByText('Client secret is required.')).toBeVisible();
    await expectAccessible(admin);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'The provider is saved.')).toBeVisible();
    await expect(admin.getByRole('cell', { name: label, exact: true })).toBeVisible();

    // The newcomer: their address sends them to the provider, which brings them back signed in.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect(page.getByRole('link', { name: `Continue with ${label}` })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').blur();
    await expect(page.getByText(`Your organization signs in with ${label}.`)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: `Continue with ${label}` }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Nora Newcomer' })).toBeVisible();
    await expect(page).not.toHaveURL(/code=/);
    await expectAccessible(page);
    await context.close();
    await expectInAuditLog(browser, { name: 'Nora Newcomer', email }, [{ kind: 'sso.sign_in' }]);

    // Delete the provider, confirmed first.
    await admin.getByRole('button', { name: `Delete ${label}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete this provider?' });
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(admin, 'The provider is deleted.')).toBeVisible();
    await expect(admin.getByRole('cell', { name: label, exact: true })).toHaveCount(0);
  } finally {
    await admin.context().close();
    await withE2eDatabase(async (client) => {
      await client.query(`DELETE FROM sso_providers WHERE label = $1`, [label]);
      await client.query(`DELETE FROM users WHERE lower(email) = lower($1)`, [email]);
    });
    await idp.close();
  }
});
