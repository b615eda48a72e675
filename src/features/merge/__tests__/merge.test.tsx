import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';
import type { Ticket } from '../../records/types';

const ticket = (id: number) => db.records.find((r) => r.id === id) as Ticket;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

async function openAgentTicket(id: number) {
  signInAs('agent@example.com');
  const app = renderApp(`/hd_ticket/details?hdTicketId=${id}`);
  const actions = await screen.findByRole('group', { name: 'Actions' });
  return { ...app, actions };
}

function addMessage(recordId: number, body: string, at: string) {
  const id = db.work.nextId++;
  db.work.messages.push({
    id,
    record_id: recordId,
    thread: 'communication',
    author_id: 2,
    author_name: null,
    sent_as: 'self',
    sent_as_name: null,
    action: 'reply',
    body,
    forward_to: null,
    time_spent_minutes: null,
    channel: 'web',
    quoted_body: null,
    from_email: null,
    sender_verified: true,
    created_at: at,
  });
  return id;
}

describe('merge into another ticket (the record)', () => {
  it('finds the target by subject, merges, and opens the target', async () => {
    const { user, actions } = await openAgentTicket(3);
    await user.click(within(actions).getByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge #3 into another ticket' });
    await user.type(
      within(dialog).getByLabelText('Find the ticket to merge into'),
      ticket(2).subject.slice(0, 6),
    );
    await user.click(await within(dialog).findByRole('radio', { name: `#2 ${ticket(2).subject}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Merged into #2')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: ticket(2).subject }),
    ).toBeInTheDocument();
    expect(db.mergedInto.get(3)).toBe(2);
    expect(ticket(3).status_name).toBe('Closed');
  });

  it('asks before merging tickets of different requesters', async () => {
    const { user, actions } = await openAgentTicket(15);
    await user.click(within(actions).getByRole('button', { name: 'Merge into…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge #15 into another ticket' });
    await user.type(
      within(dialog).getByLabelText('Find the ticket to merge into'),
      ticket(2).subject.slice(0, 6),
    );
    await user.click(await within(dialog).findByRole('radio', { name: `#2 ${ticket(2).subject}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'These tickets have different requesters. Confirm to merge them: the other requesters will follow the target.',
    );
    expect(db.mergedInto.has(15)).toBe(false);
    await user.click(within(alert).getByRole('button', { name: 'Merge anyway' }));
    expect(await screen.findByText('Merged into #2')).toBeInTheDocument();
    expect(db.mergedInto.get(15)).toBe(2);
  });

  it("a merged ticket's old address opens the ticket it went into", async () => {
    db.mergedInto.set(4, 2);
    signInAs('agent@example.com');
    renderApp('/hd_ticket/details?hdTicketId=4');
    expect(
      await screen.findByRole('heading', { level: 1, name: ticket(2).subject }),
    ).toBeInTheDocument();
  });
});

describe('merge from the list', () => {
  it('merges the ticked tickets into the one kept', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const [first, second] = rows();
    await user.click(within(first).getByRole('checkbox'));
    await user.click(within(second).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Merge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 2 tickets' });
    const keep = within(dialog).getByLabelText<HTMLSelectElement>(
      'The ticket to keep (the others merge into it)',
    );
    const options = within(keep).getAllByRole('option') as HTMLOptionElement[];
    const [kept, other] = options.map((o) => Number(o.value));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    // Tickets of different requesters are merged only once the agent confirms.
    if (ticket(kept).requester_id !== ticket(other).requester_id) {
      await user.click(await within(dialog).findByRole('button', { name: 'Merge anyway' }));
    }
    expect(await screen.findByText(`Merged into #${kept}`)).toBeInTheDocument();
    expect(db.mergedInto.get(other)).toBe(kept);
  });
});

describe('split a message out', () => {
  it('makes a new ticket from a conversation message and opens it', async () => {
    addMessage(2, '<p>First point.</p>', '2026-01-01T10:00:00.000Z');
    const second = addMessage(2, '<p>Another matter.</p>', '2026-01-01T11:00:00.000Z');
    const { user } = await openAgentTicket(2);
    const message = (await screen.findByText('Another matter.')).closest('li') as HTMLElement;
    await user.click(within(message).getByRole('button', { name: /^Split out this message/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Split this message out into a new ticket',
    });
    const subject = within(dialog).getByLabelText('Subject of the new ticket');
    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));
    expect(
      await within(dialog).findByText('Subject must be 1 to 200 characters.'),
    ).toBeInTheDocument();
    await user.type(subject, 'Another matter');
    await user.type(
      within(dialog).getByLabelText('Requester of the new ticket (empty: the same)'),
      'Bob',
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Bob Example' }));
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Another matter' }),
    ).toBeInTheDocument();
    const made = db.records.find((r) => r.object_type === 'T' && r.subject === 'Another matter');
    expect(db.work.messages.find((m) => m.id === second)?.record_id).toBe(made?.id);
    expect((made as Ticket).requester_id).toBe(3);
  });
});

describe('typed links and solving children', () => {
  it('links a child, shows the type, and solves it with the parent when asked', async () => {
    const { user } = await openAgentTicket(2);
    const related = await screen.findByRole('region', { name: 'Related records' });
    await user.selectOptions(within(related).getByLabelText('Link'), 'Parent of');
    await user.type(within(related).getByLabelText(/Find/), ticket(7).subject.slice(0, 8));
    await user.click(
      await within(related).findByRole('button', { name: `Relate ${ticket(7).subject}` }),
    );
    const item = (await within(related).findByRole('link', { name: ticket(7).subject })).closest(
      'li',
    ) as HTMLElement;
    expect(within(item).getByText('Parent of')).toBeInTheDocument();
    expect(db.relations).toContainEqual({ a: 2, b: 7, link: 'parent_of' });

    await user.selectOptions(await screen.findByLabelText('Status'), 'Resolved');
    const dialog = await screen.findByRole('dialog', { name: 'Solve the child tickets too?' });
    await user.click(within(dialog).getByRole('button', { name: 'Solve them too' }));
    await waitFor(() => expect(ticket(7).status_name).toBe('Resolved'));
    expect(ticket(2).status_name).toBe('Resolved');
  });
});
