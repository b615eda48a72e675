import { screen, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp, signInAs } from '../../../test/render-app';

describe('profile', () => {
  it('shows the profile with an Edit profile link', async () => {
    signInAs('agent@example.com');
    renderApp('/profile');
    expect(await screen.findByText('agent@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Administrator and helpdesk agent')).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      'Agent Smith',
      'agent@example.com',
      'Administrator and helpdesk agent',
      '10',
      'English',
    ]);
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/editor');
    expect(document.title).toBe('Profile | Helpdesk');
  });

  it('saves the profile: toast, stored userData, language switch', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/editor');
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Alice Updated');
    await user.selectOptions(screen.getByLabelText('Items per page'), '25');
    await user.selectOptions(
      screen.getByLabelText('Language', { selector: '#profile-language' }),
      'Español',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Perfil guardado')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      fullname: 'Alice Updated',
      items_per_page: 25,
      language: 'es',
    });
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}')).toMatchObject({
      fullname: 'Alice Updated',
    });
    expect(db.users.find((u) => u.id === 2)?.items_per_page).toBe(25);
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('button', { name: /menú de usuario$/i })).toHaveTextContent(
      'Alice Updated',
    );
  });

  it("saving in English toasts 'Profile saved'", async () => {
    signInAs('bob@example.com');
    const { user } = renderApp('/editor');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
  });

  it('changes the password', async () => {
    signInAs('bob@example.com');
    const { user } = renderApp('/editor');
    const form = (await screen.findByRole('button', { name: 'Change password' })).closest('form');
    if (!form) throw new Error('no form');
    const inside = within(form);
    await user.type(inside.getByLabelText('Current password'), 'helpdesk-demo');
    await user.type(inside.getByLabelText('New password'), 'another-pass-1');
    await user.type(inside.getByLabelText('Confirm new password'), 'another-pass-1');
    await user.click(inside.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(db.users.find((u) => u.id === 3)?.password).toBe('another-pass-1');
    expect(inside.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password beside the field', async () => {
    signInAs('bob@example.com');
    const { user } = renderApp('/editor');
    await user.type(await screen.findByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'another-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'another-pass-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect.',
    );
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });
});
