import { screen, waitFor, within } from '@testing-library/react';
import type { CustomField } from '../../custom-fields/types';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  formatFieldFilter,
  parseFieldFilter,
  readFieldFilters,
} from '../components/field-filter-url';

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
const tickets = () =>
  db.records
    .filter((r) => r.object_type === 'T' && !r.is_draft)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

function define(field: Partial<CustomField> & Pick<CustomField, 'key' | 'type'>): CustomField {
  const made: CustomField = {
    id: db.customFields.length + 1,
    object_type: 'T',
    label_en: 'Product',
    label_es: 'Producto',
    help_en: '',
    help_es: '',
    required_for_agents: false,
    shown_to_requesters: false,
    editable_by_requesters: false,
    required_when_raising: false,
    hd_ids: [],
    choices: [],
    default_value: null,
    position: db.customFields.length,
    active: true,
    version: 1,
    ...field,
  };
  db.customFields.push(made);
  return made;
}

const product = () =>
  define({
    key: 'product',
    type: 'single_choice',
    choices: [
      { value: 'printer', label_en: 'Printer', label_es: 'Impresora' },
      { value: 'laptop', label_en: 'Laptop', label_es: 'Portátil' },
    ],
  });

/** The newest tickets (the list's first rows) carry these products, in order. */
function carry(...values: (string | undefined)[]) {
  const list = tickets();
  values.forEach((value, i) => {
    list[i].fields = value === undefined ? {} : { product: value };
  });
  return list;
}

const subjectOf = (r: (typeof db.records)[number]) => ('subject' in r ? r.subject : '');

afterEach(() => server.events.removeAllListeners());

describe('the custom field filter URL', () => {
  it('reads and writes each operator, escaping what a choice value may hold', () => {
    const cases = [
      { any_of: ['printer', 'a,b%c'] },
      { any_of: [7, 9] },
      { equals: true },
      { from: 10, to: 20.5 },
      { from: '2026-01-01' },
      { to: '2026-01-01T10:00:00.000Z' },
      { contains: 'vpn' },
    ];
    for (const filter of cases) expect(parseFieldFilter(formatFieldFilter(filter))).toEqual(filter);
    const params = new URLSearchParams('cf.cost=range:1..&cf.Bad=any:x&cf.note=has:&sort=id');
    expect(readFieldFilters(params)).toEqual({ cost: { from: 1 } });
  });
});

describe('custom fields in the hd ticket list', () => {
  it('filters by a field picked in the filters, keeps it in the URL and in a saved view', async () => {
    product();
    const list = carry('printer', 'laptop', 'printer');
    signInAs('agent@example.com');
    const searches = bodiesTo('/api/search/ticket/hd');
    const views = bodiesTo('/api/views/');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });

    await user.selectOptions(await screen.findByLabelText('Custom field'), 'Product');
    const choices = screen.getByRole('group', { name: 'Product: any of' });
    await user.click(within(choices).getByRole('checkbox', { name: 'Printer' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('cf.product=any%3Aprinter'),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent(subjectOf(list[0]));
    expect(searches.at(-1)?.filters).toMatchObject({
      fields: { product: { any_of: ['printer'] } },
    });

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByLabelText('View name'), 'Printers');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(db.savedViews).toHaveLength(1));
    expect(views[0].filters).toEqual({ fields: { product: { any_of: ['printer'] } } });

    // Removing the filter lists every ticket again.
    await user.click(screen.getByRole('button', { name: 'Remove the filter on Product' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(2));
    expect(screen.getByTestId('location')).not.toHaveTextContent('cf.product');
  });

  it('opens a saved view with its field filter and column', async () => {
    product();
    carry('laptop');
    signInAs('agent@example.com');
    db.savedViews.push({
      id: 31,
      owner_id: 1,
      name: 'Laptops',
      object_type: 'T',
      shared: false,
      filters: { fields: { product: { equals: 'laptop' } } },
      sort: '-created_at',
      columns: ['title', 'fields.product', 'tags'],
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const { user } = renderApp('/hd_ticket');
    const menu = await screen.findByRole('list', { name: 'Saved views' });
    await user.click(await within(menu).findByRole('link', { name: /Laptops/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('columnheader', { name: /Product/ })).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Laptop');
    expect(screen.getByRole('columnheader', { name: 'Tags' })).toBeInTheDocument();
  });

  it('offers each active field and Tags as columns, and sorts by a field column', async () => {
    product();
    define({ key: 'retired', type: 'text', label_en: 'Retired', active: false });
    const list = carry(undefined, 'laptop', 'printer');
    signInAs('agent@example.com');
    const searches = bodiesTo('/api/search/ticket/hd');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = screen.getByRole('group', { name: 'Columns' });
    expect(within(picker).queryByRole('checkbox', { name: 'Retired' })).toBeNull();
    await user.click(await within(picker).findByRole('checkbox', { name: 'Product' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Tags' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('fields.product'));
    expect(await screen.findByRole('columnheader', { name: 'Tags' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Product/ }));
    await waitFor(() => expect(searches.at(-1)?.sort).toBe('fields.product'));
    // Its choices' order: printer, then laptop; no value last.
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Printer'));
    expect(rows()[0]).toHaveTextContent(subjectOf(list[2]));
    expect(rows()[1]).toHaveTextContent('Laptop');
    expect(screen.getByRole('columnheader', { name: /Product/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('sets a field on the ticked rows, and shows a refusal of the field under its value', async () => {
    const field = product();
    carry(undefined, undefined);
    signInAs('agent@example.com');
    const bodies = bodiesTo('/api/records/bulk');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('table', { name: 'All tickets' });
    const [first, second] = rows();
    await user.click(within(first).getAllByRole('checkbox')[0]);
    await user.click(within(second).getAllByRole('checkbox')[0]);
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Set field');
    await user.selectOptions(within(bar).getByLabelText('Field'), 'Product');
    await user.selectOptions(within(bar).getByLabelText('Value'), 'Laptop');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to the selected records?' });
    expect(
      within(dialog).getByText('Set field Product = Laptop on 2 records.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('2 records changed.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ action: 'field_set', fields: { product: 'laptop' } });
    const [a, b] = tickets();
    expect([a.fields, b.fields]).toEqual([{ product: 'laptop' }, { product: 'laptop' }]);
    expect(db.events.filter((e) => e.action === 'updated')).toHaveLength(2);

    // The field is deactivated meanwhile: the server's refusal names it, under the value.
    await user.click(within(rows()[0]).getAllByRole('checkbox')[0]);
    const again = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(again).getByLabelText('Action'), 'Set field');
    await user.selectOptions(within(again).getByLabelText('Field'), 'Product');
    await user.selectOptions(within(again).getByLabelText('Value'), 'Printer');
    field.active = false;
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Apply to the selected records?' }),
      ).getByRole('button', { name: 'Apply' }),
    );
    expect(
      await within(again).findByText('There is no such field on this record.'),
    ).toBeInTheDocument();
    expect(within(again).getByLabelText('Value')).toHaveAttribute('aria-invalid', 'true');
  });
});
