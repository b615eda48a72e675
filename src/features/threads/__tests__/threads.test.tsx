import { screen, waitFor, within } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { runSaga, stdChannel } from 'redux-saga';
import { formatDateTimeLocal } from '../../../lib/dates';
import { recordActivityHappened } from '../../../lib/record-activity';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { signInAs } from '../../../test/render-app';
import { threadsSaga } from '../threads-saga';
import { threadsHolders } from '../threads-slice';
import { renderPanels } from './render-panels';

const region = (name: string) => screen.getByRole('region', { name });
const conversation = () => region('Conversation');

function addMessage(
  body: string,
  authorId: number,
  createdAt: string,
  thread: 'communication' | 'worklog' = 'communication',
) {
  const author = db.users.find((u) => u.id === authorId);
  db.work.messages.push({
    id: db.work.nextId++,
    record_id: 1,
    thread,
    author_id: authorId,
    author_name: author?.fullname ?? '',
    sent_as: 'self',
    sent_as_name: author?.fullname ?? '',
    action: thread === 'communication' ? 'reply' : 'entry',
    body,
    forward_to: null,
    time_spent_minutes: thread === 'worklog' ? 15 : null,
    created_at: createdAt,
    channel: 'web',
    quoted_body: null,
    from_email: null,
    sender_verified: true,
  });
}

