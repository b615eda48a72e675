import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

/** Calls the API with the page's own session. */
async function apiCall(
  page: Page,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  data?: object,
) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `JWT ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return (await res.json()).data;
}

// Article review: an agent writes an article and submits it; a reviewer (another agent) approves
// it from "To review"; the author edits it twice (each edit a version waiting in review while
// the published text stays), compares two versions with their changes marked and restores one.
// The article is deleted at the end.
test('article review: submit, approve from To review, compare and restore versions', async ({
  browser,
}) => {
  const author = await pageAs(browser, 'agent2@example.com');
  const reviewer = await pageAs(browser, 'agent@example.com');
  const title = unique('Reset the VPN token');
  let id: number | undefined;
  try {
    const created = await apiCall(author, 'POST', '/api/content/', {
      title,
      body: '<p>Open the old portal and press Reset.</p>',
      content_type_id: 1,
      is_draft: true,
      version_note: 'First draft',
    });
    id = created.id as number;
    await author.goto(`/hd_content/details?hdContentId=${id}`);
    const panel = author.getByRole('region', { name: 'Review and versions' });
    await expect(panel.getByTestId('review-state')).toHaveText('Draft');
    await expectAccessible(author);
    await panel.getByRole('button', { name: 'Submit for review' }).click();
    await expect(toast(author, 'Submitted for review.')).toBeVisible();
    await expect(panel.getByTestId('review-state')).toHaveText('In review');

    // The reviewer finds it in To review and approves it.
    await reviewer
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'To review', exact: true })
      .click();
    await expect(reviewer.getByRole('heading', { level: 1, name: 'To review' })).toBeVisible();
    await expectAccessible(reviewer);
    await reviewer.getByRole('link', { name: title }).click();
    const reviewPanel = reviewer.getByRole('region', { name: 'Review and versions' });
    await reviewPanel.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(reviewer, 'Approved and published.')).toBeVisible();
    await expect(reviewPanel.getByTestId('review-state')).toHaveText('Published');
    await expectAccessible(reviewer);

    // Two edits: each a version in review; the record keeps the published text.
    for (const [body, note] of [
      ['<p>Open the new portal and press Reset.</p>', 'New portal'],
      ['<p>Open the new portal, press Reset and wait a minute.</p>', 'Say to wait'],
    ]) {
      const current = await apiCall(author, 'GET', `/api/content/${id}/`);
      const saved = await apiCall(author, 'PUT', `/api/content/${id}/`, {
        version: current.version,
        body,
        version_note: note,
      });
      expect(saved.body).toBe('<p>Open the old portal and press Reset.</p>');
    }
    await author.reload();
    await expect(panel.getByText('A new version is in review')).toBeVisible();
    await expect(panel.getByText('Say to wait')).toBeVisible();

    // Compare version 1 with version 3: removals and additions are marked.
    await panel.getByLabel(/^Version 1\b/).check();
    await panel.getByLabel(/^Version 3\b/).check();
    await panel.getByRole('button', { name: 'Compare the two versions' }).click();
    const compare = author.getByTestId('version-compare');
    await expect(compare.locator('del')).toContainText(['old']);
    await expect(compare.locator('ins').first()).toContainText('new');
    await expectAccessible(author);

    // Restore version 1: after the confirmation it is version 4, waiting for review.
    await panel.getByRole('button', { name: 'Restore version 1' }).click();
    const dialog = author.getByRole('dialog', { name: 'Restore version 1?' });
    await expectAccessible(author);
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await expect(toast(author, 'The version is restored as a new version.')).toBeVisible();
    await expect(panel.getByText('Restored from version 1')).toBeVisible();
    await expect(panel.getByLabel(/^Version 4\b/)).toBeVisible();
  } finally {
    if (id !== undefined) await apiCall(reviewer, 'DELETE', `/api/content/${id}/`);
    await author.close();
    await reviewer.close();
  }
});

// Translations: an agent sets an article's language and links its English version from the
// content item's "Language and translation" card; the public help centre then leads a Spanish
// visitor of the English article to the Spanish one.
test('article language and translation: set on the card, followed by the help centre', async ({
  browser,
}) => {
  const agent = await pageAs(browser, 'agent@example.com');
  const enTitle = unique('Reset the guest Wi-Fi');
  const esTitle = unique('Restablecer el wifi de invitados');
  const ids: number[] = [];
  try {
    for (const title of [enTitle, esTitle]) {
      const created = await apiCall(agent, 'POST', '/api/content/', {
        title,
        body: '<p>Open the portal.</p>',
        content_type_id: 1,
        is_draft: true,
      });
      const id = created.id as number;
      ids.push(id);
      await apiCall(agent, 'POST', `/api/content/${id}/submit`);
      await apiCall(agent, 'POST', `/api/content/${id}/approve`, {});
      const current = await apiCall(agent, 'GET', `/api/content/${id}/`);
      await apiCall(agent, 'PUT', `/api/content/${id}/public/`, {
        is_public: true,
        version: current.version,
      });
    }
    const [en, es] = ids;
    await agent.goto(`/hd_content/details?hdContentId=${es}`);
    const card = agent.getByRole('region', { name: 'Language and translation' });
    await card.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(toast(agent, 'The language is saved.')).toBeVisible();
    await card.getByRole('searchbox', { name: 'Find its translation by title' }).fill(enTitle);
    await card.getByRole('button', { name: `Link ${enTitle} as the translation` }).click();
    await expect(toast(agent, 'The translation is linked.')).toBeVisible();
    await expect(card.getByRole('link', { name: `${enTitle} (English)` })).toBeVisible();
    await expectAccessible(agent);

    // A Spanish visitor of the English article is led to the Spanish one.
    await agent.goto(`/help/articles/${en}?lang=es`);
    await expect(agent.getByText('Este artículo también está en su idioma:')).toBeVisible();
    await expect(agent.getByRole('link', { name: esTitle })).toHaveAttribute(
      'href',
      new RegExp(`^/help/articles/${es}-`),
    );
    await expectAccessible(agent);
  } finally {
    for (const id of ids) await apiCall(agent, 'DELETE', `/api/content/${id}/`);
    await agent.close();
  }
});
