import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { adminState } from '../../../mocks/desk-access';
import { renderApp, signInAs } from '../../../test/render-app';

const rows = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (name: string, table = 'Agents and users') => {
  const row = rows(table).find((r) => within(r).queryAllByText(name).length > 0);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

describe('the administration menu', () => {
  it('shows the admin pages to an administrator', async () => {
    signInAs('agent@example.com');
    renderApp('/home');
    const nav = await screen.findByRole('link', { name: 'Help desks' });
    expect(nav).toHaveAttribute('href', '/admin/helpdesks');
    expect(screen.getByRole('link', { name: 'Agents and users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SLA policies' })).toBeInTheDocument();
  });

  it('hides them from an agent who is not an administrator, whose admin paths are not found', async () => {
    const agent = db.users.find((u) => u.email === 'agent@example.com');
    if (!agent) throw new Error('no agent');
    agent.user_is_admin = false;
    signInAs('agent@example.com');
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: /could not be found/ })).toBeInTheDocument();
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'All tickets' })).toBeInTheDocument();
    for (const name of [
      'Help desks',
      'Agents and users',
      'SLA policies',
      'Macros',
      'Mail channels',
    ]) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Administration')).not.toBeInTheDocument();
  });
});

describe('Help desks page', () => {
  it('restricts a desk to its members, with the message when none is chosen', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/helpdesks');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help desks' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rowOf('HR', 'Help desks')).toHaveTextContent('Every agent'));
    await user.click(screen.getByRole('button', { name: 'Edit access: HR' }));
    const form = screen.getByRole('form', { name: 'Access to HR' });
    await user.click(within(form).getByRole('switch', { name: 'Restricted to its members' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('A restricted help desk needs at least one member.'),
    ).toBeInTheDocument();
    await user.click(await within(form).findByRole('checkbox', { name: 'Agent Smith' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    await waitFor(() => expect(rowOf('HR', 'Help desks')).toHaveTextContent('Restricted'));
    expect(rowOf('HR', 'Help desks')).toHaveTextContent('Agent Smith');
  });
});

describe('Help desks page: reviewers', () => {
  it("names a content desk's reviewers from its agents, and any agent again with none", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/helpdesks');
    await waitFor(() =>
      expect(rowOf('Knowledge base', 'Help desks')).toHaveTextContent('Any agent'),
    );
    // Ticket desks have no reviewers to name.
    expect(rowOf('Facilities', 'Help desks')).toHaveTextContent('Not reviewed');
    expect(
      within(rowOf('Facilities', 'Help desks')).queryByRole('button', { name: /Edit reviewers/ }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit reviewers: Knowledge base' }));
    const form = screen.getByRole('form', { name: 'Reviewers of Knowledge base' });
    await user.click(await within(form).findByRole('checkbox', { name: 'Agent Smith' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reviewers saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(rowOf('Knowledge base', 'Help desks')).toHaveTextContent('Agent Smith'),
    );
    expect(rowOf('Knowledge base', 'Help desks')).not.toHaveTextContent('Any agent');

    await user.click(screen.getByRole('button', { name: 'Edit reviewers: Knowledge base' }));
    const again = screen.getByRole('form', { name: 'Reviewers of Knowledge base' });
    const box = within(again).getByRole('checkbox', { name: 'Agent Smith' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(rowOf('Knowledge base', 'Help desks')).toHaveTextContent('Any agent'),
    );
  });

  it("shows the server's word when a reviewer is no longer an agent", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/helpdesks');
    await waitFor(() =>
      expect(rowOf('Knowledge base', 'Help desks')).toHaveTextContent('Any agent'),
    );
    await user.click(screen.getByRole('button', { name: 'Edit reviewers: Knowledge base' }));
    const form = screen.getByRole('form', { name: 'Reviewers of Knowledge base' });
    await user.click(await within(form).findByRole('checkbox', { name: 'Agent Smith' }));
    // Meanwhile the agent lost the role.
    const agent = db.users.find((u) => u.email === 'agent@example.com');
    if (!agent) throw new Error('no agent');
    agent.user_is_hde = false;
    try {
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(
        await within(form).findByText('Reviewers must be helpdesk agents.'),
      ).toBeInTheDocument();
    } finally {
      agent.user_is_hde = true;
    }
  });
});

describe('Agents and users page', () => {
  it('lists users with their roles and invites someone (validated, then the server says no to a taken address)', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/users');
    await waitFor(() => expect(rowOf('Agent Smith')).toHaveTextContent('Admin'));
    expect(rowOf('Alice Example')).toHaveTextContent('Regular user');
    // Nobody deactivates themselves or removes their own admin role.
    expect(
      within(rowOf('Agent Smith')).getByRole('button', { name: 'Deactivate Agent Smith' }),
    ).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Invite someone' }));
    const form = screen.getByRole('form', { name: 'Invite someone' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(form).findByText('Email must be a valid email address.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Full name'), 'Alice Again');
    await user.type(within(form).getByLabelText('Email'), 'alice@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(form).findByText('An account with this email address already exists.'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'dora@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(rowOf('Alice Again')).toHaveTextContent('Invited'));
    expect(rowOf('Alice Again')).toHaveTextContent('Administrator');
  });

  it('deactivates a user after asking, and reactivates them', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/users');
    await waitFor(() => expect(rowOf('Bob Example')).toHaveTextContent('Active'));
    await user.click(screen.getByRole('button', { name: 'Deactivate Bob Example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(rowOf('Bob Example')).toHaveTextContent('Deactivated'));
    await user.click(screen.getByRole('button', { name: 'Reactivate Bob Example' }));
    await waitFor(() => expect(rowOf('Bob Example')).toHaveTextContent('Active'));
  });
});

describe('a restricted desk in the mocks', () => {
  it('is not found for an agent who is not its member, and absent from their queue', async () => {
    const hrTicket = db.records.find((r) => r.object_type === 'T' && r.hd_id === 4 && !r.is_draft);
    if (!hrTicket || hrTicket.object_type !== 'T') throw new Error('no HR ticket in the mocks');
    adminState().desks.set(4, { restricted: true, members: [] });
    signInAs('agent@example.com');
    renderApp(`/hd_ticket/details?hdTicketId=${hrTicket.id}`);
    expect(await screen.findByText(/could not be found/)).toBeInTheDocument();
  });
});
