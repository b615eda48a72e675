// Answers while a ticket is typed, and answering with articles (docs/suggestions.md), in a
// browser: bob, a requester, types a subject on the raise form and a public demo article is
// suggested below it; he reads it in the side panel (opened by keyboard), closes it with what he
// typed still there, and leaves without raising: the agents' dashboard counts the deflection.
// Then he reads another article before raising a ticket: the agent sees it on the ticket as
// "Viewed before raising", and answers with a third article inserted as a link from the reply
// box, which the thread shows with its public address and "Article sent".
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { toast } from './support/toasts';
import { idFromUrl, pageAs, unique } from './support/users';

// Demo articles (server/help-centre/seed.ts): public, published, in English.
const PASSWORD_ARTICLE = 'Reset your password';
const VPN_ARTICLE = 'Connect to the VPN from home';
const PRINTER_ARTICLE = 'The printer shows "Paper jam"';

// axe runs on about a dozen pages and panels: a busy machine needs time.
test.describe.configure({ timeout: 300_000 });
/** A page reached by a navigation: its first call can take a while on a busy machine. */
const LOADED = { timeout: 30_000 };

async function openMenu(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** The suggestions below the raise form's subject. */
function suggestionsOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Articles that may answer your question' });
}

/** The deflections the dashboard's article card shows for `title` (0 while it is not listed). */
async function deflectionsShown(agent: Page, title: string): Promise<number> {
  const card = agent.getByTestId('article-stats');
  // The card has loaded: either its table or its "no activity" line shows.
  await expect(
    card.getByRole('table').or(card.getByText('No article activity in this period.')),
  ).toBeVisible(LOADED);
  const row = card.getByRole('row').filter({ has: agent.getByRole('rowheader', { name: title }) });
  if (!(await row.count())) return 0;
  // Columns: Article (row header), Views, Deflections, Helpful, Not helpful.
  return Number(await row.getByRole('cell').nth(1).textContent());
}

/**
 * Types `subject` on the raise form, waits for `title` among the suggestions, opens it with the
 * keyboard and checks the side panel (axe included); closes it with `close` and checks that
 * focus is back on the suggestion and the subject is as typed.
 */
async function readSuggestion(
  page: Page,
  subject: string,
  title: string,
  text: string,
  close: 'button' | 'Escape',
): Promise<void> {
  await page.getByLabel('Subject').fill(subject);
  const suggestion = suggestionsOf(page).getByRole('button', { name: title });
  await expect(suggestion).toBeVisible();
  await expectAccessible(page);
  await suggestion.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(text)).toBeVisible();
  await expect(
    panel.getByRole('link', { name: 'Open the full article in a new tab' }),
  ).toHaveAttribute('href', /^\/help\/articles\/\d+/);
  await expectAccessible(page);
  if (close === 'Escape') await page.keyboard.press('Escape');
  else await panel.getByRole('button', { name: 'Close the article' }).click();
  await expect(panel).toBeHidden();
  await expect(suggestion).toBeFocused();
  await expect(page.getByLabel('Subject')).toHaveValue(subject);
}

test('a requester reads a suggested article and leaves without raising: the dashboard counts a deflection', async ({
  browser,
}) => {
  const agent = await pageAs(browser, 'agent@example.com');
  const bob = await pageAs(browser, 'bob@example.com');
  try {
    await openMenu(agent, 'Dashboard');
    const before = await deflectionsShown(agent, PASSWORD_ARTICLE);

    await openMenu(bob, 'Raise a ticket');
    await expect(bob.getByRole('heading', { name: 'Raise a ticket' })).toBeVisible(LOADED);
    await expectAccessible(bob);
    // A sentence, not search terms: "cannot" is in no article.
    const subject = 'I cannot reset my password';
    await readSuggestion(bob, subject, PASSWORD_ARTICLE, 'Forgot password', 'button');

    // The article answered him: he leaves the form without raising the ticket.
    await openMenu(bob, 'My tickets');
    const leave = bob.getByRole('dialog', { name: 'Leave this page? Your changes are not saved.' });
    await expect(leave).toBeVisible();
    await expectAccessible(bob);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(bob.getByRole('heading', { name: 'My tickets', exact: true })).toBeVisible(LOADED);

    // Counts are written in batches (every 5 s): the agent's card shows it after a reload or two.
    await expect
      .poll(
        async () => {
          await agent.reload();
          return deflectionsShown(agent, PASSWORD_ARTICLE);
        },
        { message: `deflections of "${PASSWORD_ARTICLE}" on the dashboard`, timeout: 30_000 },
      )
      .toBe(before + 1);
    await expectAccessible(agent);
  } finally {
    await bob.context().close();
    await agent.context().close();
  }
});

