import { screen, waitFor, within } from '@testing-library/react';
import { seedAutomation } from '../../../mocks/automation-handlers';
import { db, findUserByEmail } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';
import type { Automation } from '../types';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

const HOUR = 3_600_000;
/** The lazy page's first load on a busy machine. */
const FIRST = { timeout: 45_000 };

function rule(name: string, extra: Partial<Automation> = {}): Automation {
  return seedAutomation({
    name,
    active: true,
    match: 'all',
    conditions: [],
    time_conditions: [{ field: 'status_for', status_id: 3, hours: 168 }],
    actions: [{ type: 'set_status', status_id: 5 }],
    ...extra,
  });
}

/** Mock tickets put in Pending `hours` ago (the mock reads a status's time from updated_at). */
function pending(count: number, hours: number) {
  const tickets = db.records
    .filter(
      (r): r is Extract<typeof r, { object_type: 'T' }> => r.object_type === 'T' && !r.is_draft,
    )
    .slice(0, count);
  // The demo data's other pending tickets have been pending a moment only.
  for (const r of db.records)
    if (r.object_type === 'T' && r.status_id === 3) r.updated_at = new Date().toISOString();
  for (const t of tickets) {
    t.status_id = 3;
    t.updated_at = new Date(Date.now() - hours * HOUR).toISOString();
  }
  return tickets;
}

describe('time-based rules page', () => {
  it('lists the rules in order with their time conditions, moves, switches, runs and deletes one after confirming', async () => {
    signInAs('agent@example.com');
    rule('Close stale pending');
    rule('Old tickets', { time_conditions: [{ field: 'created_ago', days: 30 }] });
    const { user } = renderApp('/automations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Time-based rules' }, FIRST),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2), FIRST);
    expect(rows()[0]).toHaveTextContent('Close stale pending');
    expect(rows()[0]).toHaveTextContent('Pending for more than 168 hours');
    expect(rows()[1]).toHaveTextContent('created more than 30 days ago');

    screen.getByRole('button', { name: 'Move down: Close stale pending' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Old tickets'));

    await user.click(screen.getByRole('switch', { name: 'Close stale pending is active' }));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Close stale pending is active' }),
      ).not.toBeChecked(),
    );
    // An inactive rule cannot be run; an active one queues a pass.
    expect(screen.getByRole('button', { name: 'Run now: Close stale pending' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Run now: Old tickets' }));
    expect(
      await screen.findByText('A pass of the time-based rules starts now.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Old tickets' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Old tickets” stops acting on tickets and is deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Close stale pending');

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Time-based rules' })).toHaveAttribute(
      'href',
      '/automations',
    );
  });

  it('agents read the rules and their matching tickets but change nothing', async () => {
    const agent = findUserByEmail('agent@example.com');
    if (!agent) throw new Error('no demo agent');
    agent.user_is_admin = false;
    signInAs('agent@example.com');
    rule('Close stale pending');
    const { user } = renderApp('/automations');
    await waitFor(() => expect(rows()).toHaveLength(1), FIRST);
    expect(screen.queryByRole('button', { name: 'Add a time-based rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('On');
    await user.click(screen.getByRole('button', { name: 'View Close stale pending' }));
    const form = screen.getByRole('form', { name: '“Close stale pending”' });
    expect(within(form).getByLabelText('Name')).toBeDisabled();
    expect(within(form).getByLabelText('Time condition 1: hours')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save rule' })).not.toBeInTheDocument();
    // The preview is an agent's too.
    expect(
      await within(form).findByText(/(open tickets? match(es)? now)|(No open ticket)/, {}, FIRST),
    ).toBeVisible();
  });
});

describe('time-based rule editor', () => {
  it('builds time conditions that only the server accepts, previews the matching tickets as they change, and keeps the form on a refused save', async () => {
    signInAs('agent@example.com');
    const stale = pending(12, 5);
    const { user } = renderApp('/automations');
    await screen.findByText('No time-based rules yet.', {}, FIRST);
    await user.click(screen.getByRole('button', { name: 'Add a time-based rule' }));
    const form = screen.getByRole('form', { name: 'New time-based rule' });
    const preview = within(form).getByRole('region', { name: 'Tickets matching now' });
    expect(preview).toHaveTextContent('Complete the time conditions');

    // Only open statuses; event-only conditions are not offered.
    expect(optionTexts(within(form).getByLabelText('Time condition 1: status'))).toEqual([
      'Choose…',
      'New',
      'Open',
      'Pending',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Add a condition' }));
    const on = optionTexts(within(form).getByLabelText('Condition 1: on'));
    expect(on).not.toContain('Change');
    expect(on.length).toBeGreaterThan(5);
    await user.click(within(form).getByRole('button', { name: 'Remove condition 1' }));

    // Nothing sent while incomplete; the form names what is missing beside each control.
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Time condition 1: status')).toHaveAccessibleDescription(
        'Pick at least one.',
      ),
    );
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
      'Give a name of 1 to 100 characters.',
    );
    await user.selectOptions(within(form).getByLabelText('Time condition 1: status'), 'Pending');
    const hours = within(form).getByLabelText('Time condition 1: hours');
    await user.type(hours, '0');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(hours).toHaveAccessibleDescription('Give a number of hours from 1 to 8760.'),
    );
    expect(preview).toHaveTextContent('Complete the time conditions');

    await user.clear(hours);
    await user.type(hours, '4');
    expect(
      await within(preview).findByText('12 open tickets match now:', {}, FIRST),
    ).toBeInTheDocument();
    expect(within(preview).getByText('The first ten:')).toBeInTheDocument();
    expect(within(preview).getAllByRole('link')).toHaveLength(10);
    expect(within(preview).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/hd_ticket/details?hdTicketId=${Math.min(...stale.map((t) => t.id))}`,
    );

    // Changed: asked again (after a pause) — nothing pending for more than 6 hours.
    await user.clear(within(form).getByLabelText('Time condition 1: hours'));
    await user.type(within(form).getByLabelText('Time condition 1: hours'), '6');
    expect(
      await within(preview).findByText('No open ticket matches now.', {}, FIRST),
    ).toBeInTheDocument();

    // Each kind of time condition once: the second offers the other kinds only; four at most.
    await user.click(within(form).getByRole('button', { name: 'Add a time condition' }));
    expect(optionTexts(within(form).getByLabelText('Time condition 2: kind'))).toEqual([
      'No reply from the requester for',
      'Created more than',
      'A due time within',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Remove time condition 2' }));

    // The server refuses a name already taken: its message beside the name, the rest kept.
    rule('Close pending');
    await user.type(within(form).getByLabelText('Name'), 'Close pending');
    await user.selectOptions(within(form).getByLabelText('Action 1: value'), 'Closed');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        'A time-based rule with this name already exists.',
      ),
    );
    expect(within(form).getByLabelText('Time condition 1: hours')).toHaveValue(6);

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Close pending quietly');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByRole('form', { name: 'Edit “Close pending quietly”' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});
