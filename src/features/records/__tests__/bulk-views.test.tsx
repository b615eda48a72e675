import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { emitLive } from '../../../mocks/live-handlers';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

/** The JSON bodies sent to `path`, in order. */
function bodiesTo(path: string) {
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
const hdTickets = () => db.records.filter((r) => r.object_type === 'T' && !r.is_draft);

afterEach(() => server.events.removeAllListeners());

describe('bulk actions on the hd lists', () => {
  it('assigns the ticked rows after one confirmation and shows the summary with refusals', async () => {
    signInAs('agent@example.com');
    const bodies = bodiesTo('/api/records/bulk');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const [first, second, third] = rows();
    const titleOf = (row: HTMLElement) => within(row).getAllByRole('link')[0].textContent ?? '';
    await user.click(within(first).getByRole('checkbox', { name: `Select ${titleOf(first)}` }));
    await user.click(within(second).getByRole('checkbox'));
    await user.click(within(third).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 selected')).toBeInTheDocument();

    // Someone changes the third ticket after it was ticked: it is refused as stale.
    const staleTitle = titleOf(third);
    const stale = db.records.find((r) => 'subject' in r && r.subject === staleTitle);
    if (!stale) throw new Error('no such ticket');
    stale.version += 1;

    await user.selectOptions(within(bar).getByLabelText('Action'), 'Assign');
    await user.selectOptions(await within(bar).findByLabelText('Assignee'), 'Agent Smith');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to the selected records?' });
    expect(within(dialog).getByText('Assign Agent Smith on 3 records.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('2 records changed. 1 refused:')).toBeInTheDocument();
    expect(
      screen.getByText(`#${stale.id}: Someone else changed this record after you selected it.`),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ object_type: 'T', action: 'assign', value: 1 });
    expect((bodies[0].records as unknown[]).length).toBe(3);
    // The selection is gone once the list reloads; the history has each change.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    expect(db.events.filter((e) => e.action === 'assigned')).toHaveLength(2);
  });

  it('selects all matching records of the filter, says the cap, and sends the filter', async () => {
    signInAs('agent@example.com');
    const bodies = bodiesTo('/api/records/bulk');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const total = hdTickets().length;
    expect(total).toBeGreaterThan(10);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Select all ${total} matching` }));
    expect(
      screen.getByText(`All ${total} matching selected (at most 1000 at a time)`),
    ).toBeInTheDocument();
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Set status');
    await user.selectOptions(await within(bar).findByLabelText('Status'), 'Pending');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to the selected records?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`${total} records changed.`)).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      object_type: 'T',
      action: 'status',
      value: 3,
      filter: { filters: { is_draft: false }, sort: '-created_at' },
    });
    expect(hdTickets().every((r) => r.status_id === 3)).toBe(true);
  });
});

describe('list shortcuts', () => {
  it('moves the cursor with j/k, ticks with x, and never fires while typing in the filter', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    await user.keyboard('j');
    expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
    expect(rows()[0]).toHaveFocus();
    await user.keyboard('jk');
    expect(rows()[0]).toHaveAttribute('aria-selected', 'true');
    expect(rows()[1]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('x');
    expect(within(rows()[0]).getByRole('checkbox')).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    // In the filter's text box the letters are text, not shortcuts.
    const box = screen.getByLabelText('Search in subject');
    await user.click(box);
    await user.keyboard('jx');
    expect(box).toHaveValue('jx');
    expect(rows()[1]).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('opens the cursor row with Enter', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    await user.keyboard('jj');
    const link = within(rows()[1]).getAllByRole('link')[0].getAttribute('href');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(link ?? '-'));
  });
});

describe('columns', () => {
  it('offers the Assignee column; the choice stays for this agent and list; it sorts by assignee', async () => {
    signInAs('agent@example.com');
    const lists = bodiesTo('/api/search/ticket/hd');
    const first = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    expect(screen.queryByRole('columnheader', { name: /Assignee/ })).toBeNull();
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = screen.getByRole('group', { name: 'Columns' });
    // Every field a row carries is offered.
    for (const name of [
      'Assignee',
      'Came in by',
      'Company',
      'First response due',
      'Resolution due',
    ]) {
      expect(within(picker).getByRole('checkbox', { name })).not.toBeChecked();
    }
    await first.user.click(within(picker).getByRole('checkbox', { name: 'Assignee' }));
    expect(await screen.findByRole('columnheader', { name: /Assignee/ })).toBeInTheDocument();
    expect(screen.getAllByText('Unassigned').length).toBeGreaterThan(0);
    first.unmount();

    // Opened again from the menu (no columns in its URL): the agent's choice is still there.
    const again = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const header = screen.getByRole('columnheader', { name: /Assignee/ });
    await again.user.click(within(header).getByRole('button', { name: /Assignee/ }));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(lists.at(-1)).toMatchObject({ sort: 'assignee' });
    // Assigned tickets first (grouped by assignee), the unassigned after them.
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Agent Smith'));
    again.unmount();

    // Another agent in this browser has the list's own columns.
    db.users.push({ ...db.users[0], id: 91, fullname: 'Agent Jones', email: 'jones@example.com' });
    signInAs('jones@example.com');
    renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    expect(screen.queryByRole('columnheader', { name: /Assignee/ })).toBeNull();
  });
});

describe('saved views', () => {
  it("shows a colleague's shared view in the sidebar with its count, and opens its list", async () => {
    db.users.push({
      ...db.users[0],
      id: 90,
      fullname: 'Agent Jones',
      email: 'jones@example.com',
    });
    const now = new Date().toISOString();
    db.savedViews.push(
      {
        id: 7,
        owner_id: 90,
        name: 'Pending queue',
        object_type: 'T',
        shared: true,
        filters: { status_id: 3 },
        sort: '-updated_at',
        columns: ['title', 'status'],
        created_at: now,
        updated_at: now,
      },
      {
        id: 8,
        owner_id: 90,
        name: 'Jones private',
        object_type: 'T',
        shared: false,
        filters: {},
        sort: '-created_at',
        columns: [],
        created_at: now,
        updated_at: now,
      },
    );
    const pending = hdTickets().filter((r) => r.status_id === 3).length;
    signInAs('agent@example.com');
    const lists = bodiesTo('/api/search/ticket/hd');
    const { user } = renderApp('/home');
    const menu = await screen.findByRole('list', { name: 'Saved views' });
    const link = within(menu).getByRole('link', { name: /Pending queue/ });
    expect(within(menu).queryByText('Jones private')).toBeNull();
    expect(await within(link).findByLabelText(`${pending} records`)).toHaveTextContent(
      String(pending),
    );
    // A colleague sets another ticket Pending: the count follows without a reload.
    const moved = hdTickets().find((r) => r.status_id !== 3);
    if (!moved) throw new Error('no ticket to move');
    moved.status_id = 3;
    act(() =>
      emitLive('change', {
        kind: 'record',
        op: 'update',
        record_id: moved.id,
        object_type: 'T',
        is_draft: false,
        version: moved.version + 1,
        actor_id: 90,
        actor_tab: null,
        type: null,
        internal: false,
      }),
    );
    expect(await within(link).findByLabelText(`${pending + 1} records`)).toHaveTextContent(
      String(pending + 1),
    );
    await user.click(link);
    await screen.findByRole('table', { name: 'All tickets' });
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        sort: '-updated_at',
        filters: { status_id: 3, is_draft: false },
      }),
    );
    // Its columns: the title and the status only.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual([
      expect.stringMatching(/^Subject/),
      expect.stringMatching(/^Status/),
    ]);
    expect(within(menu).getByRole('link', { name: /Pending queue/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('asks before deleting a view, naming it, with focus on Cancel; Escape keeps it', async () => {
    const now = new Date().toISOString();
    db.savedViews.push({
      id: 11,
      owner_id: 1,
      name: 'My printer queue',
      object_type: 'T',
      shared: true,
      filters: {},
      sort: '-created_at',
      columns: [],
      created_at: now,
      updated_at: now,
    });
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket?view=11');
    await screen.findByRole('table', { name: 'All tickets' });
    const remove = await screen.findByRole('button', { name: 'Delete view My printer queue' });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete this view?' });
    expect(dialog).toHaveTextContent('The view “My printer queue” is deleted');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    // user-event gives Escape no keyCode, which reactstrap reads (a browser gives one).
    fireEvent.keyUp(dialog, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.savedViews).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete view My printer queue' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this view?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(db.savedViews).toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('view=11'));
  });

  it('saves the current list as a shared view that appears in the sidebar', async () => {
    signInAs('agent@example.com');
    const bodies = bodiesTo('/api/views/');
    const { user } = renderApp('/hd_ticket?status_id=1');
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(within(dialog).getByText('Name the view.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('View name'), 'New tickets');
    await user.click(within(dialog).getByLabelText('Share with all agents'));
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    const menu = await screen.findByRole('list', { name: 'Saved views' });
    expect(await within(menu).findByRole('link', { name: /New tickets/ })).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      object_type: 'T',
      filters: { status_id: 1 },
      sort: '-created_at',
      columns: [],
      name: 'New tickets',
      shared: true,
    });
    expect(db.savedViews[0]).toMatchObject({ name: 'New tickets', shared: true, owner_id: 1 });
  });
});
