import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

const FACILITIES = 6;

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** An API call as the page's signed-in user. */
async function api(page: Page, method: 'GET' | 'PUT' | 'POST', url: string, data?: object) {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `JWT ${await tokenOf(page)}` },
    data,
  });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return ((await res.json()) as { data: unknown }).data;
}

test('automatic assignment: an admin sets round-robin, an agent goes away, a new ticket goes to the available agent', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await pageAs(browser, 'agent@example.com');
  const agent2 = await pageAs(browser, 'agent2@example.com');
  const alice = await pageAs(browser, 'alice@example.com');
  // Facilities is worked by the two demo agents only, whoever else other journeys made.
  const agents = (await api(admin, 'GET', '/api/agents/')) as { id: number; fullname: string }[];
  const ids = agents
    .filter((a) => ['Agent Example', 'Agent Two'].includes(a.fullname))
    .map((a) => a.id);
  expect(ids).toHaveLength(2);
  await api(admin, 'PUT', `/api/admin/helpdesks/${FACILITIES}/`, {
    restricted: true,
    member_ids: ids,
  });

  try {
    // The administrator sets Facilities to round-robin from the Administration menu.
    const menu = admin.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Automatic assignment', exact: true }).click();
    await expect(
      admin.getByRole('heading', { level: 1, name: 'Automatic assignment' }),
    ).toBeVisible();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Edit assignment: Facilities', exact: true }).click();
    const form = admin.getByRole('form', { name: 'Assignment for Facilities', exact: true });
    await form.getByRole('combobox', { name: 'Rule' }).selectOption('round_robin');
    await expectAccessible(admin);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(admin, 'Assignment rule saved.')).toBeVisible();
    const desks = admin.getByRole('table', { name: 'Ticket desks' });
    await expect(desks.getByRole('row').filter({ hasText: 'Facilities' })).toContainText(
      'Round-robin',
    );

    // Agent Two sets themselves away on their profile, by keyboard.
    await agent2.goto('/profile');
    const card = agent2.getByRole('region', { name: 'Availability' });
    await expect(card.getByText('You are available for automatic assignment.')).toBeVisible();
    await card.getByRole('button', { name: 'Set yourself away' }).focus();
    await agent2.keyboard.press('Enter');
    await expect(card.getByText('You are away: automatic assignment skips you.')).toBeVisible();
    await expectAccessible(agent2);

    // The administrator sees it.
    await admin.reload();
    const availability = admin.getByRole('table', { name: "Agents' availability" });
    await expect(availability.getByRole('row').filter({ hasText: 'Agent Two' })).toContainText(
      'Away',
    );
    await expectAccessible(admin);

    // Alice raises two Facilities tickets: both go to Agent Example, the one available.
    const subjects = [unique('Broken chair'), unique('Cold office')];
    const made = [];
    for (const subject of subjects) {
      made.push(
        (await api(alice, 'POST', '/api/ticket/', {
          subject,
          description: 'Please have a look.',
          priority_id: 2,
          hd_id: FACILITIES,
        })) as { id: number; assignee_name: string | null },
      );
    }
    expect(made.map((t) => t.assignee_name)).toEqual(['Agent Example', 'Agent Example']);

    // The ticket says who has it and that the desk's rule chose them.
    await admin.goto(`/hd_ticket/details?hdTicketId=${made[0].id}`);
    await expect(admin.getByText(subjects[0]).first()).toBeVisible();
    await expect(
      admin
        .getByRole('region', { name: 'History', exact: true })
        .getByText("Assigned to Agent Example by the help desk's rule"),
    ).toBeVisible();
    await expectAccessible(admin);

    // Agent Two comes back.
    await agent2.goto('/profile');
    await agent2.getByRole('button', { name: "I'm back" }).click();
    await expect(agent2.getByText('You are available for automatic assignment.')).toBeVisible();
  } finally {
    // As the other journeys expect: the rule off, the desk open, everyone available.
    await api(agent2, 'PUT', '/api/user/me/availability', { away: false });
    await api(admin, 'PUT', `/api/admin/assignment/${FACILITIES}/`, {
      mode: 'off',
      away_hours: null,
      away_action: 'queue',
    });
    await api(admin, 'PUT', `/api/admin/helpdesks/${FACILITIES}/`, {
      restricted: false,
      member_ids: [],
    });
  }
});
