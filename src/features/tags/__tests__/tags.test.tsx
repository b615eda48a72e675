import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

// jsdom has no layout: colour contrast is checked by the browser journeys.
async function violations(): Promise<string[]> {
  const results = await axe.run(screen.getByRole('main'), {
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

function seedTags() {
  db.tags = [
    { id: 1, name: 'Billing' },
    { id: 2, name: 'VIP' },
    { id: 3, name: 'Printer' },
  ];
  db.nextTagId = 4;
  db.recordTags = [
    { record_id: 1, tag_id: 1 },
    { record_id: 2, tag_id: 1 },
    { record_id: 2, tag_id: 2 },
  ];
}

const location = () => screen.getByTestId('location').textContent ?? '';

const tagsOf = (id: number) => db.recordTags.filter((l) => l.record_id === id).map((l) => l.tag_id);

describe('tags on a record', () => {
  it('shows the chips; an agent adds an existing tag and a new one with the type-ahead, and removes one', async () => {
    seedTags();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    const section = await screen.findByRole('region', { name: 'Tags' });
    const chips = within(section).getByRole('list', { name: 'Tags' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Billing', 'VIP']);
    const input = within(section).getByRole('combobox', { name: 'Add a tag' });
    await user.type(input, 'prin');
    const option = await screen.findByRole('option', { name: 'Printer' });
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tagsOf(2)).toEqual([1, 2, 3]));
    // (The region is found again each time: a live event may reload the record under it.)
    const region = () => screen.getByRole('region', { name: 'Tags' });
    await waitFor(() => expect(within(region()).getByText('Printer')).toBeInTheDocument());

    await user.type(
      within(region()).getByRole('combobox', { name: 'Add a tag' }),
      'Urgent fix{Enter}',
    );
    await waitFor(() => expect(db.tags.map((t) => t.name)).toContain('Urgent fix'));
    await waitFor(() => expect(within(region()).getByText('Urgent fix')).toBeInTheDocument());

    await user.click(within(region()).getByRole('button', { name: 'Remove the tag VIP' }));
    await waitFor(() => expect(tagsOf(2)).not.toContain(2));
    await waitFor(() => expect(within(region()).queryByText('VIP')).toBeNull());
    expect(await violations()).toEqual([]);
  });

  it('refuses a name over 50 characters before sending it', async () => {
    seedTags();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=1');
    const section = await screen.findByRole('region', { name: 'Tags' });
    const input = within(section).getByRole('combobox', { name: 'Add a tag' });
    await user.type(input, `${'x'.repeat(51)}{Enter}`);
    expect(within(section).getByText('A tag must be 1 to 50 characters.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(db.tags).toHaveLength(3);
  });

  it('a requester sees the tags of their own ticket as chips', async () => {
    seedTags();
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=1');
    const section = await screen.findByRole('region', { name: 'Tags' });
    expect(within(section).getByText('Billing')).toBeInTheDocument();
  });
});

describe('tags in the lists', () => {
  it('rows carry chips; the filter by tags (any, then all) is in the URL', async () => {
    seedTags();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket?tags=1');
    const filter = await screen.findByRole('search', { name: 'Filters' });
    // The filter's chip, its name read by id.
    expect(await within(filter).findByText('Billing')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    await waitFor(
      () => expect(within(table).getAllByRole('row')).toHaveLength(3), // header + tickets 1 and 2
    );
    const input = within(filter).getByRole('combobox', { name: 'Filter by tag' });
    await user.type(input, 'vi');
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(location()).toContain('tags=1%2C2'));
    await user.selectOptions(within(filter).getByLabelText('Match'), 'all');
    await waitFor(() => expect(location()).toContain('tag_mode=all'));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    await user.click(within(filter).getByRole('button', { name: 'Remove the tag Billing' }));
    await waitFor(() => expect(location()).toContain('tags=2'));
  });
});

describe('bulk tags', () => {
  it('adds a tag to the selected rows, after one confirmation', async () => {
    seedTags();
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket?tags=1');
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Add a tag');
    const tag = within(bar).getByLabelText('Tag');
    await waitFor(() => expect(within(tag).getByRole('option', { name: 'Printer' })).toBeTruthy());
    await user.selectOptions(tag, 'Printer');
    await user.click(within(bar).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply to the selected records?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('2 records changed.')).toBeInTheDocument();
    expect(tagsOf(1)).toEqual([1, 3]);
    expect(tagsOf(2)).toEqual([1, 2, 3]);
  });
});

describe('the Tags page (administrators)', () => {
  it('lists the tags with their counts; creates, renames, merges and deletes after asking', async () => {
    seedTags();
    signInAs('agent@example.com');
    const { user } = renderApp('/tags');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('cell', { name }))!;
    expect(within(rowOf('Billing')).getByText('2 records')).toBeInTheDocument();
    expect(within(rowOf('Printer')).getByText('0 records')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/tags');
    expect(await violations()).toEqual([]);

    // Create: a taken name answers under the field.
    const name = screen.getByLabelText('New tag');
    await user.type(name, 'billing');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    expect(await screen.findByText('A tag with this name already exists.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Hardware');
    await user.click(screen.getByRole('button', { name: 'Create tag' }));
    await within(table).findByRole('cell', { name: 'Hardware' });

    // Rename.
    await user.click(within(rowOf('Printer')).getByRole('button', { name: 'Rename: Printer' }));
    const rename = screen.getByLabelText('New name for Printer');
    await user.clear(rename);
    await user.type(rename, 'Printers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await within(table).findByRole('cell', { name: 'Printers' });

    // Merge VIP into Billing: the confirmation names the count.
    await user.click(within(rowOf('VIP')).getByRole('button', { name: 'Merge: VIP' }));
    await user.selectOptions(screen.getByLabelText('Merge VIP into'), 'Billing');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    let dialog = await screen.findByRole('dialog', { name: 'Merge VIP into Billing?' });
    expect(dialog).toHaveTextContent('1 record gets Billing instead, and VIP goes.');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(db.tags.map((t) => t.name)).not.toContain('VIP'));

    // Delete Billing: asked first, with its count; Cancel keeps it.
    await user.click(within(rowOf('Billing')).getByRole('button', { name: 'Delete: Billing' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the tag Billing?' });
    expect(dialog).toHaveTextContent('It comes off 2 records.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.tags.map((t) => t.name)).toContain('Billing');
    await user.click(within(rowOf('Billing')).getByRole('button', { name: 'Delete: Billing' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the tag Billing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(db.tags.map((t) => t.name)).not.toContain('Billing'));
    expect(db.recordTags).toEqual([]);
  });
});
