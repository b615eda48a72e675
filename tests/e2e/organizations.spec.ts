import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { pageAs, unique } from './support/users';

async function openMenu(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** A call with the page's session; its `data`. */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  data?: object,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `JWT ${token}` },
    data,
  });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The organization the journey made: its members leave it afterwards, pass or fail. */
let madeId: number | undefined;

// Alice and Bob must not stay colleagues who see each other's tickets: the other journeys expect
// each of them to be a stranger to the other's records.
test.afterAll(async ({ browser }) => {
  if (madeId === undefined) return;
  const agent = await pageAs(browser, 'agent@example.com');
  const { members } = await api<{ members: { id: number }[] }>(
    agent,
    'GET',
    `/api/organizations/${madeId}`,
  );
  for (const m of members) {
    await api(agent, 'DELETE', `/api/organizations/${madeId}/members/${m.id}`);
  }
});

test("Organizations: an agent makes one that shares its tickets; a member reads a colleague's ticket, not another organization's", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = await pageAs(browser, 'agent@example.com');
  const name = unique('E2E Acme');
  const domain = `${unique('acme').replace(/\s+/g, '-').toLowerCase()}.example`;

  // The agent (an administrator) creates the organization with a domain and sharing on.
  await openMenu(agent, 'Organizations');
  await expect(agent.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  await expectAccessible(agent);
  await agent.getByRole('button', { name: 'New organization' }).click();
  const form = agent.getByRole('form', { name: 'New organization' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Mail domains').fill(domain);
  await form.getByLabel("Members see each other's tickets").check();
  await expectAccessible(agent);
  await form.getByRole('button', { name: 'Save' }).click();
  await agent.getByRole('link', { name, exact: true }).click();
  await expect(agent.getByRole('heading', { level: 1, name })).toBeVisible();
  madeId = Number(/\/organizations\/(\d+)/.exec(agent.url())?.[1]);
  expect(madeId).toBeGreaterThan(0);
  await expect(agent.getByLabel('Mail domains')).toHaveValue(domain);

  // ...and adds Alice and Bob.
  const find = agent.getByLabel('Add a member: type a name or an email');
  for (const person of ['Alice Example', 'Bob Example']) {
    await find.fill(person.split(' ')[0]);
    await agent.getByRole('button', { name: `Add ${person}` }).click();
    await expect(agent.getByRole('listitem').filter({ hasText: person })).toBeVisible();
  }
  await expect(agent.getByRole('heading', { name: '2 members' })).toBeVisible();
  await expectAccessible(agent);

  // Bob raises a ticket: its company is his organization.
  const bob = await pageAs(browser, 'bob@example.com');
  const subject = unique('Projector flickers');
  const bobs = await api<{ id: number; company_name: string | null }>(bob, 'POST', '/api/ticket/', {
    subject,
    description: '<p>In room 4.</p>',
    priority_id: 2,
  });
  expect(bobs.company_name).toBe(name);

  // A ticket of another organization that shares its tickets too.
  const other = await api<{ organization: { id: number } }>(agent, 'POST', '/api/organizations', {
    name: unique('E2E Globex'),
    members_see_tickets: true,
  });
  const secret = unique('Globex secret');
  const globex = await api<{ id: number }>(agent, 'POST', '/api/ticket/', {
    subject: secret,
    description: '<p>Not for Acme.</p>',
    priority_id: 2,
    company_id: other.organization.id,
  });

  // Alice finds Bob's ticket in "My organization's tickets" and opens it.
  const alice = await pageAs(browser, 'alice@example.com');
  await openMenu(alice, "My organization's tickets");
  await expect(
    alice.getByRole('heading', { level: 1, name: "My organization's tickets" }),
  ).toBeVisible();
  await expect(alice.getByRole('link', { name: subject })).toBeVisible();
  await expect(alice.getByText(secret)).toHaveCount(0);
  await expectAccessible(alice);
  await alice.getByRole('link', { name: subject }).click();
  await expect(alice.getByRole('heading', { level: 1, name: new RegExp(subject) })).toBeVisible();
  await expectAccessible(alice);

  // Another organization's ticket is not found.
  await alice.goto(`/ticket/my_ticket/details?ticketId=${globex.id}`);
  await expect(
    alice.getByText('Sorry! the data you are looking for could not be found').first(),
  ).toBeVisible();
  await expect(alice.getByText(secret)).toHaveCount(0);
  await expectAccessible(alice);
});
