// Personal API tokens from the user's side: make one in the profile, call the API with it as a
// script would (Bearer), refused outside its scope, revoke it, and it answers 401. An agent made
// for the journey owns the token, which the journey revokes, so nothing is left behind; an
// administrator then finds the token's creation, refusal and revocation in the audit log.
import { expect, test } from '@playwright/test';
import { expectInAuditLog } from './support/audit';
import { expectAccessible } from './support/axe';
import { createAgent } from './support/database';
import { logIn, uniqueEmail } from './support/session';

test('make an API token, call the API with it, revoke it, and it is refused', async ({
  browser,
  page,
  request,
}) => {
  const email = uniqueEmail('api-tokens');
  await createAgent(email, 'Tomás Token');
  await logIn(page, email);
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No API tokens.')).toBeVisible();
  await section.getByRole('button', { name: 'New token' }).click();
  await section.getByLabel('Name').fill('Journey script');
  await section.getByRole('checkbox', { name: 'Read tickets' }).check();
  await section.getByLabel('Expires in (days)').fill('7');
  await expectAccessible(page);
  await section.getByRole('button', { name: 'Create token' }).click();

  const secretField = section.getByLabel('Token', { exact: true });
  await expect(secretField).toHaveValue(/^hdk_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByText(/it is shown only once/)).toBeVisible();
  await expectAccessible(page);
  const secret = await secretField.inputValue();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);

  const bearer = { authorization: `Bearer ${secret}` };
  const me = await request.get('/api/user/me', { headers: bearer });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.email).toBe(email);
  expect(
    (await request.post('/api/search/ticket/my', { headers: bearer, data: {} })).status(),
  ).toBe(200);
  const write = await request.post('/api/ticket/', {
    headers: bearer,
    data: { subject: 'From a script', description: '<p>x</p>', priority_id: 2 },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe(
    'This API token does not have the tickets:write scope.',
  );

  // The use shows in the list (last used, from which address).
  await page.reload();
  const list = section.getByRole('list', { name: 'API tokens' });
  await expect(list.getByText('Journey script')).toBeVisible();
  await expect(list).toContainText('last used');

  await list.getByRole('button', { name: 'Revoke Journey script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByText('No API tokens.')).toBeVisible();

  const after = await request.get('/api/user/me', { headers: bearer });
  expect(after.status()).toBe(401);

  // An administrator finds the token's life in the audit log.
  await expectInAuditLog(browser, { name: 'Tomás Token', email }, [
    { kind: 'api_token.created' },
    { kind: 'api_token.refused', text: 'tickets:write' },
    { kind: 'api_token.revoked' },
  ]);
});
