import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

describe('profile: API tokens', () => {
  it('makes a token: checks the form, shows the secret once with a copy button, then lists it', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(await within(section).findByText('No API tokens.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'New token' }));
    const expiry = within(section).getByLabelText('Expires in (days)');
    expect(expiry).toHaveValue(90);
    await user.clear(expiry);
    await user.type(expiry, '400');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('Name must be 1 to 100 characters.')).toBeVisible();
    expect(within(section).getByText('Choose at least one scope.')).toBeVisible();
    expect(within(section).getByText('Expiry must be 1 to 365 days.')).toBeVisible();
    expect(db.apiTokens).toHaveLength(0);

    await user.type(within(section).getByLabelText('Name'), 'Nightly export');
    await user.click(within(section).getByRole('checkbox', { name: 'Read tickets' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Read content' }));
    await user.clear(expiry);
    await user.type(expiry, '30');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));

    const secret = await within(section).findByLabelText('Token');
    expect((secret as HTMLInputElement).value).toMatch(/^hdk_[A-Za-z0-9_-]{43}$/);
    expect(within(section).getByText(/it is shown only once/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(db.apiTokens).toMatchObject([
      { name: 'Nightly export', scopes: ['tickets:read', 'content:read'] },
    ]);

    const list = await within(section).findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('Nightly export')).toBeInTheDocument();
    expect(within(list).getByText('Read tickets, Read content')).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('Token')).toBeNull();
    expect(within(section).getByRole('button', { name: 'New token' })).toBeInTheDocument();
  });

  it('revokes a token after confirming', async () => {
    signInAs('bob@example.com');
    const bob = db.users.find((u) => u.email === 'bob@example.com');
    db.apiTokens.push({
      id: db.nextApiTokenId++,
      userId: bob?.id ?? 0,
      name: 'Old script',
      scopes: ['tickets:write'],
      created: '2026-01-01T10:00:00.000Z',
      expires: '2099-01-01T10:00:00.000Z',
      last_used: '2026-02-01T10:00:00.000Z',
      last_ip: '203.0.113.7',
    });
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'API tokens' });
    const list = await within(section).findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText(/from 203\.0\.113\.7/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke Old script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(section).findByText('No API tokens.')).toBeInTheDocument();
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    await waitFor(() => expect(db.apiTokens).toHaveLength(0));
  });
});
