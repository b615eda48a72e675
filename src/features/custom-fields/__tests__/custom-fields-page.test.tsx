import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('custom fields page', () => {
  it('an admin defines a single-choice field (validated), reorders, edits and deletes fields', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/custom-fields');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom fields' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No custom fields yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a field' }));
    const form = screen.getByRole('form', { name: 'New field' });
    await user.type(within(form).getByLabelText('Key'), 'Bad Key');
    await user.selectOptions(within(form).getByLabelText('Type'), 'single_choice');
    await user.click(within(form).getByRole('checkbox', { name: 'Editable by requesters' }));
    await user.click(within(form).getByRole('button', { name: 'Save field' }));
    expect(
      await within(form).findByText(
        'Key must start with a letter and hold lowercase letters, digits and underscores (at most 50).',
      ),
    ).toBeInTheDocument();
    expect(within(form).getAllByText('Label must be 1 to 100 characters.')).toHaveLength(2);
    expect(
      within(form).getByText('A field requesters can edit must be shown to them.'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('A choice field needs at least one choice, each value once.'),
    ).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Key'));
    await user.type(within(form).getByLabelText('Key'), 'product');
    await user.type(within(form).getByLabelText('Label (English)'), 'Product');
    await user.type(within(form).getByLabelText('Label (Spanish)'), 'Producto');
    await user.click(within(form).getByRole('checkbox', { name: 'Shown to requesters' }));
    await user.click(within(form).getByRole('button', { name: 'Add a choice' }));
    await user.type(within(form).getByLabelText('Value 1'), 'printer');
    await user.type(within(form).getByLabelText('English label 1'), 'Printer');
    await user.type(within(form).getByLabelText('Spanish label 1'), 'Impresora');
    await user.click(within(form).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(db.customFields[0]).toMatchObject({
      key: 'product',
      type: 'single_choice',
      shown_to_requesters: true,
      editable_by_requesters: true,
      choices: [{ value: 'printer', label_en: 'Printer', label_es: 'Impresora' }],
    });
    expect(rows()[0]).toHaveTextContent('Single choice');

    // A second field, then the first moves below it.
    await user.click(screen.getByRole('button', { name: 'Add a field' }));
    const second = screen.getByRole('form', { name: 'New field' });
    await user.type(within(second).getByLabelText('Key'), 'serial');
    await user.type(within(second).getByLabelText('Label (English)'), 'Serial');
    await user.type(within(second).getByLabelText('Label (Spanish)'), 'Serie');
    await user.click(within(second).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Move Product down' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Serial'));

    // Deactivating: the key and type stay fixed in the edit form.
    await user.click(screen.getByRole('button', { name: 'Edit Product' }));
    const edit = screen.getByRole('form', { name: 'Edit Product' });
    expect(within(edit).getByLabelText('Key')).toBeDisabled();
    await user.click(within(edit).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(edit).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Inactive'));
    expect(db.customFields.find((f) => f.key === 'product')?.version).toBe(2);

    // A field records carry a value for: the dialog names how many before it deletes.
    const ticket = db.records.find((r) => r.object_type === 'T');
    Object.assign(ticket ?? {}, { fields: { product: 'printer' } });
    await user.click(screen.getByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Product” is deleted with its values on every record.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        '1 record carries a value for this field. Deleting the field removes that value.',
      ),
    ).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete the field and its values' }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(db.customFields.map((f) => f.key)).toEqual(['serial']);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Custom fields' })).toHaveAttribute(
      'href',
      '/custom-fields',
    );
  });

  it('is the not-found page for an agent who is not an administrator, and for a regular user', async () => {
    const agent = db.users.find((u) => u.email === 'agent@example.com');
    if (agent) agent.user_is_admin = false;
    signInAs('agent@example.com');
    const { unmount } = renderApp('/custom-fields');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
    unmount();
    signInAs('alice@example.com');
    renderApp('/custom-fields');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
