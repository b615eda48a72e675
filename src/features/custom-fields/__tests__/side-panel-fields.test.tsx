// The custom fields in a record's side panel: an agent changes them in place (a failed save keeps
// the change), a requester sees only theirs; inactive fields are hidden and keep their values.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import type { CustomField } from '../types';

let nextId = 200;
function define(f: Partial<CustomField> & Pick<CustomField, 'key' | 'type'>): CustomField {
  const field: CustomField = {
    id: nextId++,
    object_type: 'T',
    label_en: f.key,
    label_es: f.key,
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

function setup() {
  define({
    key: 'product',
    type: 'single_choice',
    label_en: 'Product',
    shown_to_requesters: true,
    choices: [
      { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
      { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
    ],
  });
  define({ key: 'serial', type: 'text', label_en: 'Serial number' });
  define({ key: 'old', type: 'text', label_en: 'Old field', active: false });
  const ticket = db.records.find((r) => r.id === 1)!;
  ticket.fields = { product: 'printer', serial: 'SN-1', old: 'kept' };
  return ticket;
}

const panel = async () => within(await screen.findByRole('region', { name: 'Fields' }));

describe('custom fields in the side panel', () => {
  it('lets an agent change a field in place and save it', async () => {
    const ticket = setup();
    signInAs('agent@example.com');
    const { user } = renderApp(`/hd_ticket/details?hdTicketId=${ticket.id}`);
    const fields = await panel();
    expect(fields.queryByText('Old field')).not.toBeInTheDocument();
    const product = fields.getByLabelText('Product');
    expect(product).toHaveValue('printer');
    await user.selectOptions(product, 'Laptop');
    await user.clear(fields.getByLabelText('Serial number'));
    await user.type(fields.getByLabelText('Serial number'), 'SN-2');
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    await waitFor(() =>
      expect(db.records.find((r) => r.id === ticket.id)?.fields).toEqual({
        product: 'laptop',
        serial: 'SN-2',
        old: 'kept',
      }),
    );
    await waitFor(async () => {
      const now = await panel();
      expect(now.queryByRole('button', { name: 'Save fields' })).not.toBeInTheDocument();
      expect(now.getByLabelText('Product')).toHaveValue('laptop');
    });
  });

  it('keeps the change and says so when the definitions changed meanwhile', async () => {
    const ticket = setup();
    signInAs('agent@example.com');
    const { user } = renderApp(`/hd_ticket/details?hdTicketId=${ticket.id}`);
    const fields = await panel();
    await user.selectOptions(fields.getByLabelText('Product'), 'Laptop');
    define({ key: 'room', type: 'text', label_en: 'Room' });
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    expect(await fields.findByRole('alert')).toHaveTextContent(
      'The custom fields changed while you were filling in this form',
    );
    expect(await fields.findByLabelText('Room')).toBeInTheDocument();
    expect(fields.getByLabelText('Product')).toHaveValue('laptop');
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    await waitFor(() =>
      expect(db.records.find((r) => r.id === ticket.id)?.fields).toMatchObject({
        product: 'laptop',
      }),
    );
  });

  it('shows a field’s server message under it and keeps the change', async () => {
    const ticket = setup();
    server.use(
      http.put('*/api/ticket/:id/', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Validation failed',
            fields: { 'fields.serial': 'Enter one line of at most 255 characters.' },
          },
          { status: 400 },
        ),
      ),
    );
    signInAs('agent@example.com');
    const { user } = renderApp(`/hd_ticket/details?hdTicketId=${ticket.id}`);
    const fields = await panel();
    await user.type(fields.getByLabelText('Serial number'), 'X');
    await user.click(fields.getByRole('button', { name: 'Save fields' }));
    await waitFor(() =>
      expect(fields.getByLabelText('Serial number')).toHaveAccessibleDescription(
        'Enter one line of at most 255 characters.',
      ),
    );
    expect(fields.getByLabelText('Serial number')).toHaveValue('SN-1X');
  });

  it('shows a requester only the fields shown to them, read-only unless editable', async () => {
    const ticket = setup();
    const owner = db.users.find((u) => u.id === (ticket as { requester_id: number }).requester_id)!;
    signInAs(owner.email);
    renderApp(`/ticket/my_ticket/details?ticketId=${ticket.id}`);
    const fields = await panel();
    expect(fields.getByText('Product')).toBeInTheDocument();
    expect(fields.getByText('Printer')).toBeInTheDocument();
    expect(fields.queryByRole('combobox')).not.toBeInTheDocument();
    expect(fields.queryByText('Serial number')).not.toBeInTheDocument();
  });
});
