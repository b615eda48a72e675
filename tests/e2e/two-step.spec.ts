// Two-step sign-in from the user's side: turn it on in the profile with a code the test computes
// from the secret shown as text, sign out, sign in with a code, then with a recovery code, and
// turn it off again; an administrator then finds each of those in the audit log. A user registered here for the journey, so no other journey's user is
// touched.
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../src/lib/totp';
import { expectInAuditLog } from './support/audit';
import { expectAccessible } from './support/axe';
import { linkFromMail } from './support/mail';
import { logOut, uniqueEmail } from './support/session';

const PASSWORD = 'two step journey password';

/** The code of the step `steps` away from now (one step of drift either way is accepted). */
const codeAt = (secret: string, steps: number) => totpCode(secret, Date.now() + steps * 30_000);

async function password(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

test('turn on two-step sign-in, sign in with a code and with a recovery code, turn it off', async ({
  browser,
  page,
  request,
}) => {
  const email = uniqueEmail('two-step');
  const reg = await request.post('/api/register/', {
    data: { fullname: 'Tess Twostep', email, password: PASSWORD },
  });
  expect(reg.status()).toBe(200);
  const token = new URL(await linkFromMail(email, '/auth/confirm'), 'http://x').searchParams.get(
    'token',
  );
  expect((await request.post('/api/confirm/', { data: { token } })).status()).toBe(200);

  // Password only, as before.
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome, Tess Twostep' })).toBeVisible();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed-in sessions' })).toContainText(
    'This browser',
  );
  await expectAccessible(page);
  const secret = ((await section.getByTestId('two-step-secret').textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const first = section.getByLabel('Code from the app');
  await first.fill(await codeAt(secret, 0));
  await first.press('Enter');
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await expectAccessible(page);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();

  await logOut(page);

  // A code: the one of the next step (the current one was spent turning it on).
  await password(page, email);
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page);
  await code.fill('000000');
  await code.press('Enter');
  await expect(
    page.getByText('This code is not valid, or it has been used already.'),
  ).toBeVisible();
  await code.fill(await codeAt(secret, 1));
  await code.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome, Tess Twostep' })).toBeVisible();
  await logOut(page);

  // A recovery code instead.
  await password(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByLabel('Recovery code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome, Tess Twostep' })).toBeVisible();

  // Off again, with the password and another recovery code (every code step is spent by now).
  await page.goto('/profile');
  await expect(section.getByText('9 recovery codes left.')).toBeVisible();
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel('Code from the app or a recovery code').fill(recovery[1]);
  await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(section.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
  await logOut(page);

  // An administrator finds each step in the audit log.
  await expectInAuditLog(browser, { name: 'Tess Twostep', email }, [
    { kind: 'two_step.on' },
    { kind: 'sign_in.code', text: 'wrong_code' },
    { kind: 'sign_in.code', text: 'recovery_code_used' },
    { kind: 'two_step.off' },
  ]);
});
