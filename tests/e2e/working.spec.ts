import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expectMailContaining } from './support/mail';
import { DEMO_PASSWORD } from './support/session';
import { toast } from './support/toasts';
import { idFromUrl, pageAs, unique } from './support/users';

async function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

async function confirmIn(page: Page, dialogTitle: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

// The longest journey (ten actions, mail checks between them): 1.4-1.7 min in fresh-clone runs,
// over 2 on a busier machine.
test.describe.configure({ timeout: 240_000 });

test('working a ticket: share, classify, relate, attach, converse, log work, assign, move, duplicate, delete; history and mail', async ({
  browser,
  request,
}) => {
  const tag = unique('vpn');
  const subject = `${tag} drops every hour`;

  // A knowledge article to relate the ticket to (made through the API, as an agent).
  const login = await request.post('/api/login', {
    data: { str_username: 'agent@example.com', str_password: DEMO_PASSWORD },
  });
  const agentToken = (await login.json()).data.token as string;
  const article = `${tag} troubleshooting guide`;
  const created = await request.post('/api/content/', {
    headers: { Authorization: `JWT ${agentToken}` },
    data: {
      title: article,
      body: '<p>Restart the client.</p>',
      content_type_id: 3,
      is_draft: false,
    },
  });
  expect(created.status()).toBe(200);

  // Alice raises the ticket and shares it with Bob.
  const alice = await pageAs(browser, 'alice@example.com');
  await alice.goto('/ticket/input');
  await alice.getByLabel('Subject').fill(subject);
  await alice.getByLabel('Description').fill('The VPN connection drops every hour.');
  await alice.getByLabel('Priority').selectOption({ label: 'High' });
  await alice.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(toast(alice, 'Ticket created')).toBeVisible();
  const id = idFromUrl(alice, 'ticketId');

  await alice.getByRole('button', { name: 'Share' }).click();
  const share = alice.getByRole('dialog', { name: 'Share with people' });
  await share.getByLabel('Find people').fill('Bob');
  await share.getByRole('button', { name: 'Add Bob Example' }).click();
  await expectAccessible(alice);
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(toast(alice, 'Sharing saved')).toBeVisible();
  await expect((await section(alice, 'Shared with')).getByText('Bob Example')).toBeVisible();

  // Bob now sees it, under "shared with me".
  const bob = await pageAs(browser, 'bob@example.com');
  await bob.goto('/ticket/my_ticket');
  // The box follows the URL (the filter state lives there), so it turns on once the list moves.
  await bob.getByLabel('Shared with me').click();
  await expect(bob).toHaveURL(/shared_with_me=1/);
  await expect(bob.getByLabel('Shared with me')).toBeChecked();
  await bob.getByRole('link', { name: subject }).click();
  await expect(bob.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expectAccessible(bob);

  // The agent works it.
  const agent = await pageAs(browser, 'agent@example.com');
  await agent.goto(`/hd_ticket/details?hdTicketId=${id}`);
  await expect(agent.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expectAccessible(agent);

  // Classify, with a favourite node.
  await agent.getByRole('button', { name: 'Classify' }).click();
  const classify = agent.getByRole('dialog', { name: 'Classify' });
  await classify.getByLabel('Search categories').fill('VPN');
  await classify.getByRole('button', { name: 'Add VPN to favourites' }).first().click();
  await expect(
    classify.getByRole('button', { name: 'Remove VPN from favourites' }).first(),
  ).toBeVisible();
  await classify.getByRole('checkbox', { name: 'VPN' }).first().check();
  await expectAccessible(agent);
  await classify.getByRole('button', { name: 'Save' }).click();
  await expect(toast(agent, 'Classification saved')).toBeVisible();
  await expect((await section(agent, 'Classification')).getByText(/VPN/)).toBeVisible();

  // Relate it to the article.
  const related = await section(agent, 'Related records');
  await related.getByLabel('Record type').selectOption({ label: 'Content' });
  await related.getByLabel('Find a record to relate').fill(tag);
  await related.getByRole('button', { name: `Relate ${article}` }).click();
  await expect(toast(agent, 'Relation added')).toBeVisible();
  await expect(related.getByRole('link', { name: article })).toBeVisible();

  // Attach two files; the big one is refused with the reason.
  await agent.getByLabel('Add files').setInputFiles([
    { name: 'vpn-log.txt', mimeType: 'text/plain', buffer: Buffer.from('12:00 tunnel down\n') },
    {
      name: 'capture.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(1_200_000, 7),
    },
  ]);
  await expect(agent.getByText('vpn-log.txt uploaded successfully')).toBeVisible();
  await expect(agent.getByText('capture.bin upload failed')).toBeVisible();
  await expect(agent.getByText('capture.bin is larger than the 1 MB limit.')).toBeVisible();
  await expect(
    (await section(agent, 'Attachments')).getByRole('button', { name: 'Download vpn-log.txt' }),
  ).toBeVisible();

  // Reply in the conversation (the reply box under it), and log internal work as a note.
  const reply = 'We are looking into the VPN drops.';
  const conversation = await section(agent, 'Conversation');
  const replyBox = await section(agent, 'Reply');
  await replyBox.getByRole('radio', { name: 'Reply' }).click();
  await replyBox.getByRole('textbox', { name: 'Message' }).fill(reply);
  await replyBox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(agent, 'Message sent')).toBeVisible();
  await expect(conversation.getByText(reply)).toBeVisible();

  // A note to the requester is public: it shows in the conversation, marked as such.
  const publicNote = `The VPN gateway restarts at noon ${tag}`;
  await replyBox.getByRole('radio', { name: 'Note to requester' }).click();
  await replyBox.getByRole('textbox', { name: 'Message' }).fill(publicNote);
  await replyBox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    conversation
      .getByRole('listitem')
      .filter({ hasText: publicNote })
      .getByText('Note to requester'),
  ).toBeVisible();

  const internal = `Checked the tunnel logs ${tag}`;
  await replyBox.getByRole('radio', { name: 'Note', exact: true }).click();
  await replyBox.getByRole('textbox', { name: 'Message' }).fill(internal);
  await replyBox.getByLabel('Time spent (minutes)').fill('15');
  await replyBox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(agent, 'Work log entry added')).toBeVisible();
  const entry = conversation.getByRole('listitem').filter({ hasText: internal });
  await expect(entry.getByText('Internal', { exact: true })).toBeVisible();
  await expect(entry.getByText('15 min')).toBeVisible();
  await expectAccessible(agent);

  // Assign, move, duplicate, delete the copy: each confirmed first.
  await agent.getByRole('button', { name: 'Assign', exact: true }).click();
  await agent
    .getByRole('dialog', { name: 'Assign record' })
    .getByLabel('Assignee')
    .selectOption({ label: 'Agent Example' });
  await confirmIn(agent, 'Assign record', 'Assign');
  await expect(toast(agent, 'Record assigned')).toBeVisible();

  await agent.getByRole('button', { name: 'Move', exact: true }).click();
  await agent
    .getByRole('dialog', { name: 'Move to another help desk' })
    .getByLabel('Help desk')
    .selectOption('3');
  await confirmIn(agent, 'Move to another help desk', 'Move');
  await expect(toast(agent, 'Record moved')).toBeVisible();

  await agent.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await confirmIn(agent, 'Duplicate this record?', 'Duplicate');
  await expect(toast(agent, 'Record duplicated')).toBeVisible();
  await expect(agent).not.toHaveURL(new RegExp(`hdTicketId=${id}$`));
  const copyId = idFromUrl(agent, 'hdTicketId');
  await expect(agent.getByRole('heading', { name: subject, level: 1 })).toBeVisible();

  await agent.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirmIn(agent, 'Delete this record?', 'Delete');
  await expect(toast(agent, 'Record deleted')).toBeVisible();
  await expect(agent).toHaveURL(/\/hd_ticket/);
  await agent.goto(`/hd_ticket/details?hdTicketId=${copyId}`);
  await expect(
    agent.getByText('Sorry! the data you are looking for could not be found'),
  ).toBeVisible();

  // The history shows each step.
  await agent.goto(`/hd_ticket/details?hdTicketId=${id}`);
  const history = await section(agent, 'History');
  for (const step of [
    'Alice Example created the ticket',
    'shared it with Bob Example',
    'classified it under',
    `related it to ${article}`,
    'attached vpn-log.txt',
    'assigned it to Agent Example',
    'moved it from IT Support to Network',
    `duplicated it as #${copyId}`,
  ]) {
    await expect(history.getByText(step, { exact: false }).first()).toBeVisible();
  }
  // Messages and work-log entries are not history lines here: the conversation shows them.
  const timeline = await section(agent, 'Conversation');
  await expect(timeline.getByRole('listitem').filter({ hasText: reply })).toContainText(
    'Agent Example',
  );
  await expect(timeline.getByRole('listitem').filter({ hasText: internal })).toContainText(
    'Internal',
  );
  await expect(timeline.getByText('Agent Example assigned it to Agent Example')).toBeVisible();

  // The same history in Spanish: every line a sentence in the reader's language.
  await agent.getByLabel('Language').selectOption({ label: 'Español' });
  const historial = agent.getByRole('region', { name: 'Historial', exact: true });
  for (const step of [
    'Alice Example creó el ticket',
    'Alice Example lo compartió con Bob Example',
    'Agent Example lo asignó a Agent Example',
    'Agent Example lo movió de IT Support a Network',
  ]) {
    await expect(historial.getByText(step, { exact: false }).first()).toBeVisible();
  }
  await expect(
    agent
      .getByRole('region', { name: 'Conversación', exact: true })
      .getByText('Agent Example lo asignó a Agent Example'),
  ).toBeVisible();
  await expectAccessible(agent);
  await agent.getByLabel('Idioma').selectOption({ label: 'English' });

  // Alice got the reply by mail, sees the reply, and never the work log.
  await expectMailContaining('alice@example.com', reply);
  await alice.reload();
  await expect((await section(alice, 'Conversation')).getByText(reply)).toBeVisible();
  await expect((await section(alice, 'Conversation')).getByText(publicNote)).toBeVisible();
  await expect(alice.getByText(internal)).toHaveCount(0);
  await expect(alice.getByText('Internal', { exact: true })).toHaveCount(0);
  await expect((await section(alice, 'History')).getByText('added a work log entry')).toHaveCount(
    0,
  );
  await expectAccessible(alice);
});
