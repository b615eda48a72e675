import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { clockStandingStill } from '../../../test/clock';
import { renderApp, signInAs } from '../../../test/render-app';

function recordBodies(path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body));
    }
  });
  return bodies;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('my tickets list', () => {
  afterEach(() => server.events.removeAllListeners());

  it('renders rows with links, paging and the page size of the user', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    const { user } = renderApp('/ticket/my_ticket');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My tickets' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My tickets' });
    // Alice: 11 submitted tickets (12–14 are drafts), newest first, 10 a page.
    expect(rows()).toHaveLength(10);
    expect(within(table).getByRole('link', { name: 'Desk chair broken' })).toHaveAttribute(
      'href',
      '/ticket/my_ticket/details?ticketId=11',
    );
    expect(screen.getByText('Showing 1–10 of 11')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      page: 1,
      page_size: 10,
      sort: '-created_at',
      filters: { is_draft: false },
    });
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?page=2'));
    expect(await screen.findByText('Showing 11–11 of 11')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', {
        name: '2',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(bodies.at(-1)).toMatchObject({ page: 2 });
  });

  it('sorting toggles the URL and aria-sort', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    const { user } = renderApp('/ticket/my_ticket?page=2');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /Subject/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/ticket/my_ticket?sort=subject'),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Cannot reach the intranet'));
    await user.click(screen.getByRole('button', { name: /Subject/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('sort=-subject'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(screen.getByRole('columnheader', { name: /Created/ })).not.toHaveAttribute('aria-sort');
    expect(bodies.at(-1)).toMatchObject({ sort: '-subject', page: 1 });
  });

  it('a filter updates the URL (page back to 1) and the request body; Clear filters', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    const { user } = renderApp('/ticket/my_ticket?page=2');
    await screen.findByRole('table');
    await user.selectOptions(await screen.findByLabelText('Priority'), 'High');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/ticket/my_ticket?priority_id=3'),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        page: 1,
        page_size: 10,
        sort: '-created_at',
        filters: { priority_id: 3, is_draft: false },
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.type(screen.getByLabelText('Search in subject'), 'vpn{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('text=vpn'));
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ filters: { priority_id: 3, text: 'vpn' } }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/ticket\/my_ticket$/),
    );
    expect(screen.getByLabelText('Search in subject')).toHaveValue('');
  });

  it("Clear filters right after typing is not undone by the typed filter's delayed search", async () => {
    signInAs('agent@example.com');
    const bodies = recordBodies('/api/search/ticket/hd');
    renderApp('/hd_ticket?priority_id=3');
    await screen.findByRole('table');
    // The typing pause runs on fake time, which only the test moves: no time passes between the
    // typing and the clear, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    try {
      // Testing Library ends each action with a 0 ms timeout, run where the clock stands.
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await clockStandingStill(user.type(screen.getByLabelText('Search in subject'), 'vpn'));
      await clockStandingStill(user.click(screen.getByRole('button', { name: 'Clear filters' })));
      await clockStandingStill(
        waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/hd_ticket$/)),
      );
      // Well past the typing pause (400 ms): a pending search would have landed by now.
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/hd_ticket$/);
      expect(screen.getByLabelText('Search in subject')).toHaveValue('');
      expect(bodies.some((b) => JSON.stringify(b).includes('vpn'))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps its state from the URL (a shared link)', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    renderApp('/ticket/my_ticket?status_id=2&sort=updated_at&created_from=2026-10-01');
    await screen.findByRole('table');
    expect(bodies[0]).toEqual({
      page: 1,
      page_size: 10,
      sort: 'updated_at',
      filters: { status_id: 2, created_from: '2026-10-01', is_draft: false },
    });
    expect(await screen.findByLabelText('Status')).toHaveValue('2');
    expect(screen.getByLabelText('Created from')).toHaveValue('2026-10-01');
  });

  it('shows the empty state', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket?text=nothing-matches-this');
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
  });

  it('shows the error state with Try again', async () => {
    let fail = true;
    server.use(
      http.post('*/api/search/ticket/my', () =>
        fail ? HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 }) : undefined,
      ),
    );
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket');
    expect(await screen.findByText('Could not load the list.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('drafts appear only in the drafts view', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/draft');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My ticket drafts' }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Shared drive is full' })).toHaveAttribute(
      'href',
      '/draft?ticketId=13',
    );
  });

  it('shows No drafts. when there are none', async () => {
    signInAs('bob@example.com');
    db.records = db.records.filter((r) => r.id !== 26);
    renderApp('/ticket/my_ticket/draft');
    expect(await screen.findByText('No drafts.')).toBeInTheDocument();
  });
});

describe('helpdesk lists', () => {
  afterEach(() => server.events.removeAllListeners());

  it('hd_ticket is the not-found page for a regular user, without menu rows', async () => {
    signInAs('alice@example.com');
    renderApp('/hd_ticket');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });

  it('a regular user has no hd menu rows', async () => {
    signInAs('alice@example.com');
    renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Raise a ticket' })).toHaveAttribute(
      'href',
      '/ticket/input',
    );
    expect(within(menu).queryByRole('link', { name: 'All tickets' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'All content' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Content drafts' })).not.toBeInTheDocument();
  });

  it('hd_ticket renders for an agent with the Requester column', async () => {
    signInAs('agent@example.com');
    renderApp('/hd_ticket');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'All tickets' }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Requester' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 26')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Access to the finance folder again' }),
    ).toHaveAttribute('href', '/hd_ticket/details?hdTicketId=30');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'All tickets' })).toHaveAttribute(
      'href',
      '/hd_ticket',
    );
  });

  it("hd_ticket/{userId} lists one requester's tickets", async () => {
    signInAs('agent@example.com');
    const bodies = recordBodies('/api/search/ticket/hd');
    renderApp('/hd_ticket/3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tickets of Bob Example' }),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ filters: { requester_id: 3, is_draft: false } });
    await waitFor(() => expect(rows()).toHaveLength(10));
  });
});
