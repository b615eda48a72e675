import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { adminState } from '../../../mocks/desk-access';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

/** A second agent, and the Network desk (3) restricted to Agent Smith: Jones may not work on it. */
function restrictNetwork() {
  db.users.push({
    ...db.users[0],
    id: 90,
    fullname: 'Agent Jones',
    email: 'jones@example.com',
    user_is_admin: false,
  });
  adminState().desks.set(3, { restricted: true, members: [1] });
}

/** The hd_id of every GET agents/ call, in order (null: without one). */
function agentQueries() {
  const desks: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/agents/') desks.push(url.searchParams.get('hd_id'));
  });
  return desks;
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(() => server.events.removeAllListeners());

describe('the assignee pickers offer only the agents who may work on the desk', () => {
  it("a record's Assign dialog and side panel ask for its desk's agents", async () => {
    restrictNetwork();
    const queries = agentQueries();
    signInAs('agent@example.com');
    // Ticket 2 is on the Network desk.
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    const actions = await screen.findByRole('group', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign record' });
    const select = within(dialog).getByLabelText('Assignee');
    await within(select).findByRole('option', { name: 'Agent Smith' });
    expect(optionNames(select)).not.toContain('Agent Jones');
    expect(queries).toContain('3');
    expect(queries).not.toContain(null);
  });

  it("the bulk assign on a desk's list asks for that desk's agents", async () => {
    restrictNetwork();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket?hd_id=3');
    await screen.findByRole('table', { name: 'All tickets' });
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row').length).toBeGreaterThan(1),
    );
    const first = within(screen.getByRole('table')).getAllByRole('row')[1];
    await user.click(within(first).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Assign');
    const select = await within(bar).findByLabelText('Assignee');
    await within(select).findByRole('option', { name: 'Agent Smith' });
    expect(optionNames(select)).not.toContain('Agent Jones');
  });

  it('the bulk assign without one desk offers every agent', async () => {
    restrictNetwork();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
    const [, first, second] = within(table).getAllByRole('row');
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(second).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Assign');
    const select = await within(bar).findByLabelText('Assignee');
    await within(select).findByRole('option', { name: 'Agent Jones' });
  });
});
