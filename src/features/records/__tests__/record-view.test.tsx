import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { db, logEvent } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { NARROW_QUERY, PHONE_QUERY } from '../../../lib/use-media-query';
import { clockStandingStill } from '../../../test/clock';
import { matchingMedia } from '../../../test/match-media';
import { renderApp, signInAs } from '../../../test/render-app';
import type { Ticket } from '../types';

const ticket = (id: number) => db.records.find((r) => r.id === id) as Ticket;

function addMessage(recordId: number, thread: 'communication' | 'worklog', body: string) {
  const id = db.work.nextId++;
  db.work.messages.push({
    id,
    record_id: recordId,
    thread,
    author_id: 1,
    author_name: 'Agent Smith',
    sent_as: 'agent',
    sent_as_name: 'Agent Smith',
    action: thread === 'worklog' ? 'entry' : 'reply',
    body: `<p>${body}</p>`,
    forward_to: null,
    time_spent_minutes: null,
    created_at: new Date(Date.now() + id * 1000).toISOString(),
    channel: 'web',
    quoted_body: null,
    from_email: null,
    sender_verified: true,
  });
}

/** The API paths the app asks for while `run` does (and, to `run`, those answered so far). */
async function requestsDuring(run: (answered: string[]) => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  const answered: string[] = [];
  const path = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;
  const started = ({ request }: { request: Request }) => {
    paths.push(path(request));
  };
  const ended = ({ request }: { request: Request }) => {
    answered.push(path(request));
  };
  server.events.on('request:start', started);
  server.events.on('response:mocked', ended);
  try {
    await run(answered);
  } finally {
    server.events.removeListener('request:start', started);
    server.events.removeListener('response:mocked', ended);
  }
  return paths;
}

