import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
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
      fields: {},
      fields_version: 1,
      is_draft: false,
    });
    expect(await screen.findByRole('link', { name: 'Door badge broken' })).toBeInTheDocument();
  });

  it('shows the requester’s custom fields, requires the required one under it, and sends it', async () => {
    db.customFields.push({
      id: 300,
      object_type: 'T',
      key: 'floor',
      type: 'number',
      label_en: 'Floor',
      label_es: 'Planta',
      help_en: '',
      help_es: '',
      required_for_agents: false,
      shown_to_requesters: true,
      editable_by_requesters: true,
      required_when_raising: true,
      hd_ids: [],
      choices: [],
      default_value: null,
      position: 1,
      active: true,
      version: 1,
    });
    db.customFields.push({
      ...db.customFields[0],
      id: 301,
      key: 'cost_centre',
      type: 'text',
      label_en: 'Cost centre',
      shown_to_requesters: false,
      editable_by_requesters: false,
      required_when_raising: false,
    });
    db.customFieldSets.T += 2;
    signInAs('alice@example.com');
    const { user } = renderApp('/contact');
    const form = await screen.findByRole('form', { name: 'Raise a ticket from here' });
    const floor = await within(form).findByLabelText('Floor');
    expect(within(form).queryByLabelText('Cost centre')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Subject'), 'Heating off');
    await user.type(within(form).getByLabelText('Message'), 'Cold since Monday');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(floor).toHaveAccessibleDescription('This field is required.'));
    await user.type(floor, '3');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    const created = db.records.find((r) => 'subject' in r && r.subject === 'Heating off');
    expect(created?.fields).toEqual({ floor: 3 });
  });
});
