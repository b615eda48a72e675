import { screen, waitFor, within } from '@testing-library/react';
import { db, logEvent } from '../../../mocks/db';
import { answeredAttempt, webhookState } from '../../../mocks/webhook-handlers';
import { renderApp, signInAs } from '../../../test/render-app';

const rows = () =>
  within(screen.getByRole('table', { name: 'Webhooks' }))
    .getAllByRole('row')
    .slice(1);

describe('webhooks page', () => {
  it('an admin registers an endpoint (validated), copies its secret once, edits and deletes it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/webhooks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    const form = screen.getByRole('form', { name: 'New endpoint' });
    await user.click(within(form).getByRole('checkbox', { name: 'Ticket created' }));
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    expect(
      await within(form).findByText('URL must be a valid address of at most 2000 characters.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event from the list.')).toBeInTheDocument();

    // The server's refusal shows beside the field.
    await user.type(within(form).getByLabelText('URL'), 'https://169.254.169.254/latest');
    await user.click(within(form).getByRole('checkbox', { name: 'Ticket created' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Message added' }));
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    expect(
      await within(form).findByText(
        'Webhooks may not call 169.254.169.254: it is a loopback, private, link-local, multicast, reserved or metadata address.',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('URL'));
    await user.type(within(form).getByLabelText('URL'), 'https://hooks.example.com/helpdesk');
    await user.click(within(form).getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('https://hooks.example.com/helpdesk');
    expect(rows()[0]).toHaveTextContent('Ticket created, Message added');
    expect(rows()[0]).toHaveTextContent('Active');

    // The secret, once, with a copy button; dismissed, it is gone for good.
    const secret = screen.getByLabelText('Secret');
    expect((secret as HTMLInputElement).value).toMatch(/^whsec_/);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith((secret as HTMLInputElement).value);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();

    // A new secret is asked for first, then shown once.
    await user.click(
      screen.getByRole('button', {
        name: 'Make a new secret for https://hooks.example.com/helpdesk',
      }),
    );
    const ask = await screen.findByRole('dialog');
    await user.click(within(ask).getByRole('button', { name: 'Make a new secret' }));
    expect(await screen.findByLabelText('Secret')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));

    // Turned off in the edit form.
    await user.click(
      screen.getByRole('button', { name: 'Edit https://hooks.example.com/helpdesk' }),
    );
    const edit = screen.getByRole('form', { name: 'Edit https://hooks.example.com/helpdesk' });
    await user.click(within(edit).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(edit).getByRole('button', { name: 'Save endpoint' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Off'));

    // Deleting asks first, naming the endpoint.
    await user.click(
      screen.getByRole('button', { name: 'Delete https://hooks.example.com/helpdesk' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('https://hooks.example.com/helpdesk gets no more deliveries');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(webhookState().endpoints).toEqual([]);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/webhooks',
    );
  });

  it('shows an endpoint’s delivery log with its retries, and sends a delivery again', async () => {
    const s = webhookState();
    s.endpoints.push({
      id: 7,
      url: 'https://hooks.example.com/flaky',
      events: ['ticket.created'],
      active: true,
      disabled_at: null,
      failing_since: '2026-11-28T09:00:00Z',
      created_at: '2026-11-28T08:00:00Z',
      updated_at: '2026-11-28T08:00:00Z',
      seenEventId: Number.MAX_SAFE_INTEGER,
    });
    s.deliveries.push({
      id: '0b7c9a3e-1111-4222-8333-444455556666',
      endpoint_id: 7,
      event: 'ticket.created',
      record_id: 1,
      state: 'retrying',
      created_at: '2026-11-28T09:00:00Z',
      next_attempt_at: '2026-11-28T09:02:00Z',
      attempts: [
        {
          ...answeredAttempt(false),
          ok: false,
          response_code: 500,
          response_body: 'upstream down',
        },
        {
          ...answeredAttempt(false),
          ok: false,
          response_code: null,
          error: 'No answer within 10 s.',
          response_body: '',
        },
      ],
    });
    signInAs('agent@example.com');
    const { user } = renderApp('/webhooks');
    await user.click(
      await screen.findByRole('button', {
        name: 'Delivery log of https://hooks.example.com/flaky',
      }),
    );
    const log = await screen.findByRole('table', {
      name: 'Delivery log: https://hooks.example.com/flaky',
    });
    const [row] = within(log).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Retrying');
    expect(row).toHaveTextContent('500');
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('2');
    await user.click(
      within(row).getByRole('button', { name: 'Show the attempts of delivery 0b7c9a3e' }),
    );
    expect(await screen.findByText('No answer within 10 s.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Send again: delivery 0b7c9a3e' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: /Delivery log/ })).getAllByRole('row')[1],
      ).toHaveTextContent('Delivered'),
    );
    expect(s.deliveries[0].attempts).toHaveLength(3);
    expect(s.deliveries[0].attempts[0].manual).toBe(true);
  });

  it('logs a delivery for a ticket raised while the endpoint is on; an empty log says so', async () => {
    signInAs('agent@example.com');
    const s = webhookState();
    const last = db.events.reduce((m, e) => Math.max(m, e.id), 0);
    s.endpoints.push({
      id: 3,
      url: 'https://hooks.example.com/new',
      events: ['ticket.created'],
      active: true,
      disabled_at: null,
      failing_since: null,
      created_at: '2026-11-28T08:00:00Z',
      updated_at: '2026-11-28T08:00:00Z',
      seenEventId: last,
    });
    const { user } = renderApp('/webhooks');
    await user.click(
      await screen.findByRole('button', { name: 'Delivery log of https://hooks.example.com/new' }),
    );
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    const ticket = db.records.find((r) => r.object_type === 'T');
    logEvent(ticket?.id ?? 1, null, 'created');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const log = await screen.findByRole('table', {
      name: 'Delivery log: https://hooks.example.com/new',
    });
    expect(within(log).getAllByRole('row')[1]).toHaveTextContent('Ticket created');
  });

  it('is the not-found page for an agent who is not an administrator', async () => {
    const agent = db.users.find((u) => u.email === 'agent@example.com');
    if (agent) agent.user_is_admin = false;
    signInAs('agent@example.com');
    renderApp('/webhooks');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});