test('a requester reads an article, then raises the ticket: the agent sees what was read and answers with an article link', async ({
  browser,
}) => {
  const bob = await pageAs(browser, 'bob@example.com');
  const agent = await pageAs(browser, 'agent@example.com');
  try {
    await openMenu(bob, 'Raise a ticket');
    await expect(bob.getByRole('heading', { name: 'Raise a ticket' })).toBeVisible(LOADED);
    const subject = unique('The VPN does not connect from home');
    await readSuggestion(bob, subject, VPN_ARTICLE, 'Install the VPN client', 'Escape');
    await bob
      .getByLabel('Description')
      .fill('I followed the article but the client says "timeout".');
    await bob.getByLabel('Priority').selectOption({ label: 'Normal' });
    await bob.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(toast(bob, 'Ticket created')).toBeVisible();
    await expect(bob.getByRole('heading', { name: subject })).toBeVisible(LOADED);
    const ticketId = idFromUrl(bob, 'ticketId');
    // The requester never sees what he read listed on his ticket.
    await expect(bob.getByText(/^Viewed before raising/)).toHaveCount(0);

    // The agent sees which article the requester read before raising it.
    await agent.goto(`/hd_ticket/details?hdTicketId=${ticketId}`);
    await expect(agent.getByRole('heading', { name: subject })).toBeVisible(LOADED);
    await expect(agent.getByTestId('viewed-before-raising')).toHaveText(
      `Viewed before raising: ${VPN_ARTICLE}`,
    );
    await expectAccessible(agent);

    // The agent answers with another article, inserted as a link from the reply box.
    const reply = agent.getByRole('region', { name: 'Reply' });
    await reply.getByRole('button', { name: 'Insert article' }).click();
    const picker = agent.getByRole('dialog', { name: 'Insert an article' });
    await expect(picker).toBeVisible();
    await picker.getByLabel('Search articles').fill('printer paper jam');
    await picker.getByLabel('Search articles').press('Enter');
    const insertLink = picker.getByRole('button', { name: `Insert link: ${PRINTER_ARTICLE}` });
    await expect(insertLink).toBeVisible();
    await expectAccessible(agent);
    await insertLink.click();
    await expect(picker).toBeHidden();
    const message = reply.getByRole('textbox', { name: 'Message' });
    const link = new RegExp(
      `^${PRINTER_ARTICLE.replace(/"/g, '\\"')}: http://[^/]+/help/articles/(\\d+)$`,
    );
    await expect(message).toHaveValue(link);
    const inserted = await message.inputValue();
    const url = inserted.slice(inserted.indexOf('http'));
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(message).toHaveValue('');

    const timeline = agent.getByRole('list', { name: 'Conversation' });
    const sent = timeline.getByRole('listitem').filter({ hasText: url });
    await expect(sent).toBeVisible(LOADED);
    await expect(sent).toContainText(`${PRINTER_ARTICLE}: ${url}`);
    await expect(sent.getByText(`Article sent: ${PRINTER_ARTICLE}`)).toBeVisible();
    await expectAccessible(agent);

    // The address is the article's public help centre page.
    const visitor = await browser.newContext();
    try {
      const page = await visitor.newPage();
      await page.goto(new URL(url).pathname);
      await expect(page.getByRole('heading', { level: 1, name: PRINTER_ARTICLE })).toBeVisible(
        LOADED,
      );
    } finally {
      await visitor.close();
    }
  } finally {
    await bob.context().close();
    await agent.context().close();
  }
});
