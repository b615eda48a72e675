import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signInAs } from '../../../test/render-app';

describe('content collector maintenance', () => {
  it('adds and renames a category; a sibling with the same name is refused', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/content-collector-maintenance');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content collector maintenance' }),
    ).toBeInTheDocument();
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    await within(tree).findByText('Network (7)');

    // Add under Network.
    const form = screen.getByRole('form', { name: 'New category' });
    await user.type(within(form).getByLabelText('Category name'), 'Firewall');
    await user.selectOptions(within(form).getByLabelText('Parent category'), 'Network');
    expect(within(form).getByRole('option', { name: 'None (top level)' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Category added')).toBeInTheDocument();
    await user.click(within(tree).getByRole('button', { name: 'Show sub-categories of Network' }));
    expect(await within(tree).findByText('Firewall (0)')).toBeInTheDocument();
    expect(within(form).getByLabelText('Category name')).toHaveValue('');

    // A sibling with the same name: the server's message beside the input.
    await user.type(within(form).getByLabelText('Category name'), 'network');
    await user.selectOptions(within(form).getByLabelText('Parent category'), '');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(
      await within(form).findByText('A category with this name already exists here.'),
    ).toBeInTheDocument();

    // Rename.
    await user.click(within(tree).getByRole('button', { name: 'Rename Firewall' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename category' });
    const input = within(rename).getByLabelText('Category name');
    await user.clear(input);
    await user.type(input, 'Firewalls');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category renamed')).toBeInTheDocument();
    expect(await within(tree).findByText('Firewalls (0)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves and deletes; a category in use cannot be deleted (409)', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/content-collector-maintenance');
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    await within(tree).findByText('Network (7)');
    await user.click(
      within(tree).getByRole('button', { name: 'Show sub-categories of Facilities' }),
    );
    await within(tree).findByText('Parking (0)');

    // Move to the top level.
    await user.click(within(tree).getByRole('button', { name: 'Move Parking' }));
    const move = await screen.findByRole('dialog', { name: 'Move category' });
    expect(within(move).queryByRole('option', { name: /Parking/ })).toBeNull();
    await user.selectOptions(within(move).getByLabelText('Parent category'), '');
    await user.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Category moved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // In use: 409 with the server's message.
    await user.click(within(tree).getByRole('button', { name: 'Delete Network' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    // The shared confirmation: it names what goes, and Enter at once would only cancel.
    expect(dialog).toHaveTextContent('“Network” will be deleted.');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This category is used by 2 records and cannot be deleted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(tree).getByRole('button', { name: 'Delete Parking' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(tree).queryByText('Parking (0)')).toBeNull());
  });

  it('is not found for a regular user, and not in their menu', async () => {
    signInAs('alice@example.com');
    renderApp('/content-collector-maintenance');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
