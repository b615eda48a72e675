// The public help centre from both sides: an agent shows a content item (written in Spanish, made
// and approved through the API) in the help centre with the record page's button; an anonymous
// visitor, in a browser of their own, finds it on /help by a Spanish search for another form of
// one of its words, opens it and answers "Yes"; the agent sees the vote on the record page. The
// item is taken out of the help centre and deleted at the end.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

const auth = (token: string) => ({ Authorization: `JWT ${token}` });

// axe runs on five pages: a busy machine needs time.
test.describe.configure({ timeout: 300_000 });

test('an agent shows an article in the help centre, a visitor finds it in Spanish and votes, the agent sees the vote', async ({
  browser,
  request,
}) => {
  const title = unique('Cómo descalcificar la cafetera del vestíbulo');
  const agent = await tokenOf(request, 'agent@example.com');
  const author = await tokenOf(request, 'agent2@example.com');
  const made = await request.post('/api/content/', {
    headers: auth(author),
    data: {
      title,
      body: '<p>Para descalcificar la cafetera, llene el depósito con vinagre y agua caliente.</p>',
      content_type_id: 1,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { id } = (await made.json()).data as { id: number };
  const approved = await request.post(`/api/content/${id}/approve`, {
    headers: auth(agent),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const page = await pageAs(browser, 'agent@example.com');
  const visitorContext = await browser.newContext();
  try {
    await page.goto(`/hd_content/details?hdContentId=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Show in help centre' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Show this content in the public help centre?',
    });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('button', { name: 'Remove from help centre' })).toBeVisible();
    await expect(page.getByTestId('help-centre-totals')).toHaveText(
      'Help centre: 0 views, 0 helpful, 0 not helpful',
    );
    await expectAccessible(page);

    // A visitor without an account: "cafeteras" finds the article that says "cafetera".
    const visitor = await visitorContext.newPage();
    await visitor.goto('/help');
    await expectAccessible(visitor);
    const search = visitor.getByRole('search');
    await search.getByLabel('Search the help centre').fill('cafeteras');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(visitor).toHaveURL(/\/help\/search\?q=cafeteras/);
    const hit = visitor.getByRole('link', { name: title });
    await expect(hit).toBeVisible();
    await expectAccessible(visitor);
    await hit.click();
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('llene el depósito con vinagre')).toBeVisible();
    await expectAccessible(visitor);
    const vote = visitor.getByRole('group', { name: 'Was this helpful?' });
    await vote.getByRole('button', { name: 'Yes' }).click();
    await expect(visitor.getByText('Thank you for your feedback.')).toBeVisible();
    await expectAccessible(visitor);

    // The agent's record page counts the vote.
    await page.reload();
    await expect(page.getByTestId('help-centre-totals')).toContainText('1 helpful, 0 not helpful');
  } finally {
    await visitorContext.close();
    await page.context().close();
    const current = await request.get(`/api/content/${id}/`, { headers: auth(agent) });
    const version = ((await current.json()).data as { version: number }).version;
    await request.put(`/api/content/${id}/public/`, {
      headers: auth(agent),
      data: { is_public: false, version },
    });
    const gone = await request.delete(`/api/content/${id}/`, { headers: auth(agent) });
    expect(gone.status()).toBe(200);
  }
});
