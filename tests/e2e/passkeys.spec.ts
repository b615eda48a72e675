// Passkeys from the user's side, with Chromium's virtual authenticator (DevTools protocol,
// `WebAuthn` domain): a user registered here adds a passkey in the profile, signs out, signs in
// with the passkey alone, and removes it; an administrator then finds that sign-in in the audit
// log. The relying party treats the loopback PUBLIC_URL as `localhost`, so the pages are opened
// on http://localhost:<port>.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { linkFromMail } from './support/mail';
import { logOut, uniqueEmail } from './support/session';
import { pageAs } from './support/users';

const PASSWORD = 'passkey journey password';

// axe can take 20 s a page on a loaded machine.
test.describe.configure({ timeout: 300_000 });

test('add a passkey, sign in with it alone, remove it', async ({
  browser,
  page,
  request,
}, testInfo) => {
  const base = new URL(String(testInfo.project.use.baseURL));
  base.hostname = 'localhost';
  const at = (path: string) => new URL(path, base).toString();

  const email = uniqueEmail('passkey');
  const reg = await request.post('/api/register/', {
    data: { fullname: 'Pia Passkey', email, password: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  const token = new URL(await linkFromMail(email, '/auth/confirm'), 'http://x').searchParams.get(
    'token',
  );
  expect((await request.post('/api/confirm/', { data: { token } })).status()).toBe(200);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  try {
    await page.goto(at('/auth/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Welcome, Pia Passkey' })).toBeVisible();

    await page.goto(at('/profile'));
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('No passkeys.')).toBeVisible();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Name').fill('Journey laptop');
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Continue' }).click();
    const list = section.getByRole('list', { name: 'Passkeys' });
    await expect(list.getByText('Journey laptop')).toBeVisible();
    await expect(list.getByText(/never used/)).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    await expectAccessible(page);

    await logOut(page);

    // The passkey alone: no email, no password.
    await page.goto(at('/auth/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // The ceremony and the sign-in's calls on a loaded machine.
    await expect(page.getByRole('heading', { name: 'Welcome, Pia Passkey' })).toBeVisible({
      timeout: 60_000,
    });

    await page.goto(at('/profile'));
    await expect(list.getByText(/last used/)).toBeVisible();
    await list.getByRole('button', { name: 'Remove Journey laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(section.getByText('No passkeys.')).toBeVisible();
    await logOut(page);

    // Removed: the same passkey signs in no more.
    await page.goto(at('/auth/login'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(
      page.getByText('This passkey is not registered for an account here.'),
    ).toBeVisible();
  } finally {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await cdp.send('WebAuthn.disable');
  }

  // An administrator finds the passkey sign-in in the audit log, and the refusal after removal.
  const admin = await pageAs(browser, 'agent@example.com');
  try {
    await admin.goto('/audit-log');
    await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const filters = admin.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Kind').selectOption('passkey.sign_in');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const rows = admin.getByRole('table', { name: 'Audit log' }).locator(':scope > tbody > tr');
    // Newest first: the removed passkey's refusal, which names nobody.
    await expect(rows.first()).toContainText('unknown_credential');
    // Pia's own: the user picker finds her by her address.
    await filters.getByRole('combobox', { name: 'User' }).fill(email);
    await admin.getByRole('option', { name: `Pia Passkey (${email})` }).click();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText('Success');
    await expect(rows.first()).toContainText('"step":"sign-in"');
    await expectAccessible(admin);
  } finally {
    await admin.context().close();
  }
});