describe('the record view', () => {
  it('opens a record with one details call: timeline with the work log marked Internal', async () => {
    addMessage(2, 'communication', 'We are looking into it');
    addMessage(2, 'worklog', 'Checked the switch logs');
    logEvent(2, 1, 'assigned', { to: 'Agent Smith' });
    signInAs('agent@example.com');
    const paths = await requestsDuring(async () => {
      renderApp('/hd_ticket/details?hdTicketId=2');
      expect(await screen.findByText('Checked the switch logs')).toBeInTheDocument();
      // Let the page settle (dropdowns and macros load on first use).
      await screen.findByRole('option', { name: 'Pending' });
    });
    const recordCalls = paths.filter((p) => /\/api\/(ticket|content)\/2\//.test(p));
    expect(recordCalls).toEqual(['GET /api/ticket/2/details/']);

    const internal = screen.getByTestId('timeline-internal');
    expect(within(internal).getByText('Internal')).toBeInTheDocument();
    expect(screen.getByText('We are looking into it')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Conversation' });
    expect(within(timeline).getByText(/assigned it to Agent Smith/)).toBeInTheDocument();
    // History lines can be hidden.
    const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
    await user.click(screen.getByRole('switch', { name: 'Show history' }));
    expect(within(timeline).queryByText(/assigned it to Agent Smith/)).not.toBeInTheDocument();
    expect(screen.getByText('We are looking into it')).toBeInTheDocument();
  });

  it('never shows a regular user the work log, and offers them a plain reply', async () => {
    addMessage(2, 'worklog', 'Internal only text');
    addMessage(2, 'communication', 'Public answer');
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(await screen.findByText('Public answer')).toBeInTheDocument();
    expect(screen.queryByText('Internal only text')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Note' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeInTheDocument();
  });

  it("reloads the record once after the agent's own reply", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    await user.type(await screen.findByLabelText('Message'), 'Restarted the switch');
    // From the Send on, time is fake and only the test moves it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    try {
      const sender = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const paths = await requestsDuring(async (answered) => {
        await clockStandingStill(sender.click(screen.getByRole('button', { name: 'Send' })));
        const timeline = screen.getByRole('list', { name: 'Conversation' });
        expect(
          await clockStandingStill(within(timeline).findByText('Restarted the switch')),
        ).toBeInTheDocument();
        // The reload the reply sets off, answered...
        await clockStandingStill(
          waitFor(() => expect(answered).toContain('GET /api/ticket/2/details/')),
        );
        // ...and time well past any pause (a burst of changes is one refresh, 250 ms) that could
        // set off another.
        await act(() => vi.advanceTimersByTimeAsync(1000));
      });
      expect(paths.filter((p) => p === 'GET /api/ticket/2/details/')).toEqual([
        'GET /api/ticket/2/details/',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a reply draft per record while the agent looks elsewhere', async () => {
    signInAs('agent@example.com');
    const { user, unmount } = renderApp('/hd_ticket/details?hdTicketId=2');
    await user.type(await screen.findByLabelText('Message'), 'Half-written answer');
    unmount();
    const other = renderApp('/hd_ticket/details?hdTicketId=3');
    await screen.findByRole('heading', { level: 1, name: ticket(3).subject });
    expect(screen.getByLabelText('Message')).toHaveValue('');
    other.unmount();
    renderApp('/hd_ticket/details?hdTicketId=2');
    expect(await screen.findByLabelText('Message')).toHaveValue('Half-written answer');
  });

  it('applies a macro (text with placeholders, fields) in one step, and undoes it', async () => {
    db.macros.push({
      id: 1,
      name: 'Waiting for logs',
      body: '<p>Hi {{requester_name}}, please send the logs for #{{ticket_id}}.</p><p>{{agent_name}}</p>',
      status_id: 3,
      status_name: 'Pending',
      priority_id: 3,
      priority_name: 'High',
      assignee_id: null,
      assignee_name: null,
      category_ids: [],
      updated_at: new Date().toISOString(),
    });
    const before = { status: ticket(2).status_id, priority: ticket(2).priority_id };
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    const message = await screen.findByLabelText('Message');
    const picker = screen.getByLabelText('Apply macro');
    await screen.findByRole('option', { name: 'Waiting for logs' });
    await user.selectOptions(picker, 'Waiting for logs');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(message).toHaveValue('Hi Alice Example, please send the logs for #2.\nAgent Smith');
    await waitFor(() => expect(ticket(2)).toMatchObject({ status_id: 3, priority_id: 3 }));
    await waitFor(() =>
      expect(screen.getByLabelText('Status', { selector: 'select' })).toHaveDisplayValue('Pending'),
    );

    await user.click(screen.getByRole('button', { name: 'Undo macro' }));
    expect(message).toHaveValue('');
    await waitFor(() =>
      expect(ticket(2)).toMatchObject({ status_id: before.status, priority_id: before.priority }),
    );
    expect(screen.queryByRole('button', { name: 'Undo macro' })).not.toBeInTheDocument();
  });

  it('shortcuts focus the controls, and never fire while typing', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    const message = await screen.findByLabelText('Message');
    await screen.findByRole('option', { name: 'Pending' });
    await user.keyboard('s');
    expect(screen.getByLabelText('Status', { selector: 'select' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('n');
    expect(message).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Note' })).toHaveAttribute('aria-checked', 'true');
    // Typing in the reply: letters are text, not shortcuts.
    await user.type(message, 'ras');
    expect(message).toHaveValue('ras');
    expect(message).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Note' })).toHaveAttribute('aria-checked', 'true');
    // Ctrl+Enter sends from inside the field.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(db.work.messages.some((m) => m.record_id === 2 && m.body === '<p>ras</p>')).toBe(true),
    );
  });
});

describe('the record view on a phone', () => {
  beforeEach(() => matchingMedia(PHONE_QUERY, NARROW_QUERY));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps its side panel folded and unbuilt until shown; s shows it and focuses Status', async () => {
    signInAs('agent@example.com');
    let user: ReturnType<typeof renderApp>['user'] | undefined;
    const paths = await requestsDuring(async () => {
      user = renderApp('/hd_ticket/details?hdTicketId=2').user;
      expect(await screen.findByLabelText('Message')).toBeInTheDocument();
    });
    const show = screen.getByRole('button', { name: 'Show properties' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: 'Properties' })).not.toBeInTheDocument();
    // Folded, its choices are not asked for.
    expect(paths).not.toContain('GET /api/priority/');
    expect(paths).not.toContain('GET /api/company/');

    await user?.keyboard('s');
    expect(screen.getByRole('heading', { name: 'Properties' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status', { selector: 'select' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Hide properties' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

describe('previous / next within the list the agent came from', () => {
  it('goes on to the next page of the list at the last row, and back with [', async () => {
    signInAs('agent@example.com');
    const { user, store } = renderApp('/hd_ticket');
    const table = await screen.findByRole('table', { name: 'All tickets' });
    const firstPage = store.getState().holders.HDTICKET.data;
    if (!firstPage) throw new Error('no list');
    const lastRow = within(table).getAllByRole('row').at(-1) as HTMLElement;
    const lastId = firstPage.items.at(-1)?.id;
    await user.click(within(lastRow).getAllByRole('link')[0]);
    await screen.findByTestId('record-view');
    const nav = screen.getByRole('navigation', { name: 'Records in the list' });
    const size = firstPage.items.length;
    expect(within(nav).getByText(`${size} of ${firstPage.total}`)).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Next record' }));
    await waitFor(() => expect(store.getState().holders.HDTICKET.data?.page).toBe(2));
    const secondPage = store.getState().holders.HDTICKET.data;
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `hdTicketId=${secondPage?.items[0].id}`,
      ),
    );
    expect(
      await within(
        await screen.findByRole('navigation', { name: 'Records in the list' }),
      ).findByText(`${size + 1} of ${firstPage.total}`),
    ).toBeInTheDocument();

    await user.keyboard('[[');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`hdTicketId=${lastId}`),
    );
    expect(await screen.findByText(`${size} of ${firstPage.total}`)).toBeInTheDocument();
  });
});
