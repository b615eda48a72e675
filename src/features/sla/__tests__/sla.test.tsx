import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

function recordBodies(path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path && request.method !== 'GET') {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body));
    }
  });
  return bodies;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('service levels in the ticket lists, the ticket and the dashboard', () => {
  afterEach(() => server.events.removeAllListeners());

  it('the overdue figure opens the list filtered and sorted by SLA, with an SLA column', async () => {
    signInAs('agent@example.com');
    const bodies = recordBodies('/api/search/ticket/hd');
    const { user } = renderApp('/dashboard/default');
    // Open, submitted demo tickets whose id is divisible by 3 are overdue in the mocks: 6, 21, 27.
    const figure = await screen.findByRole('link', { name: 'Overdue (past an SLA target): 3' });
    expect(screen.getByRole('link', { name: 'Due in the next hour: 4' })).toBeInTheDocument();
    await user.click(figure);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(bodies.at(-1)).toMatchObject({ sort: 'sla', filters: { sla: 'overdue' } });
    for (const row of rows()) {
      // Coloured and in words, with the target named for screen readers.
      expect(within(row).getByText(/^Overdue by 2 h$/)).toBeInTheDocument();
      expect(within(row).getByText('First response:')).toHaveClass('visually-hidden');
    }
    const header = screen.getByRole('columnheader', { name: /SLA/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    // The filter is a labelled select in the list's filters.
    expect(screen.getByLabelText('SLA')).toHaveValue('overdue');
    await user.selectOptions(screen.getByLabelText('SLA'), 'due_soon');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(rows()[0]).getByText(/^Due in (29|30) min$/)).toBeInTheDocument();
  });

  it('the ticket shows each target with its due time and time left', async () => {
    signInAs('agent@example.com');
    renderApp('/hd_ticket/details?hdTicketId=6');
    const section = await screen.findByRole('region', { name: /Service level/ });
    const first = within(section).getByText('First response').closest('div') as HTMLElement;
    expect(first).toHaveTextContent(/Due \d{4}-\d\d-\d\d \d\d:\d\d · Overdue by 2 h/);
    expect(within(section).getByText('Not waiting for a reply')).toBeInTheDocument();
    expect(within(section).getByText('Resolution')).toBeInTheDocument();
  });
});

describe('SLA policies page', () => {
  afterEach(() => server.events.removeAllListeners());

  it('lists the policies in order; an agent adds one (validated), reorders and deletes', async () => {
    signInAs('agent@example.com');
    const orders = recordBodies('/api/sla/policies/order/');
    const { user } = renderApp('/sla-policies');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'SLA policies' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('High and Urgent');
    expect(rows()[0]).toHaveTextContent('Priority: High, Urgent');
    expect(rows()[1]).toHaveTextContent('All tickets');

    await user.click(screen.getByRole('button', { name: 'Add policy' }));
    const form = screen.getByRole('form', { name: 'New policy' });
    await user.clear(within(form).getByLabelText('First response'));
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
    expect(within(form).getByText('Set at least one target.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Name'), 'Network 24x7');
    await user.type(within(form).getByLabelText('First response'), '30');
    await user.click(within(form).getByRole('checkbox', { name: 'Network' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Sunday' }));
    await user.clear(within(form).getByLabelText('Sunday end'));
    await user.type(within(form).getByLabelText('Sunday end'), '08:00');
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    expect(await within(form).findByText('The end must be after the start.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Sunday end'));
    await user.type(within(form).getByLabelText('Sunday end'), '24:00');
    await user.type(within(form).getByLabelText('Holiday date'), '2026-12-25');
    await user.click(within(form).getByRole('button', { name: 'Add holiday' }));
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const saved = db.slaPolicies.find((p) => p.name === 'Network 24x7');
    expect(saved).toMatchObject({
      hd_ids: [3],
      priority_ids: null,
      first_response_minutes: 30,
      holidays: ['2026-12-25'],
    });
    expect(saved?.hours[0]).toEqual({ start: '09:00', end: '24:00' });
    expect(screen.queryByRole('form', { name: 'New policy' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move up: Network 24x7' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Network 24x7'));
    expect(orders.at(-1)).toEqual({ ids: [1, 3, 2] });

    await user.click(screen.getByRole('button', { name: 'Delete Network 24x7' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('a move waits for the last one to be saved, so quick clicks never reorder a stale list', async () => {
    signInAs('agent@example.com');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Held until released, then on to the mock's own handler.
    server.use(http.put('*/api/sla/policies/order/', () => gate.then(() => undefined)));
    const { user } = renderApp('/sla-policies');
    const up = await screen.findByRole('button', { name: 'Move up: Standard' });
    await user.click(up);
    expect(screen.getByRole('button', { name: 'Move down: High and Urgent' })).toBeDisabled();
    expect(up).toBeDisabled();
    release();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Standard'));
    expect(screen.getByRole('button', { name: 'Move down: Standard' })).toBeEnabled();
  });

  it('edits a policy with its version; the menu offers the page to agents only', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/sla-policies');
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));
    const form = screen.getByRole('form', { name: 'Edit policy: Standard' });
    expect(within(form).getByLabelText('Time zone')).toHaveValue('Europe/Madrid');
    await user.clear(within(form).getByLabelText('Resolution'));
    await user.type(within(form).getByLabelText('Resolution'), '1200');
    await user.click(within(form).getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(db.slaPolicies.find((p) => p.id === 2)).toMatchObject({
        resolution_minutes: 1200,
        version: 2,
      }),
    );
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'SLA policies' })).toHaveAttribute(
      'href',
      '/sla-policies',
    );
  });

  it('is the not-found page for a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/sla-policies');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
