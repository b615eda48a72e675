import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Organizations page (agents)', () => {
  it('an administrator creates an organization (validated), sees it listed and deletes it after confirming', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/organizations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organizations' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(5));

    await user.click(screen.getByRole('button', { name: 'New organization' }));
    const form = screen.getByRole('form', { name: 'New organization' });
    await user.type(within(form).getByLabelText('Mail domains'), 'not a domain!');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name must be 1 to 100 characters.')).toBeInTheDocument();
    expect(
      within(form).getByText('Each domain must look like example.com (at most 20 domains).'),
    ).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Name'), 'Hooli');
    await user.clear(within(form).getByLabelText('Mail domains'));
    await user.type(
      within(form).getByLabelText('Mail domains'),
      'hooli.example, Mail.Hooli.example',
    );
    await user.click(within(form).getByLabelText("Members see each other's tickets"));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(db.organizations.find((o) => o.name === 'Hooli')).toMatchObject({
      domains: ['hooli.example', 'mail.hooli.example'],
      members_see_tickets: true,
    });
    expect(screen.queryByRole('form', { name: 'New organization' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hooli' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/organizations\/\d+$/),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Hooli' }));
    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
  });

  it('says why an organization with tickets cannot be deleted (409)', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/organizations');
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Corp' }));
    await user.click(await screen.findByRole('button', { name: 'Delete organization' }));
    expect(
      await screen.findByText(
        'This organization still has tickets or service-level policies: move them to another company first.',
      ),
    ).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });

  it('shows a domain already taken beside the field (409)', async () => {
    signInAs('agent@example.com');
    db.organizations[0].domains = ['acme.example'];
    const { user } = renderApp('/organizations');
    await user.click(await screen.findByRole('button', { name: 'New organization' }));
    const form = screen.getByRole('form', { name: 'New organization' });
    await user.type(within(form).getByLabelText('Name'), 'Acme Rival');
    await user.type(within(form).getByLabelText('Mail domains'), 'acme.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('This domain belongs to another organization.'),
    ).toBeInTheDocument();
  });

  it("an organization's page: edit its notes, add and remove members, its tickets linked to the list", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/organizations/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Corp' })).toBeInTheDocument();
    expect(screen.getByText('No members yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All its tickets' })).toHaveAttribute(
      'href',
      '/hd_ticket?company_id=1',
    );
    expect(screen.getByRole('link', { name: /open tickets?$/ })).toHaveAttribute(
      'href',
      '/hd_ticket?company_id=1&status_group=open',
    );

    const form = screen.getByRole('form', { name: 'Edit Acme Corp' });
    await user.type(within(form).getByLabelText('Notes'), 'Renewal in May');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.organizations[0].notes).toBe('Renewal in May'));

    await user.type(screen.getByLabelText('Add a member: type a name or an email'), 'alice');
    await user.click(await screen.findByRole('button', { name: 'Add Alice Example' }));
    const members = await screen.findByRole('heading', { name: '1 member' });
    const list = members.parentElement as HTMLElement;
    expect(within(list).getByText('Alice Example')).toBeInTheDocument();
    expect(within(list).getByText('Primary')).toBeInTheDocument();
    expect(db.memberships).toEqual([{ user_id: 2, company_id: 1, is_primary: true }]);

    await user.click(within(list).getByRole('button', { name: 'Remove Alice Example' }));
    await user.click(await screen.findByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
  });

  it('shows an open-ticket count beyond the cap as "10000+"', async () => {
    server.use(
      http.get('*/api/organizations', () =>
        HttpResponse.json({
          statusCode: 200,
          data: [
            {
              id: 1,
              name: 'Acme Corp',
              domains: [],
              notes: '',
              members_see_tickets: false,
              member_count: 0,
              open_ticket_count: 10000,
              open_ticket_count_is_capped: true,
              updated_at: '2026-01-01T00:00:00.000Z',
            },
          ],
        }),
      ),
    );
    signInAs('agent@example.com');
    renderApp('/organizations');
    expect(
      await screen.findByRole('link', { name: '10000+ open tickets of Acme Corp' }),
    ).toHaveTextContent('10000+');
  });

  it('says an unknown organization is not found', async () => {
    signInAs('agent@example.com');
    renderApp('/organizations/999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry! the data you are looking for could not be found',
    );
  });

  it('is the not-found page for a regular user, whose menu does not offer it', async () => {
    signInAs('alice@example.com');
    renderApp('/organizations');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });
});

describe("My organization's tickets (requesters)", () => {
  it("lists a colleague's tickets of a sharing organization and opens one", async () => {
    db.organizations[0].members_see_tickets = true;
    db.memberships.push(
      { user_id: 2, company_id: 1, is_primary: true },
      { user_id: 3, company_id: 1, is_primary: true },
    );
    const bobs = db.records.find(
      (r) => r.object_type === 'T' && !r.is_draft && r.requester_id === 3 && r.company_id === 1,
    );
    if (!bobs || bobs.object_type !== 'T')
      throw new Error('the mocks have no ticket of Bob at Acme');
    bobs.subject = 'Bob at Acme';
    const other = db.records.find(
      (r) => r.object_type === 'T' && !r.is_draft && r.company_id === 2,
    );
    if (other?.object_type === 'T') other.subject = 'Globex secret';
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/organization');
    expect(
      await screen.findByRole('heading', { level: 1, name: "My organization's tickets" }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: "My organization's tickets" })).toHaveAttribute(
      'href',
      '/ticket/organization',
    );
    expect(within(menu).queryByRole('link', { name: 'Organizations' })).not.toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Bob at Acme' });
    expect(screen.queryByText('Globex secret')).not.toBeInTheDocument();
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Bob at Acme/ }),
    ).toBeInTheDocument();
  });
});
