import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
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

describe('dashboard', () => {
  afterEach(() => server.events.removeAllListeners());

  it('a user’s figures link to the filtered list, whose request carries the filter', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    const { user } = renderApp('/dashboard/default');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // Alice's open tickets: 1–11 not closed (statuses cycle New, Open, Pending, Resolved, Closed).
    const figure = await screen.findByRole('link', { name: 'My open tickets: 7' });
    expect(figure).toHaveAttribute('href', '/ticket/my_ticket?status_group=open');
    expect(screen.getByRole('link', { name: 'Waiting for me: 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Recently answered: \d+$/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open per help desk' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();

    await user.click(figure);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/ticket/my_ticket?status_group=open',
      ),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ filters: { status_group: 'open', is_draft: false } }),
    );
  });

  it('an agent’s figures and open per help desk; assignee=me is sent as "me"', async () => {
    signInAs('agent@example.com');
    const bodies = recordBodies('/api/search/ticket/hd');
    const { user } = renderApp('/dashboard/default');
    const unassigned = await screen.findByRole('link', { name: /^Unassigned: \d+$/ });
    expect(unassigned).toHaveAttribute('href', '/hd_ticket?status_group=open&assignee=none');
    expect(
      screen.getByRole('link', { name: /^Overdue \(past an SLA target\): \d+$/ }),
    ).toHaveAttribute('href', '/hd_ticket?sla=overdue&sort=sla');
    expect(screen.getByRole('link', { name: /^Due in the next hour: \d+$/ })).toHaveAttribute(
      'href',
      '/hd_ticket?sla=due_soon&sort=sla',
    );
    const perHd = screen.getByRole('heading', { name: 'Open per help desk' }).parentElement;
    expect(within(perHd as HTMLElement).getByRole('link', { name: 'Network' })).toHaveAttribute(
      'href',
      '/hd_ticket?hd_id=3&status_group=open',
    );

    await user.click(screen.getByRole('link', { name: /^Assigned to me: \d+$/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/hd_ticket?status_group=open&assignee=me',
      ),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ filters: { assignee_id: 'me', status_group: 'open' } }),
    );
  });

  it('the list pages read the link filters from the URL', async () => {
    signInAs('agent@example.com');
    const bodies = recordBodies('/api/search/ticket/hd');
    renderApp('/hd_ticket?assignee=none&overdue=1&hd_id=3&status_group=open');
    await waitFor(() =>
      expect(bodies[0]).toMatchObject({
        filters: { hd_id: 3, status_group: 'open', assignee_id: 'none', overdue: true },
      }),
    );
  });

  it('a user’s list reads "recently answered" from the URL (the figure’s link)', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/ticket/my');
    renderApp('/ticket/my_ticket?recently_answered=1');
    await waitFor(() =>
      expect(bodies[0]).toMatchObject({ filters: { recently_answered: true, is_draft: false } }),
    );
  });
});
