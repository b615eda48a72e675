import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

describe('contact', () => {
  afterEach(() => server.events.removeAllListeners());

  it('lists the help desks and raises a ticket, landing on my tickets', async () => {
    signInAs('alice@example.com');
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/ticket/') {
        void request
          .clone()
          .json()
          .then((body: unknown) => bodies.push(body));
      }
    });
    const { user } = renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    const network = (await screen.findByRole('heading', { name: 'Network' }))
      .parentElement as HTMLElement;
    expect(within(network).getByRole('link', { name: 'network@example.com' })).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Raise a ticket from here' });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Subject is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subject'), 'Door badge broken');
    await user.type(within(form).getByLabelText('Message'), 'It beeps <red> & fails');
    await user.selectOptions(within(form).getByLabelText('Help desk'), 'Facilities');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/ticket\/my_ticket$/),
    );
    expect(bodies[0]).toEqual({
      subject: 'Door badge broken',
      description: '<p>It beeps &lt;red&gt; &amp; fails</p>',
      priority_id: 2,
      hd_id: 6,
      is_draft: false,
    });
    expect(await screen.findByRole('link', { name: 'Door badge broken' })).toBeInTheDocument();
  });
});
