import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

/** What each deletion removes, made through the API so the journey is only the asking. */
async function things(request: APIRequestContext, tag: string) {
  const token = await tokenOf(request, 'agent@example.com');
  const headers = { Authorization: `JWT ${token}` };
  const ok = async (res: APIResponse) => {
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const view = await ok(
    await request.post('/api/views/', {
      headers,
      data: {
        name: `${tag} view`,
        object_type: 'T',
        shared: false,
        filters: {},
        sort: '-created_at',
        columns: [],
      },
    }),
  );
  await ok(
    await request.post('/api/macros/', {
      headers,
      data: { name: `${tag} macro`, body: '<p>Hi</p>' },
    }),
  );
  // A policy after the demo's catch-all one: it never applies, so nothing is recomputed for it.
  await ok(
    await request.post('/api/sla/policies/', {
      headers,
      data: {
        name: `${tag} policy`,
        hd_ids: [2],
        priority_ids: [1],
        first_response_minutes: 60,
        time_zone: 'UTC',
        hours: Array.from({ length: 7 }, () => ({ start: '00:00', end: '24:00' })),
      },
    }),
  );
  await ok(
    await request.put('/api/mail-channel/6/', {
      headers,
      data: { address: `${tag.replace(/\W+/g, '-')}@example.com`, imap: null },
    }),
  );
  await ok(
    await request.post('/api/classification/', {
      headers,
      data: { category_name: `${tag} category`, parent_id: null },
    }),
  );
  const ticket = await ok(
    await request.post('/api/ticket/', {
      headers,
      data: { subject: `${tag} ticket`, description: '<p>With a file.</p>', priority_id: 2 },
    }),
  );
  await ok(
    await request.post(`/api/attachment/T/${ticket.id}`, {
      headers,
      multipart: {
        files: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
      },
    }),
  );
  return { view: view.id, ticket: ticket.id, address: `${tag.replace(/\W+/g, '-')}@example.com` };
}

/**
 * A deletion asks first: the dialog names what goes, Cancel has focus, Escape closes it and
 * nothing is gone; asked again, the confirm button deletes it.
 */
async function asksFirst(
  page: Page,
  open: Locator,
  dialogName: string,
  names: string | RegExp,
  confirm: string,
  still: Locator,
): Promise<void> {
  await open.click();
  let dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(names);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(still).toBeVisible();
  await open.click();
  dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(still).toHaveCount(0);
}

// Six deletions at two sizes, axe on each question: longer than the default.
test.describe.configure({ timeout: 240_000 });

for (const [size, viewport] of [
  ['a wide screen', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${size}, every deletion asks first, naming what goes: a view, a macro, a policy, a mail channel, a category, a file`, async ({
    browser,
    request,
  }) => {
    const tag = unique('Gone');
    const made = await things(request, tag);
    const agent = await pageAs(browser, 'agent@example.com');
    await agent.setViewportSize(viewport);

    await agent.goto(`/hd_ticket?view=${made.view}`);
    const deleteView = agent.getByRole('button', { name: `Delete view ${tag} view` });
    await asksFirst(
      agent,
      deleteView,
      'Delete this view?',
      `The view “${tag} view” is deleted`,
      'Delete view',
      deleteView,
    );
    await expect(agent).not.toHaveURL(/view=/);

    await agent.goto('/macros');
    const macroRow = agent.getByRole('row').filter({ hasText: `${tag} macro` });
    await asksFirst(
      agent,
      macroRow.getByRole('button', { name: `Delete: ${tag} macro` }),
      'Delete',
      `Delete the macro "${tag} macro"?`,
      'Delete',
      macroRow,
    );

    await agent.goto('/sla-policies');
    const deletePolicy = agent.getByRole('button', { name: `Delete ${tag} policy` });
    await asksFirst(
      agent,
      deletePolicy,
      'Delete this policy?',
      `“${tag} policy” is deleted`,
      'Delete',
      deletePolicy,
    );

    await agent.goto('/mail-channels');
    const facilities = agent.getByRole('region', { name: 'Facilities', exact: true });
    await asksFirst(
      agent,
      facilities.getByRole('button', { name: 'Remove the mail channel of Facilities' }),
      'Remove this mail channel?',
      `Mail to ${made.address} no longer becomes tickets in Facilities`,
      'Remove channel',
      facilities.getByText(made.address),
    );
    await expect(facilities.getByText('No address')).toBeVisible();

    await agent.goto('/content-collector-maintenance');
    const deleteCategory = agent.getByRole('button', { name: `Delete ${tag} category` });
    await asksFirst(
      agent,
      deleteCategory,
      'Delete this category?',
      `“${tag} category” will be deleted.`,
      'Delete',
      deleteCategory,
    );

    await agent.goto(`/hd_ticket/details?hdTicketId=${made.ticket}`);
    await expect(agent.getByRole('heading', { level: 1, name: `${tag} ticket` })).toBeVisible();
    const showProperties = agent.getByRole('button', { name: 'Show properties' });
    if (await showProperties.isVisible()) await showProperties.click();
    const deleteFile = agent.getByRole('button', { name: 'Delete notes.txt' });
    await asksFirst(
      agent,
      deleteFile,
      'Delete this file?',
      'notes.txt will be removed from this record.',
      'Delete',
      deleteFile,
    );
  });
}
