import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { expectAccessible } from './support/axe';
import { headerOf, mailContaining } from './support/mail';
import { DEMO_PASSWORD } from './support/session';
import { pageAs, unique } from './support/users';

// scripts/test-e2e.mjs gives `npm start` a free port for its inbound SMTP listener.
const smtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT);

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

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', {
    data: { str_username: email, str_password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
}

const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

// Mail comes in and the rule's mail goes out through the job queue: a busy machine needs time.
test.describe.configure({ timeout: 180_000 });

test('an admin builds a trigger with a template, tests it, and a mail from acme gets its work and an automatic acknowledgement', async ({
  browser,
  request,
}) => {
  expect(smtpPort, 'E2E_INBOUND_SMTP_PORT (npm run test:e2e sets it)').toBeGreaterThan(0);
  const word = unique('keyboard').replace(' ', '');
  const tag = unique('vip');
  const templateName = unique('Acme acknowledgement');
  const triggerName = unique('Mail from acme');

  // A ticket to test against: Alice's, whose subject has the word but who is not at Acme.
  const aliceToken = await tokenOf(request, 'alice@example.com');
  const aliceSubject = `${word} sticks on Alice's desk`;
  const raised = await request.post('/api/ticket/', {
    headers: { Authorization: `JWT ${aliceToken}` },
    data: {
      subject: aliceSubject,
      description: '<p>It sticks.</p>',
      priority_id: 2,
      is_draft: false,
    },
  });
  const aliceTicket = (await raised.json()).data.id as number;

  // The administrator (the first demo agent) makes the tag the rule adds.
  const admin = await pageAs(browser, 'agent@example.com');
  await menuLink(admin, 'Tags').click();
  await admin.getByLabel('New tag').fill(tag);
  await admin.getByRole('button', { name: 'Create tag' }).click();
  await expect(admin.getByRole('cell', { name: tag, exact: true })).toBeVisible();

  // The acknowledgement template, its placeholders inserted, previewed with Alice's ticket.
  await menuLink(admin, 'Mail templates').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Mail templates' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Add a template' }).click();
  const editor = admin.getByRole('form', { name: 'New template' });
  await editor.getByLabel('Name', { exact: true }).fill(templateName);
  await editor.getByLabel('Subject (English)').fill('We got it: ');
  await admin.getByRole('button', { name: 'Insert {{ticket.subject}}' }).click();
  await editor.getByLabel('Body (English)').fill('Thank you for your mail, ');
  await admin.getByRole('button', { name: 'Insert {{requester.name}}' }).click();
  await editor.getByLabel('Subject (Spanish)').fill('Lo recibimos: {{ticket.subject}}');
  await editor.getByLabel('Body (Spanish)').fill('Gracias por su correo, {{requester.name}}');
  await expect(editor.getByLabel('Subject (English)')).toHaveValue('We got it: {{ticket.subject}}');
  await admin.getByLabel('Ticket number').fill(String(aliceTicket));
  await admin.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = admin.getByRole('region', { name: 'Preview result' });
  await expect(preview).toContainText(`Subject: We got it: ${aliceSubject}`);
  await expect(preview).toContainText('Thank you for your mail, Alice Example');
  await expectAccessible(admin);
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(admin.getByRole('cell', { name: templateName, exact: true })).toBeVisible();

  // The trigger: created tickets of Acme's people with the word → High, the tag, the mail.
  await menuLink(admin, 'Triggers').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Triggers' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Add a trigger' }).click();
  const form = admin.getByRole('form', { name: 'New trigger' });
  await form.getByLabel('Name', { exact: true }).fill(triggerName);
  await form.getByLabel('When it runs').selectOption('ticket_created');
  await form.getByRole('button', { name: 'Add a condition' }).click();
  await form.getByLabel('Condition 1: on').selectOption('requester_organization');
  await form.getByLabel('Condition 1: value').selectOption({ label: 'Acme Corp' });
  await form.getByRole('button', { name: 'Add a condition' }).click();
  await form.getByLabel('Condition 2: on').selectOption('subject');
  await form.getByLabel('Condition 2: word or phrase').fill(word);
  await form.getByLabel('Action 1: type').selectOption('set_priority');
  await form.getByLabel('Action 1: value').selectOption({ label: 'High' });
  await form.getByRole('button', { name: 'Add an action' }).click();
  await form.getByLabel('Action 2: type').selectOption('add_tags');
  const tags = form.getByRole('combobox', { name: 'Action 2: tags' });
  await tags.fill(tag);
  await expect(admin.getByRole('option', { name: tag })).toBeVisible();
  await tags.press('ArrowDown');
  await tags.press('Enter');
  await expect(form.getByRole('list', { name: 'Action 2: tags' })).toContainText(tag);
  await form.getByRole('button', { name: 'Add an action' }).click();
  await form.getByLabel('Action 3: type').selectOption('send_mail');
  await form.getByLabel('Action 3: template').selectOption({ label: templateName });
  await form.getByLabel('Action 3: recipient').selectOption('requester');
  await expectAccessible(admin);
  await form.getByRole('button', { name: 'Save trigger' }).click();
  await expect(admin.getByRole('form', { name: `Edit ${triggerName}` })).toBeVisible();
  await expect(admin.getByRole('cell', { name: triggerName, exact: true })).toBeVisible();

  // Tested against Alice's ticket: the word matches, Acme membership does not.
  const testForm = admin.getByRole('form', { name: 'Test against a ticket' });
  await testForm.getByLabel('Ticket number').fill(String(aliceTicket));
  await testForm.getByRole('button', { name: 'Test' }).click();
  await expect(
    testForm.getByText(`Ticket #${aliceTicket}: the trigger would not run.`),
  ).toBeVisible();
  const conditions = testForm.getByRole('list', { name: 'Conditions' });
  await expect(conditions).toContainText('Not met: Requester is a member of: Acme Corp');
  await expect(conditions).toContainText(`Met: Subject contains: ${word}`);
  await expectAccessible(admin);

  // A mail from someone at Acme arrives.
  const subject = `${word} does not type`;
  await sendMail({
    from: 'Someone at Acme <someone@acme.example>',
    to: 'support@example.com',
    subject,
    text: 'The space bar of my keyboard does not type.',
  });

  // Its ticket shows the rule's work in its history.
  await admin.goto(`/hd_ticket?text=${encodeURIComponent(word)}`);
  const link = admin.getByRole('link', { name: subject });
  await expect(async () => {
    await admin.reload();
    await expect(link).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await link.click();
  const history = admin.getByRole('region', { name: 'History', exact: true });
  await expect(async () => {
    await admin.reload();
    await expect(history.getByText(`Rule ${triggerName} tagged it ${tag}`)).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(
    history.getByText(`Rule ${triggerName} changed the priority`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(admin);

  // The acknowledgement is in the outbox, marked as written by a machine.
  const mail = await mailContaining(
    'someone@acme.example',
    'Thank you for your mail, Someone at Acme',
  );
  expect(headerOf(mail, 'Auto-Submitted')).toBe('auto-generated');
  expect(headerOf(mail, 'Subject')).toContain(`We got it: ${subject}`);

  // Clean up: the trigger, then the template (no trigger uses it now), then the tag.
  await menuLink(admin, 'Triggers').click();
  await admin.getByRole('button', { name: `Delete ${triggerName}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Delete the trigger?' });
  await expect(dialog).toContainText(triggerName);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByRole('cell', { name: triggerName, exact: true })).toHaveCount(0);
  await menuLink(admin, 'Mail templates').click();
  await admin.getByRole('button', { name: `Delete ${templateName}` }).click();
  const templateDialog = admin.getByRole('dialog', { name: 'Delete the template?' });
  await templateDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByRole('cell', { name: templateName, exact: true })).toHaveCount(0);
  await menuLink(admin, 'Tags').click();
  await admin.getByRole('button', { name: `Delete: ${tag}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByRole('cell', { name: tag, exact: true })).toHaveCount(0);
});