describe('conversation', () => {
  it('shows the thread oldest first, sanitized, with author and time', async () => {
    signInAs('alice@example.com');
    addMessage('<p>Second <script>window.bad=1</script></p>', 1, '2026-01-02T10:00:00.000Z');
    addMessage('<p>First</p><img src=x onerror="window.bad=2">', 2, '2026-01-01T09:30:00.000Z');
    renderPanels(1, 'owner');
    const items = await within(conversation()).findAllByRole('article');
    expect(items.map((a) => a.textContent)).toEqual([
      `Alice Example${formatDateTimeLocal('2026-01-01T09:30:00.000Z')}First`,
      `Agent Smith${formatDateTimeLocal('2026-01-02T10:00:00.000Z')}Second `,
    ]);
    expect(conversation().querySelector('script, img')).toBeNull();
  });

  it('an owner sends a reply: no Send as / Action; toast, reload, cleared', async () => {
    signInAs('alice@example.com');
    const { user } = renderPanels(1, 'owner');
    await within(conversation()).findByText('No messages yet.');
    expect(within(conversation()).queryByLabelText('Send as')).toBeNull();
    expect(within(conversation()).queryByLabelText('Action')).toBeNull();

    await user.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(await within(conversation()).findByText('Message is required.')).toBeInTheDocument();
    expect(within(conversation()).getByLabelText('Message')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.type(within(conversation()).getByLabelText('Message'), 'Any news <b>?');
    await user.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(await within(conversation()).findByText('Any news <b>?')).toBeInTheDocument();
    expect(within(conversation()).getByLabelText('Message')).toHaveValue('');
    expect(db.work.messages[0]).toMatchObject({
      action: 'reply',
      sent_as: 'self',
      author_id: 2,
      body: '<p>Any news &lt;b&gt;?</p>',
    });
  });

  it('an agent chooses Send as and Action; forward needs an email', async () => {
    signInAs('agent@example.com');
    const { user } = renderPanels(1, 'agent');
    const sendAs = await within(conversation()).findByLabelText('Send as');
    await waitFor(() =>
      expect(
        within(sendAs)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Agent Smith', 'Hardware']),
    );
    const action = within(conversation()).getByLabelText('Action');
    await waitFor(() =>
      expect(
        within(action)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Reply', 'Note to requester', 'Forward by mail']),
    );
    await user.selectOptions(sendAs, 'helpdesk');
    await user.selectOptions(action, 'forward');
    const to = within(conversation()).getByLabelText('Forward to');
    await user.type(to, 'not-an-email');
    await user.type(within(conversation()).getByLabelText('Message'), 'Please have a look.');
    await user.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(
      await within(conversation()).findByText('Enter a valid email address.'),
    ).toBeInTheDocument();
    expect(db.work.messages).toHaveLength(0);

    await user.clear(to);
    await user.type(to, 'vendor@example.org');
    await user.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(db.work.messages[0]).toMatchObject({
      action: 'forward',
      sent_as: 'helpdesk',
      sent_as_name: 'Hardware',
      forward_to: 'vendor@example.org',
    });
    // The forward is a mail: the communication log shows it.
    const log = region('Communication log');
    expect(await within(log).findByText('vendor@example.org')).toBeInTheDocument();
    expect(within(log).getByText('[#1] Fwd: ticket #1: VPN drops every hour')).toBeInTheDocument();
    // Only the forward address gets it: a forward is not news for the followers.
    expect(within(log).queryByText('alice@example.com')).toBeNull();
  });

  it('a failed send keeps the text', async () => {
    signInAs('alice@example.com');
    server.use(
      http.post('*/api/ticket/:id/communication/', () =>
        HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    const { user } = renderPanels(1, 'owner');
    await within(conversation()).findByText('No messages yet.');
    await user.type(within(conversation()).getByLabelText('Message'), 'Keep me');
    await user.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Request Error: Something went wrong. Please try again.'),
    ).toBeInTheDocument();
    expect(within(conversation()).getByLabelText('Message')).toHaveValue('Keep me');
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });
});

describe('follow', () => {
  it('toggles with aria-pressed and says so', async () => {
    signInAs('alice@example.com');
    const { user } = renderPanels(1, 'owner', true);
    const button = screen.getByRole('button', { name: 'Following' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.click(button);
    expect(await screen.findByText('You will no longer be notified.')).toBeInTheDocument();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(db.work.follows.get('2:1')).toBe(false);
    await user.click(follow);
    expect(await screen.findByText('You will be notified of changes.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(db.work.follows.get('2:1')).toBe(true);
  });

  it('reads the state when the record does not carry it', async () => {
    signInAs('bob@example.com');
    renderPanels(20, 'owner');
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('agent panels', () => {
  it('work log and communication log are absent for a regular owner, present for an agent', async () => {
    signInAs('alice@example.com');
    const owner = renderPanels(1, 'owner');
    await within(conversation()).findByText('No messages yet.');
    expect(screen.getByRole('region', { name: 'Attachments' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Work log' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Communication log' })).toBeNull();
    owner.unmount();

    signInAs('agent@example.com');
    renderPanels(1, 'agent');
    expect(
      await within(region('Communication log')).findByText('No mails sent yet.'),
    ).toBeInTheDocument();
    expect(region('Work log')).toBeInTheDocument();
  });

  it('a reader sees none of it', () => {
    signInAs('bob@example.com');
    renderPanels(1, 'reader');
    expect(screen.queryByTestId('record-work-panels')).toBeNull();
    for (const name of ['Attachments', 'Conversation', 'Work log', 'Communication log']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it('marks a mailed note whose sender is not verified', async () => {
    signInAs('agent@example.com');
    addMessage('<p>Please reply with your password.</p>', 1, '2026-01-01T08:00:00.000Z', 'worklog');
    Object.assign(db.work.messages[db.work.messages.length - 1], {
      channel: 'mail',
      from_email: 'agent@example.com',
      sender_verified: false,
    });
    addMessage('<p>Checked the cable</p>', 1, '2026-01-01T09:00:00.000Z', 'worklog');
    renderPanels(1, 'agent');
    const [forged, genuine] = await within(region('Work log')).findAllByRole('article');
    expect(within(forged).getByText('Sender not verified')).toBeInTheDocument();
    expect(within(forged).getByText('<agent@example.com>')).toBeInTheDocument();
    expect(within(genuine).queryByText('Sender not verified')).toBeNull();
  });

  it('adds a work-log entry (validated), oldest first with minutes', async () => {
    signInAs('agent@example.com');
    addMessage('<p>Checked the cable</p>', 1, '2026-01-01T08:00:00.000Z', 'worklog');
    const { user } = renderPanels(1, 'agent');
    const log = region('Work log');
    expect(await within(log).findByText('Checked the cable')).toBeInTheDocument();
    expect(within(log).getByText('15 min')).toBeInTheDocument();

    await user.type(within(log).getByLabelText('Time spent (minutes)'), '20000');
    await user.click(within(log).getByRole('button', { name: 'Add entry' }));
    expect(await within(log).findByText('Work log entry is required.')).toBeInTheDocument();
    expect(
      within(log).getByText('Enter a whole number of minutes from 0 to 10080.'),
    ).toBeInTheDocument();

    await user.type(within(log).getByLabelText('Work log entry'), 'Replaced the router');
    await user.clear(within(log).getByLabelText('Time spent (minutes)'));
    await user.type(within(log).getByLabelText('Time spent (minutes)'), '45');
    await user.click(within(log).getByRole('button', { name: 'Add entry' }));
    expect(await screen.findByText('Work log entry added')).toBeInTheDocument();
    expect(await within(log).findByText('Replaced the router')).toBeInTheDocument();
    expect(within(log).getByText('45 min')).toBeInTheDocument();
    const texts = within(log)
      .getAllByRole('article')
      .map((a) => a.textContent ?? '');
    expect(texts[0]).toContain('Checked the cable');
    expect(texts[1]).toContain('Replaced the router');
    expect(within(log).getByLabelText('Work log entry')).toHaveValue('');
  });

  it('announces each action with recordActivityHappened (the history panel reloads on it)', async () => {
    signInAs('alice@example.com');
    const dispatched: UnknownAction[] = [];
    const channel = stdChannel();
    const task = runSaga(
      {
        channel,
        dispatch: (action: UnknownAction) => {
          dispatched.push(action);
          channel.put(action);
        },
        getState: () => ({}),
      },
      threadsSaga,
    );
    channel.put(
      threadsHolders.insertCommunication.actions.requested({
        record: { type: 'T', id: 1 },
        values: { body: '<p>Hello</p>' },
      }),
    );
    await waitFor(() =>
      expect(dispatched).toContainEqual(recordActivityHappened({ type: 'T', recordId: 1 })),
    );
    expect(recordActivityHappened.type).toBe('records/activityHappened');
    task.cancel();
  });
});
