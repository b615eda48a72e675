import { cleanup, screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../lib/i18n';
import { renderApp, signInAs } from '../../../test/render-app';

const tableOf = (name: string) => screen.getByRole('table', { name });
const rowOf = (table: HTMLElement, name: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByText(name, { exact: false }).length > 0);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('Automatic assignment page', () => {
  it('is in the administration menu for an administrator', async () => {
    signInAs('agent@example.com');
    renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Automatic assignment' });
    expect(link).toHaveAttribute('href', '/admin/assignment');
  });

  it("sets a desk's rule and away setting, checking the hours, and lists the agents' availability", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/assignment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Automatic assignment' }),
    ).toBeInTheDocument();
    const desks = await screen.findByRole('table', { name: 'Ticket desks' });
    expect(rowOf(desks, 'Hardware')).toHaveTextContent('Off');
    expect(rowOf(desks, 'Hardware')).toHaveTextContent('Never');
    expect(
      within(screen.getByRole('table', { name: "Agents' availability" })).getByText('Agent Smith'),
    ).toBeInTheDocument();
    expect(rowOf(tableOf("Agents' availability"), 'Agent Smith')).toHaveTextContent('Available');
    // Content desks have no assignment.
    expect(within(desks).queryByText('Knowledge base')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit assignment: Hardware' }));
    const form = screen.getByRole('form', { name: 'Assignment for Hardware' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rule' }), 'round_robin');
    const hours = within(form).getByRole('textbox', {
      name: "Hand back an away agent's open tickets after (hours)",
    });
    await user.type(hours, '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        'Away hours must be a whole number from 1 to 720, or empty for never.',
      ),
    ).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(
      within(form).getByRole('radio', { name: 'To the next available agent by the rule' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(rowOf(tableOf('Ticket desks'), 'Hardware')).toHaveTextContent('Round-robin'),
    );
    expect(rowOf(tableOf('Ticket desks'), 'Hardware')).toHaveTextContent(
      'After 8 hours: to the next agent',
    );
    expect(await screen.findByText('Assignment rule saved.')).toBeInTheDocument();
  });

  it('is not found for a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/admin/assignment');
    expect(await screen.findByRole('heading', { name: /could not be found/ })).toBeInTheDocument();
  });
});

describe('Availability on the profile', () => {
  it('lets an agent go away and come back with the keyboard, and admins see it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Availability' });
    expect(
      await within(card).findByText('You are available for automatic assignment.'),
    ).toBeInTheDocument();
    const goAway = within(card).getByRole('button', { name: 'Set yourself away' });
    goAway.focus();
    await user.keyboard('{Enter}');
    expect(
      await within(card).findByText('You are away: automatic assignment skips you.'),
    ).toBeInTheDocument();
    expect(within(card).getByText(/^Since /)).toBeInTheDocument();
    expect(await screen.findByText('You are now away.')).toBeInTheDocument();

    cleanup();
    renderApp('/admin/assignment');
    const agents = await screen.findByRole('table', { name: "Agents' availability" });
    expect(rowOf(agents, 'Agent Smith')).toHaveTextContent('Away');

    cleanup();
    renderApp('/profile');
    const again = await screen.findByRole('region', { name: 'Availability' });
    await user.click(await within(again).findByRole('button', { name: "I'm back" }));
    expect(
      await within(again).findByText('You are available for automatic assignment.'),
    ).toBeInTheDocument();
  });

  it('is not shown to a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Alice Example' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Availability' })).not.toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    signInAs('agent@example.com');
    await i18n.changeLanguage('es');
    renderApp('/admin/assignment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Asignación automática' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Servicios de ayuda de tickets' }),
    ).toBeInTheDocument();
  });
});
