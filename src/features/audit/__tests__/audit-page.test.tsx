import { Blob as NodeBlob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { auditState } from '../../../mocks/audit-handlers';
import { renderApp, signInAs } from '../../../test/render-app';

/** The log's own rows (not those of the before-and-after tables inside them). */
const rows = () =>
  Array.from(
    screen
      .getByRole('table', { name: 'Audit log' })
      .querySelectorAll<HTMLElement>(':scope > tbody > tr'),
  );

describe('audit log page', () => {
  it('an admin filters by kind, reads a change before and after, and exports CSV', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    // Newest first: the failed sign-in of an unknown account, two days ago, comes last.
    expect(rows()[2]).toHaveTextContent('mallory@example.com');
    expect(rows()[2]).toHaveTextContent('Failure');
    expect(rows()[2]).toHaveTextContent('unknown_account');

    const filters = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.selectOptions(within(filters).getByLabelText('Kind'), 'sla_policy.changed');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(within(rows()[0]).getByText('1 change'));
    const changes = within(rows()[0]).getByRole('table', { name: 'Changes of sla_policy.changed' });
    expect(within(changes).getByRole('row', { name: /first_response_minutes/ })).toHaveTextContent(
      'first_response_minutes240120',
    );

    // A reversed range is refused beside the field, before any call.
    await user.type(within(filters).getByLabelText('From'), '2026-02-01');
    await user.type(within(filters).getByLabelText('To'), '2026-01-01');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    expect(
      await within(filters).findByText('The start date must not be after the end date.'),
    ).toBeInTheDocument();
    await user.clear(within(filters).getByLabelText('From'));
    await user.clear(within(filters).getByLabelText('To'));

    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:audit';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    // The mocked XHR builds the blob answer with the global Blob and then a fetch Response from it,
    // which needs Blob.stream(): jsdom's Blob has none, Node's (the browser's equal) has.
    const jsdomBlob = globalThis.Blob;
    globalThis.Blob = NodeBlob as unknown as typeof Blob;
    onTestFinished(() => {
      globalThis.Blob = jsdomBlob;
    });
    await user.click(within(filters).getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(/^Downloaded audit-log-\d{4}-\d{2}-\d{2}\.csv\.$/),
    ).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const csv = await saved[0].text();
    expect(csv.split('\r\n')[0]).toBe(
      'id,at,actor_id,actor,address,kind,target_kind,target_id,outcome,reason,details',
    );
    expect(csv).toContain('sla_policy.changed');
    expect(csv).not.toContain('sign_in.password');
    // The export is itself in the log.
    expect(auditState().entries.some((e) => e.kind === 'audit.exported')).toBe(true);
    click.mockRestore();
  });

  it('an admin picks the user to filter by from a search by name or email', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/audit-log');
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const filters = screen.getByRole('form', { name: 'Filter the audit log' });
    const picker = within(filters).getByRole('combobox', { name: 'User' });

    await user.type(picker, 'nobody-here');
    expect(await within(filters).findByText('No user matches.')).toBeInTheDocument();
    await user.clear(picker);
    // By email: both agents match; a click picks Agent Smith.
    await user.type(picker, 'agent');
    const found = await within(filters).findByRole('listbox', { name: 'Users found' });
    await waitFor(() =>
      expect(
        within(found)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Agent Smith (agent@example.com)'),
    );
    await user.click(
      within(found).getByRole('option', { name: 'Agent Smith (agent@example.com)' }),
    );
    expect(picker).toHaveValue('Agent Smith (agent@example.com)');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    // Mallory's failed sign-in had no actor: only the admin's two entries stay.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().every((r) => r.textContent?.includes('agent@example.com'))).toBe(true);

    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    expect(picker).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('sets the retention, refusing a value out of bounds', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/audit-log');
    const form = await screen.findByRole('form', { name: 'Retention' });
    const days = within(form).getByLabelText('Keep entries for (days)');
    await waitFor(() => expect(days).toHaveValue(365));
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(form).getByRole('button', { name: 'Save retention' }));
    expect(
      await within(form).findByText('Retention must be a whole number of days from 30 to 3650.'),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '90');
    await user.click(within(form).getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(auditState().retention).toBe(90));
    expect(await screen.findByText('Retention saved.')).toBeInTheDocument();
  });

  it('is not in the menu of an agent who is not an admin, and its calls answer 403', async () => {
    signInAs('alice@example.com');
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
