import { screen, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

describe('Agents and users: API tokens', () => {
  it("lists every user's tokens with the owner and revokes one after confirming", async () => {
    const bob = db.users.find((u) => u.email === 'bob@example.com');
    if (!bob) throw new Error('no bob');
    db.apiTokens.push({
      id: db.nextApiTokenId++,
      userId: bob.id,
      name: 'Bob’s export',
      scopes: ['tickets:read'],
      created: '2026-01-01T10:00:00.000Z',
      expires: '2099-01-01T10:00:00.000Z',
      last_used: null,
      last_ip: null,
    });
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/users');
    const section = await screen.findByRole('region', { name: 'API tokens' });
    const list = await within(section).findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('Bob’s export')).toBeInTheDocument();
    expect(within(list).getByText(`${bob.fullname} (${bob.email})`)).toBeInTheDocument();
    expect(within(list).getByText(/tickets:read · expires .* · never used/)).toBeInTheDocument();

    await user.click(
      within(list).getByRole('button', { name: `Revoke Bob’s export of ${bob.fullname}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(section).findByText('No API tokens.')).toBeInTheDocument();
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(db.apiTokens).toHaveLength(0);
  });
});
