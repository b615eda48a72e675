import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { mailsTo } from './support/mail';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

/**
 * axe on the server-rendered rating page: it has its own small stylesheet, not the SPA's
 * Bootstrap build, so support/axe.ts's check for Bootstrap rules the build dropped does not apply.
 */
async function expectRatePageAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

const auth = (token: string) => ({ Authorization: `JWT ${token}` });

/** The Bad link of the survey mail about `subject` (the newest), as a path. */
async function badLinkFor(email: string, subject: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(email).reverse()) {
          if (!mail.includes(subject)) continue;
          const m = mail.match(/https?:\/\/[^\s"<>]*?(\/rate\/[^\s"<>?]+\?r=bad)/);
          if (m) {
            link = m[1];
            return true;
          }
        }
        return false;
      },
      { message: `a survey mail to ${email} about ${subject}`, timeout: 60_000 },
    )
    .toBe(true);
  return link;
}

// The survey is queued by the outbox consumer and sent by the mail job; axe runs on four pages.
test.describe.configure({ timeout: 300_000 });

test('a solved ticket’s survey mail: the Bad link with no session records Bad and a comment; the agent sees both and the charts count it', async ({
  browser,
  request,
}) => {
  const subject = unique('Projector flickers');
  const comment = `It took three days: ${unique('slow')}`;
  const admin = await tokenOf(request, 'agent@example.com');
  const alice = await tokenOf(request, 'alice@example.com');

  const raised = await request.post('/api/ticket/', {
    headers: auth(alice),
    data: { subject, description: '<p>The projector flickers.</p>', priority_id: 2 },
  });
  expect(raised.status(), await raised.text()).toBe(200);
  const { id: ticketId, version } = (await raised.json()).data as { id: number; version: number };

  const agentPage = await pageAs(browser, 'agent@example.com');
  const anonymous = await browser.newContext();
  try {
    // The agent solves it.
    const solved = await request.put(`/api/ticket/${ticketId}/`, {
      headers: auth(admin),
      data: { version, status_id: 4 },
    });
    expect(solved.status(), await solved.text()).toBe(200);

    // Alice's Bad link, opened where nobody is signed in, then a comment.
    const link = await badLinkFor('alice@example.com', subject);
    const rate = await anonymous.newPage();
    await rate.goto(link);
    await expect(rate.getByRole('status')).toContainText('Bad');
    await expect(rate.getByRole('radio', { name: 'Bad' })).toBeChecked();
    await expectRatePageAccessible(rate);
    await rate.getByLabel('Tell us more (optional)').fill(comment);
    await rate.getByRole('button', { name: 'Send' }).click();
    await expect(rate.getByRole('status')).toContainText(
      'Thank you. Your rating and comment were saved.',
    );
    await expectRatePageAccessible(rate);

    // The agent sees the rating and the comment on the ticket.
    await agentPage.goto(`/hd_ticket/details?hdTicketId=${ticketId}`);
    const card = agentPage.getByTestId('satisfaction');
    await expect(card).toContainText('Solve 1: Bad');
    await expect(card).toContainText(comment);
    await expectAccessible(agentPage);

    // The charts count it on its desk and week.
    const today = new Date().toISOString().slice(0, 10);
    await agentPage.goto(`/charts/apex?from=${today}&to=${today}`);
    const byWeek = agentPage.getByRole('table', {
      name: `Satisfaction per week, ${today} to ${today}`,
    });
    await expect(byWeek).toBeVisible();
    const bad = Number(await byWeek.locator('tbody tr').first().locator('td').nth(1).innerText());
    expect(bad).toBeGreaterThanOrEqual(1);
    await expectAccessible(agentPage);
  } finally {
    await request.delete(`/api/ticket/${ticketId}/`, { headers: auth(admin) });
    await anonymous.close();
    await agentPage.context().close();
  }
});
