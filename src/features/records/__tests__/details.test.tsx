import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { formatDateTimeLocal } from '../../../lib/dates';
import type { Ticket } from '../types';
import { renderApp, signInAs } from '../../../test/render-app';

const ticket = (id: number) => db.records.find((r) => r.id === id) as Ticket;

function definitions() {
  const list = screen.getByRole('heading', { name: 'Details' }).parentElement as HTMLElement;
  const terms = within(list)
    .getAllByRole('term')
    .map((dt) => dt.textContent);
  const values = within(list)
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
}

describe('ticket details', () => {
  it('shows the fields and the sanitized body', async () => {
    const t1 = ticket(1);
    t1.description =
      '<p>Hello <strong>there</strong><img src=x onerror="window.hacked=1"></p><script>window.hacked=2</script><a href="javascript:alert(1)">bad</a>';
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'VPN drops every hour' }),
    ).toBeInTheDocument();
    // The side panel: properties in place (the owner edits priority and company).
    expect(screen.getByLabelText('Status', { selector: 'select' })).toHaveDisplayValue('New');
    await waitFor(() =>
      expect(screen.getByLabelText('Priority', { selector: 'select' })).toHaveDisplayValue('Low'),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Company', { selector: 'select' })).toHaveDisplayValue(
        'Acme Corp',
      ),
    );
    expect(screen.getByText('Hardware')).toBeInTheDocument();
    expect(screen.getByText('Unassigned')).toBeInTheDocument();
    expect(definitions()).toEqual({
      'Came in by': 'Web form',
      Created: formatDateTimeLocal(t1.created_at),
      Updated: formatDateTimeLocal(t1.updated_at),
      Version: '1',
    });
    const original = screen.getByTestId('timeline-original');
    expect(within(original).getByText('Alice Example')).toBeInTheDocument();
    const body = original.querySelector('.record-body') as HTMLElement;
    expect(body.innerHTML).toBe('<p>Hello <strong>there</strong></p><a>bad</a>');
    expect(body.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('a record the server answers 404 shows the not-found message (no toast)', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=20'); // Bob's
    expect(
      await screen.findByText('Sorry! the data you are looking for could not be found'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Request Error/)).not.toBeInTheDocument();
  });

  it('edits: toast, the new version shown', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Laptop boots slowly');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Laptop boots slowly' }),
    ).toBeInTheDocument();
    expect(definitions().Version).toBe('2');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(ticket(2)).toMatchObject({ subject: 'Laptop boots slowly', version: 2 });
  });

  it('a stale version: the 409 message, the current record shown, typed values kept', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // Someone else changes the ticket meanwhile.
    const current = ticket(2);
    db.records = db.records.map((r) =>
      r.id === 2 ? { ...current, subject: 'Changed by the agent', version: 2 } : r,
    );
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'My own wording');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Someone else changed this record. The current version is shown.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changed by the agent' }),
    ).toBeInTheDocument();
    expect(definitions().Version).toBe('2');
    expect(screen.getByLabelText('Subject')).toHaveValue('My own wording');
    expect(ticket(2).subject).toBe('Changed by the agent');

    // Saving again is a deliberate overwrite of the current version.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(ticket(2)).toMatchObject({ subject: 'My own wording', version: 3 });
  });

  it('the owner may only close or reopen; an agent any status', async () => {
    signInAs('alice@example.com');
    const { user, unmount } = renderApp('/ticket/my_ticket/details?ticketId=2');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const status = await screen.findByLabelText('Status', {
      selector: 'select#ticket-edit-status_id',
    });
    await waitFor(() =>
      expect(
        within(status)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Open', 'Closed']),
    );
    unmount();

    signInAs('agent@example.com');
    const agent = renderApp('/hd_ticket/details?hdTicketId=2');
    await agent.user.click(await screen.findByRole('button', { name: 'Edit' }));
    const all = await screen.findByLabelText('Status', {
      selector: 'select#ticket-edit-status_id',
    });
    await waitFor(() => expect(within(all).getAllByRole('option')).toHaveLength(5));
    await agent.user.selectOptions(all, 'Pending');
    await agent.user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(ticket(2)).toMatchObject({ status_id: 3, status_name: 'Pending' });
  });

  it('Edit chosen before the status list has come: the form waits for it, showing the current status', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let enter = () => {};
    const entered = new Promise<void>((resolve) => (enter = resolve));
    // Held, then answered by the usual handler.
    server.use(
      http.get('/api/status/', () => {
        enter();
        return held.then(() => undefined);
      }),
    );
    db.records = db.records.map((r) =>
      r.id === 2 ? { ...r, status_id: 3, status_name: 'Pending' } : r,
    );
    // The form's code at hand, so that nothing but the status list can hold it back.
    await import('../components/record-edit-form');
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket/details?hdTicketId=2');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // The status list asked for (the page asks for it ahead) and not answered.
    await entered;
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    // The form's code has come (the lazy form is rendered, not its Suspense fallback): what
    // holds the form back now is the status list.
    await act(() => import('../components/record-edit-form'));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Subject')).not.toBeInTheDocument();
    release();
    const status = await screen.findByLabelText('Status', {
      selector: 'select#ticket-edit-status_id',
    });
    expect(status).toHaveValue('3');
    expect(screen.getByLabelText('Subject')).toHaveValue(ticket(2).subject);
  });

  it('hd_ticket/details is not-found for a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/hd_ticket/details?hdTicketId=1');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
