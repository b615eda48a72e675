// The custom fields on the raise form: which a viewer sees, by type and language, required
// messages under the field (ours and the server's), the values sent, and a stale set's 409.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '../../../lib/i18n';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import type { CustomField } from '../types';

type User = ReturnType<typeof renderApp>['user'];

let nextId = 100;
function define(f: Partial<CustomField> & Pick<CustomField, 'key' | 'type'>): CustomField {
  const field: CustomField = {
    id: nextId++,
    object_type: 'T',
    label_en: f.key,
    label_es: `${f.key} (es)`,
    help_en: '',
    help_es: '',
    required_for_agents: false,
    shown_to_requesters: false,
    editable_by_requesters: false,
    required_when_raising: false,
    hd_ids: [],
    choices: [],
    default_value: null,
    position: nextId,
    active: true,
    version: 1,
    ...f,
  };
  db.customFields.push(field);
  db.customFieldSets.T += 1;
  return field;
}

const product = () =>
  define({
    key: 'product',
    type: 'single_choice',
    label_en: 'Product',
    label_es: 'Producto',
    help_en: 'What is broken.',
    help_es: 'Lo que falla.',
    shown_to_requesters: true,
    editable_by_requesters: true,
    required_when_raising: true,
    choices: [
      { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
      { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
    ],
  });

async function fillBasics(user: User) {
  await user.type(await screen.findByLabelText('Subject'), 'Mouse is broken');
  const editor = await screen.findByRole('textbox', { name: 'Description' });
  await user.click(editor);
  await user.paste('It clicks twice.');
  await user.selectOptions(screen.getByLabelText('Priority'), 'High');
}

describe('custom fields on the raise form', () => {
  it('shows a requester only the fields shown to them, each with its help, and requires the required one', async () => {
    product();
    define({ key: 'serial', type: 'text', label_en: 'Serial number' });
    define({
      key: 'hr_only',
      type: 'checkbox',
      label_en: 'HR only',
      shown_to_requesters: true,
      hd_ids: [4],
    });
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    const select = await screen.findByLabelText('Product');
    expect(select).toHaveAccessibleDescription('What is broken.');
    expect(screen.queryByLabelText('Serial number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('HR only')).not.toBeInTheDocument();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Product')).toHaveAccessibleDescription(
        'This field is required. What is broken.',
      ),
    );
    expect(db.records.some((r) => 'subject' in r && r.subject === 'Mouse is broken')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Product'), 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    const created = db.records.find((r) => 'subject' in r && r.subject === 'Mouse is broken');
    expect(created?.fields).toEqual({ product: 'laptop' });
  });

  it('shows a desk’s fields only on that desk, and labels in Spanish for a Spanish user', async () => {
    define({
      key: 'hr_only',
      type: 'checkbox',
      label_en: 'HR only',
      label_es: 'Solo RR. HH.',
      hd_ids: [4],
    });
    signInAs('agent@example.com');
    await i18n.changeLanguage('es');
    const { user } = renderApp('/ticket/input');
    const desk = await screen.findByRole('combobox', { name: 'Mesa de ayuda' });
    expect(screen.queryByLabelText('Solo RR. HH.')).not.toBeInTheDocument();
    await user.selectOptions(desk, '4');
    expect(await screen.findByLabelText('Solo RR. HH.')).toBeInTheDocument();
  });

  it('pre-selects the requester’s primary organization as the company', async () => {
    const alice = db.users.find((u) => u.email === 'alice@example.com');
    const company = db.organizations[1];
    db.memberships.push({ user_id: alice!.id, company_id: company.id, is_primary: true });
    signInAs('alice@example.com');
    renderApp('/ticket/input');
    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveValue(String(company.id)));
  });

  it('puts the server’s field message under the field', async () => {
    product();
    server.use(
      http.post('*/api/ticket/', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Validation failed',
            fields: { 'fields.product': 'Choose one of the field’s choices.' },
          },
          { status: 400 },
        ),
      ),
    );
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await fillBasics(user);
    await user.selectOptions(await screen.findByLabelText('Product'), 'Printer');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Product')).toHaveAccessibleDescription(
        'Choose one of the field’s choices. What is broken.',
      ),
    );
  });

  it('on a 409 for changed definitions, reloads them, says so and keeps what was typed', async () => {
    product();
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/input');
    await fillBasics(user);
    await user.selectOptions(await screen.findByLabelText('Product'), 'Printer');
    // An administrator adds a field meanwhile.
    define({
      key: 'room',
      type: 'text',
      label_en: 'Room',
      shown_to_requesters: true,
      editable_by_requesters: true,
    });
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The custom fields changed while you were filling in this form',
    );
    expect(await screen.findByLabelText('Room')).toHaveValue('');
    expect(screen.getByLabelText('Product')).toHaveValue('printer');
    expect(screen.getByLabelText('Subject')).toHaveValue('Mouse is broken');
    await user.type(screen.getByLabelText('Room'), 'B12');
    await user.click(screen.getByRole('button', { name: 'Submit ticket' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    expect(
      db.records.find((r) => 'subject' in r && r.subject === 'Mouse is broken')?.fields,
    ).toEqual({
      product: 'printer',
      room: 'B12',
    });
    expect(within(document.body).queryByText(/changed while you were filling/)).toBeNull();
  });
});
