import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';
import type { Trigger } from '../types';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

function seed(name: string, extra: Partial<Trigger> = {}): Trigger {
  const t: Trigger = {
    id: db.nextTriggerId++,
    name,
    active: true,
    position: db.triggers.length + 1,
    event: 'ticket_created',
    match: 'all',
    conditions: [],
    actions: [{ type: 'set_priority', priority_id: 3 }],
    stop: false,
    updated_at: new Date().toISOString(),
    ...extra,
  };
  db.triggers.push(t);
  return t;
}

const firstTicket = () => {
  const t = db.records.find(
    (r): r is Extract<typeof r, { object_type: 'T' }> => r.object_type === 'T' && !r.is_draft,
  );
  if (!t) throw new Error('no ticket in the mock data');
  return t;
};

describe('triggers page', () => {
  it('lists the triggers in order, moves one with the keyboard, switches one off and deletes one after confirming', async () => {
    signInAs('agent@example.com');
    seed('Acme triage');
    seed('Close spam', { event: 'requester_message', stop: true });
    const { user } = renderApp('/triggers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Triggers' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Acme triage');
    expect(rows()[0]).toHaveTextContent('A ticket is created');
    expect(rows()[1]).toHaveTextContent("A requester's message arrives");
    expect(screen.getByRole('button', { name: 'Move up: Acme triage' })).toBeDisabled();

    // Keyboard: focus the button and press Enter; the order route puts it second.
    screen.getByRole('button', { name: 'Move down: Acme triage' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Close spam'));
    expect([...db.triggers].sort((a, b) => a.position - b.position).map((t) => t.name)).toEqual([
      'Close spam',
      'Acme triage',
    ]);

    const active = screen.getByRole('switch', { name: 'Acme triage is active' });
    expect(active).toBeChecked();
    await user.click(active);
    await waitFor(() =>
      expect(db.triggers.find((t) => t.name === 'Acme triage')?.active).toBe(false),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Acme triage is active' })).not.toBeChecked(),
    );
    // The rest of the trigger is sent back unchanged.
    expect(db.triggers.find((t) => t.name === 'Acme triage')?.actions).toEqual([
      { type: 'set_priority', priority_id: 3 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete Close spam' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Close spam” stops acting on tickets and is deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(db.triggers.map((t) => t.name)).toEqual(['Acme triage']);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Triggers' })).toHaveAttribute(
      'href',
      '/triggers',
    );
  });

  it('says so when there are no triggers', async () => {
    signInAs('agent@example.com');
    renderApp('/triggers');
    expect(await screen.findByText('No triggers yet.')).toBeInTheDocument();
  });

  it('builds conditions field by field, offers only a field’s operators and shows the server’s message beside the control', async () => {
    signInAs('agent@example.com');
    db.tags.push({ id: db.nextTagId++, name: 'vip' });
    const { user } = renderApp('/triggers');
    await screen.findByText('No triggers yet.');
    await user.click(screen.getByRole('button', { name: 'Add a trigger' }));
    const form = screen.getByRole('form', { name: 'New trigger' });
    await user.type(within(form).getByLabelText('Name'), 'Acme triage');

    // Nothing picked yet: the form says what is missing, beside each control, and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Add a condition' }));
    await user.click(within(form).getByRole('button', { name: 'Save trigger' }));
    expect(await within(form).findAllByText('Pick at least one.')).toHaveLength(2);
    expect(db.triggers).toHaveLength(0);

    // A field's operators only: tags contain or not; the subject's words or patterns.
    const field = within(form).getByLabelText('Condition 1: on');
    await user.selectOptions(field, 'tags');
    expect(optionTexts(within(form).getByLabelText('Condition 1: operator'))).toEqual([
      'contains',
      'does not contain',
    ]);
    // Tags are picked with the tags' type-ahead.
    expect(within(form).getByRole('combobox', { name: 'Condition 1: value' })).toBeInTheDocument();
    await user.selectOptions(field, 'business_hours');
    expect(optionTexts(within(form).getByLabelText('Condition 1: operator'))).toEqual([
      'within business hours',
      'outside business hours',
    ]);
    expect(within(form).queryByLabelText('Condition 1: value')).not.toBeInTheDocument();
    await user.selectOptions(field, 'subject');
    expect(optionTexts(within(form).getByLabelText('Condition 1: operator'))).toEqual([
      'contains',
      'does not contain',
      'matches the pattern',
      'does not match the pattern',
    ]);
    await user.selectOptions(within(form).getByLabelText('Condition 1: operator'), 'matches');
    // A pattern the server cannot compile: its message names conditions.0.value.
    await user.type(within(form).getByLabelText('Condition 1: regular expression'), 'printer[[');

    await user.selectOptions(within(form).getByLabelText('Action 1: type'), 'set_priority');
    await user.selectOptions(within(form).getByLabelText('Action 1: value'), 'High');
    await user.click(within(form).getByRole('button', { name: 'Add an action' }));
    await user.selectOptions(within(form).getByLabelText('Action 2: type'), 'add_tags');
    await user.type(within(form).getByRole('combobox', { name: 'Action 2: tags' }), 'vi');
    await user.click(await screen.findByRole('option', { name: 'vip' }));
    expect(
      within(within(form).getByRole('list', { name: 'Action 2: tags' })).getByText('vip'),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save trigger' }));
    const pattern = within(form).getByLabelText('Condition 1: regular expression');
    await waitFor(() =>
      expect(pattern).toHaveAccessibleDescription('This is not a valid regular expression.'),
    );
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(db.triggers).toHaveLength(0);

    await user.clear(pattern);
    await user.type(pattern, '^printer');
    await user.click(within(form).getByRole('checkbox', { name: /Stop here/ }));
    await user.click(within(form).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(db.triggers).toHaveLength(1));
    expect(db.triggers[0]).toMatchObject({
      name: 'Acme triage',
      event: 'ticket_created',
      match: 'all',
      stop: true,
      active: true,
      conditions: [{ field: 'subject', operator: 'matches', value: '^printer' }],
      actions: [
        { type: 'set_priority', priority_id: 3 },
        { type: 'add_tags', tag_ids: [db.tags[0].id] },
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    // The editor stays open on the saved trigger, to test it.
    expect(await screen.findByRole('form', { name: 'Edit Acme triage' })).toBeInTheDocument();
  });

  it('tests a saved trigger against a ticket: which conditions matched and what would happen', async () => {
    signInAs('agent@example.com');
    const ticket = firstTicket();
    seed('Normal to high', {
      match: 'all',
      conditions: [
        { field: 'priority', operator: 'is', value: [ticket.priority_id ?? 2] },
        { field: 'subject', operator: 'contains', value: 'no such words anywhere' },
      ],
    });
    const { user } = renderApp('/triggers');
    await user.click(await screen.findByRole('button', { name: 'Edit Normal to high' }));
    const test = screen.getByRole('form', { name: 'Test against a ticket' });
    await user.click(within(test).getByRole('button', { name: 'Test' }));
    expect(within(test).getByLabelText('Ticket number')).toHaveAccessibleDescription(
      'Give a ticket number.',
    );
    await user.type(within(test).getByLabelText('Ticket number'), String(ticket.id));
    await user.click(within(test).getByRole('button', { name: 'Test' }));
    expect(
      await within(test).findByText(`Ticket #${ticket.id}: the trigger would not run.`),
    ).toBeInTheDocument();
    const conditions = within(test).getByRole('list', { name: 'Conditions' });
    expect(
      within(conditions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `✓ Met: Priority is: ${ticket.priority_name}`,
      '✗ Not met: Subject contains: no such words anywhere',
    ]);

    // Any of them is enough: saved, then tested again, it would set the priority.
    const edit = screen.getByRole('form', { name: 'Edit Normal to high' });
    await user.click(within(edit).getByRole('radio', { name: 'Any condition may match' }));
    await user.click(within(edit).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(db.triggers[0].match).toBe('any'));
    const again = await screen.findByRole('form', { name: 'Test against a ticket' });
    await user.clear(within(again).getByLabelText('Ticket number'));
    await user.type(within(again).getByLabelText('Ticket number'), String(ticket.id));
    await user.click(within(again).getByRole('button', { name: 'Test' }));
    expect(
      await within(again).findByText(`Ticket #${ticket.id}: the trigger would run.`),
    ).toBeInTheDocument();
    expect(
      within(within(again).getByRole('list', { name: 'What it would do' })).getByRole('listitem'),
    ).toHaveTextContent('Set the priority to High');

    // A ticket that does not exist: the server's message beside the number.
    await user.clear(within(again).getByLabelText('Ticket number'));
    await user.type(within(again).getByLabelText('Ticket number'), '999999');
    await user.click(within(again).getByRole('button', { name: 'Test' }));
    await waitFor(() =>
      expect(within(again).getByLabelText('Ticket number')).toHaveAccessibleDescription(
        'This ticket does not exist.',
      ),
    );
  });
});
