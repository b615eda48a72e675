import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { expectAccessible } from './support/axe';
import { headerOf, mailContaining } from './support/mail';
import { uniqueEmail } from './support/session';
import { toast } from './support/toasts';
import { pageAs, unique } from './support/users';

// scripts/test-e2e.mjs gives `npm start` a free port for its inbound SMTP listener.
const smtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT);

/** Sends a mail by SMTP to the product's inbound listener, as any mail client would. */
async function sendMail(mail: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/** A local port nothing listens on (taken, then let go). */
function refusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

// Mail goes through the job queue both ways; a busy machine needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The details page of a ticket until `check` passes (mail comes in through a job queue). */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 45_000 });
}

test('mail in and out: a mailed ticket, the agent replies, the reply threads, the answer lands on the same ticket', async ({
  browser,
}) => {
  expect(smtpPort, 'E2E_INBOUND_SMTP_PORT (npm run test:e2e sets it)').toBeGreaterThan(0);
  const tag = unique('printer');
  const subject = `${tag} prints blank pages`;
  const requester = uniqueEmail('dana');
  const originalId = `<${tag.replace(/\s+/g, '.')}.original@mail.example.org>`;

  // A requester the product has never seen mails the IT Support address.
  await sendMail({
    from: `Dana Mailer <${requester}>`,
    to: 'support@example.com',
    subject,
    messageId: originalId,
    text: 'The printer on floor 2 prints blank pages since this morning.',
  });

  // The agent finds it in the help desk's list, marked as mail.
  const agent = await pageAs(browser, 'agent@example.com');
  const list = `/hd_ticket?text=${encodeURIComponent(tag.split(' ')[1])}`;
  await agent.goto(list);
  const link = agent.getByRole('link', { name: subject });
  await expect(async () => {
    await agent.reload();
    await expect(link).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  const row = agent.getByRole('row').filter({ has: link });
  await expect(row.getByText('via mail')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Dana Mailer' })).toBeVisible();
  await expectAccessible(agent);

  await link.click();
  await expect(agent).toHaveURL(/\/hd_ticket\/details\?hdTicketId=\d+/);
  const id = new URL(agent.url()).searchParams.get('hdTicketId');
  await expect(agent.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const details = region(agent, 'Details');
  await expect(details.getByText('Came in by')).toBeVisible();
  await expect(details.getByText('Mail', { exact: true })).toBeVisible();
  await expect(agent.getByText('The printer on floor 2 prints blank pages')).toBeVisible();
  // The help desk is a property the agent can change in place (the side panel).
  await expect(
    region(agent, 'Properties').getByLabel('Help desk').locator('option:checked'),
  ).toHaveText('IT Support');
  await expectAccessible(agent);

  // The agent replies from the reply box under the conversation; it goes out by mail.
  const reply = `We replaced the toner ${tag}.`;
  const conversation = region(agent, 'Conversation');
  const replyBox = region(agent, 'Reply');
  await replyBox.getByRole('textbox', { name: 'Message' }).fill(reply);
  await replyBox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(agent, 'Message sent')).toBeVisible();
  await expect(conversation.getByText(reply)).toBeVisible();

  const replyMail = await mailContaining(requester, reply);
  expect(headerOf(replyMail, 'Subject')).toContain(`[#${id}]`);
  expect(headerOf(replyMail, 'In-Reply-To')).toBe(originalId);
  expect(headerOf(replyMail, 'References')).toContain(originalId);
  expect(headerOf(replyMail, 'From')).toContain('support@example.com');
  expect(headerOf(replyMail, 'Auto-Submitted')).toBeNull();
  const replyId = headerOf(replyMail, 'Message-ID');
  expect(replyId).toMatch(/^<.+@.+>$/);

  // The communication log (opened from the side panel) shows that mail, sent.
  await agent.getByRole('button', { name: 'Communication log' }).click();
  const log = region(agent, 'Communication log');
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByRole('row').filter({ hasText: requester })).toContainText('Sent', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expectAccessible(agent);

  // The requester answers from their mail client: In-Reply-To the reply, quoting it.
  const answer = `Thanks, it prints again ${tag}.`;
  await sendMail({
    from: `Dana Mailer <${requester}>`,
    to: 'support@example.com',
    subject: `Re: ${headerOf(replyMail, 'Subject')}`,
    inReplyTo: replyId ?? '',
    references: [originalId, replyId ?? ''],
    text: `${answer}\n\nOn Mon, 23 Nov 2026 at 10:00, IT Support wrote:\n> ${reply}\n`,
  });

  // The agent sees the answer on the same ticket, from the requester's address.
  const answered = conversation.getByRole('listitem').filter({ hasText: answer });
  await reloadUntil(agent, async () => {
    await expect(answered).toBeVisible({ timeout: 5_000 });
  });
  await expect(answered.getByText(`<${requester}>`)).toBeVisible();
  await expect(answered.getByText('via mail')).toBeVisible();
  // The quoted reply is kept but collapsed.
  const toggle = answered.getByRole('button', { name: 'Show quoted text' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(answered).not.toContainText(reply);
  await toggle.focus();
  await agent.keyboard.press('Enter');
  await expect(answered.getByRole('button', { name: 'Hide quoted text' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(answered).toContainText('IT Support wrote');
  await expect(answered).toContainText(reply);
  await expectAccessible(agent);
  expect(new URL(agent.url()).searchParams.get('hdTicketId')).toBe(id);
});

test('mail channels page: an agent edits a desk, a taken address is refused, test connection says what failed', async ({
  browser,
}) => {
  const agent = await pageAs(browser, 'agent@example.com');
  await agent
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', {
      name: 'Mail channels',
    })
    .click();
  await expect(agent).toHaveURL(/\/mail-channels$/);
  await expect(agent.getByRole('heading', { level: 1, name: 'Mail channels' })).toBeVisible();
  const support = region(agent, 'IT Support');
  await expect(support.getByText('support@example.com')).toBeVisible();
  await expect(region(agent, 'HR').getByText('hr@example.com')).toBeVisible();
  await expectAccessible(agent);

  // Facilities takes IT Support's address: refused beside the field, nothing lost.
  const facilities = region(agent, 'Facilities');
  await facilities.getByRole('button', { name: 'Edit Facilities' }).click();
  const address = facilities.getByLabel('Address');
  await expect(address).toBeFocused();
  await address.fill('Support@example.com');
  await address.press('Enter');
  await expect(
    facilities.getByText('Support@example.com is already the address of IT Support.'),
  ).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveValue('Support@example.com');
  await expectAccessible(agent);
  const own = uniqueEmail('facilities');
  await address.fill(own);
  await facilities.getByRole('button', { name: 'Save' }).click();
  await expect(agent.getByText('Mail channel saved')).toBeVisible();
  await expect(facilities.getByText(own)).toBeVisible();

  // IT Support: try a mailbox on a port nothing listens on; the server says what failed.
  const port = await refusedPort();
  await support.getByRole('button', { name: 'Edit IT Support' }).click();
  await support.getByLabel('Poll an IMAP mailbox').check();
  await support.getByLabel('IMAP host').fill('127.0.0.1');
  await support.getByLabel('Port', { exact: true }).fill(String(port));
  await support.getByLabel('Use TLS').uncheck();
  await support.getByLabel('User name').fill('support');
  await support.getByLabel('Password', { exact: true }).fill('not-stored');
  await support.getByRole('button', { name: 'Test connection' }).click();
  const failed = support.getByRole('alert');
  await expect(failed).toContainText('Connection failed');
  await expect(failed).toContainText(`Could not connect to 127.0.0.1:${port}: connection refused`);
  await expectAccessible(agent);
  // Testing saved nothing: cancel leaves the desk as it was.
  await support.getByRole('button', { name: 'Cancel' }).click();
  await expect(support.getByText('Not polled')).toBeVisible();

  // A regular user has no such page.
  const alice = await pageAs(browser, 'alice@example.com');
  await expect(
    alice
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Mail channels' }),
  ).toHaveCount(0);
  await alice.goto('/mail-channels');
  await expect(
    alice.getByRole('heading', { name: 'Sorry! the data you are looking for could not be found' }),
  ).toBeVisible();
});
