import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import type { ContentItem, Ticket } from '../types';
import { renderApp, signInAs } from '../../../test/render-app';

const ticket = (id: number) => db.records.find((r) => r.id === id) as Ticket;
const content = (id: number) => db.records.find((r) => r.id === id) as ContentItem;

async function openAgentTicket(id = 2) {
  signInAs('agent@example.com');
  const app = renderApp(`/hd_ticket/details?hdTicketId=${id}`);
  const actions = await screen.findByRole('group', { name: 'Actions' });
  return { ...app, actions };
}

/** A property as the side panel shows it: its in-place control's choice, or the facts list's. */
function detailValue(term: string) {
  const control = screen.queryByLabelText(term, { selector: 'select' });
  if (control instanceof HTMLSelectElement) return control.selectedOptions[0]?.textContent?.trim();
  const list = screen.getByRole('heading', { name: 'Details' }).parentElement as HTMLElement;
  const dt = within(list)
    .getAllByRole('term')
    .find((el) => el.textContent === term);
  return dt?.nextElementSibling?.textContent;
}

describe('agent actions', () => {
  it('assign: Cancel does nothing; confirming assigns, toasts and logs it', async () => {
    const { user, actions } = await openAgentTicket();
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign record' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ticket(2).assignee_id).toBeNull();

    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign record' });
    const select = within(dialog).getByLabelText('Assignee');
    await within(select).findByRole('option', { name: 'Agent Smith' });
    await user.selectOptions(select, 'Agent Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Record assigned')).toBeInTheDocument();
    await waitFor(() => expect(detailValue('Assignee')).toBe('Agent Smith'));
    expect(ticket(2)).toMatchObject({ assignee_id: 1, version: 2 });
    const history = screen.getByRole('region', { name: 'History' });
    expect(
      await within(history).findByText(/^Agent Smith assigned it to Agent Smith · /),
    ).toBeInTheDocument();
  });

  it('assign with a stale version: the conflict message and the current record', async () => {
    const { user, actions } = await openAgentTicket();
    db.records = db.records.map((r) =>
      r.id === 2 ? { ...ticket(2), subject: 'Changed meanwhile', version: 5 } : r,
    );
    await user.click(within(actions).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign record' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText('Someone else changed this record. The current version is shown.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changed meanwhile' }),
    ).toBeInTheDocument();
    expect(detailValue('Version')).toBe('5');
  });

  it('move: Cancel does nothing; confirming moves to the chosen help desk', async () => {
    const { user, actions } = await openAgentTicket();
    await user.click(within(actions).getByRole('button', { name: 'Move' }));
    let dialog = await screen.findByRole('dialog', { name: 'Move to another help desk' });
    // reactstrap reads keyCode (browsers set it; user-event does not).
    fireEvent.keyUp(within(dialog).getByLabelText('Help desk'), { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ticket(2).hd_id).toBe(3);

    await user.click(within(actions).getByRole('button', { name: 'Move' }));
    dialog = await screen.findByRole('dialog', { name: 'Move to another help desk' });
    const select = within(dialog).getByLabelText('Help desk');
    await within(select).findByRole('option', { name: 'HR' });
    await user.selectOptions(select, 'HR');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Record moved')).toBeInTheDocument();
    await waitFor(() => expect(detailValue('Help desk')).toBe('HR'));
    expect(ticket(2).hd_id).toBe(4);
  });

  it('duplicate: Cancel does nothing; confirming opens the copy', async () => {
    const { user, actions } = await openAgentTicket();
    await user.click(within(actions).getByRole('button', { name: 'Duplicate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Duplicate this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.records).toHaveLength(45);

    await user.click(within(actions).getByRole('button', { name: 'Duplicate' }));
    dialog = await screen.findByRole('dialog', { name: 'Duplicate this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Record duplicated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/hd_ticket/details?hdTicketId=46'),
    );
    expect(ticket(46)).toMatchObject({ subject: 'Laptop will not boot', status_id: 1 });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(
      await within(history).findByText(/^Agent Smith created it as a copy of #2 · /),
    ).toBeInTheDocument();
  });

  it('delete: Cancel does nothing; confirming deletes and goes to the list', async () => {
    const { user, actions } = await openAgentTicket();
    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ticket(2)).toBeDefined();

    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this record?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Record deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/hd_ticket$/));
    expect(ticket(2)).toBeUndefined();
  });

  it('searchable: Cancel does nothing; confirming toggles the setting', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_content/details?hdContentId=31');
    const actions = await screen.findByRole('group', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Make searchable' }));
    let dialog = await screen.findByRole('dialog', { name: 'Make this content searchable?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(content(31).searchable).toBe(false);

    await user.click(within(actions).getByRole('button', { name: 'Make searchable' }));
    dialog = await screen.findByRole('dialog', { name: 'Make this content searchable?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Searchable setting saved')).toBeInTheDocument();
    expect(
      await within(actions).findByRole('button', { name: 'Make not searchable' }),
    ).toBeInTheDocument();
    expect(content(31).searchable).toBe(true);
    expect(detailValue('Searchable')).toBe('Yes');
  });

  it('no actions for a regular owner', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    for (const name of ['Assign', 'Move', 'Duplicate', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});
