import { screen, waitFor, within } from '@testing-library/react';
import { db, startSession } from '../../../mocks/db';
import { totpCode } from '../../../lib/totp';
import { renderApp, signInAs } from '../../../test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const code = (steps = 0) => totpCode(SECRET, Date.now() + steps * 30_000);

/** Two-step sign-in on for a demo account, with a known secret and recovery code. */
function turnOnFor(email: string) {
  const user = db.users.find((u) => u.email === email);
  if (!user) throw new Error(email);
  db.twoStep.set(user.id, {
    secret: SECRET,
    enabled: true,
    lastStep: null,
    recovery: new Set(['abcde23456']),
  });
}

describe('profile: two-step sign-in', () => {
  it('sets it up with a QR code and the secret, a first code, and shows ten recovery codes once', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(
      await within(section).findByRole('button', { name: 'Set up two-step sign-in' }),
    );
    expect(
      await within(section).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    const secret = within(section).getByTestId('two-step-secret').textContent?.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const input = within(section).getByLabelText('Code from the app');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(input, '12');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(section).findByText('The code is the 6 digits the app shows.'),
    ).toBeInTheDocument();

    // A code of another time: the server's field message beside the field.
    await user.clear(input);
    await user.type(input, await totpCode(secret ?? '', Date.now() + 10 * 30_000));
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(section).findByText('This code is not valid, or it has been used already.'),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, await totpCode(secret ?? '', Date.now()));
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('regenerates the recovery codes with a code, and turns off with the password and a code', async () => {
    turnOnFor('alice@example.com');
    signInAs('alice@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText('1 recovery code left.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Get new recovery codes' }));
    await user.type(
      within(section).getByLabelText('Code from the app or a recovery code', {
        selector: '#two-step-codes-code',
      }),
      'ABCDE-23456',
    );
    await user.click(within(section).getByRole('button', { name: 'Get new codes' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));

    await user.type(within(section).getByLabelText('Current password'), 'wrong password');
    await user.type(
      within(section).getByLabelText('Code from the app or a recovery code', {
        selector: '#two-step-off-code',
      }),
      await code(),
    );
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(section).findByText('The password is not correct.')).toBeInTheDocument();

    const password = within(section).getByLabelText('Current password');
    await user.clear(password);
    await user.type(password, 'helpdesk-demo');
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    const again = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.click(within(again).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(
      await within(section).findByRole('button', { name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(db.twoStep.has(2)).toBe(false);
  });
});

describe('profile: signed-in sessions', () => {
  it('lists the sessions and ends another one after confirming', async () => {
    signInAs('bob@example.com');
    const bob = db.users.find((u) => u.email === 'bob@example.com');
    startSession(bob?.id ?? 0, undefined, {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Signed-in sessions' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(section).getByText('This browser')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Sign out Firefox on Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });
});

describe('login with two-step sign-in', () => {
  async function password(user: ReturnType<typeof renderApp>['user'], email: string) {
    await user.type(await screen.findByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('asks for a code after the password, refuses a wrong one beside the field, then signs in', async () => {
    turnOnFor('alice@example.com');
    const { user } = renderApp('/auth/login');
    await password(user, 'alice@example.com');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(localStorage.getItem('token')).toBeNull();

    await user.type(input, await code(5));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This code is not valid, or it has been used already.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, await code());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('signs in with a recovery code instead', async () => {
    turnOnFor('bob@example.com');
    const { user } = renderApp('/auth/login');
    await password(user, 'bob@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Bob Example' }),
    ).toBeInTheDocument();
  });

  it('goes back to the password when the sign-in has expired', async () => {
    turnOnFor('alice@example.com');
    const { user } = renderApp('/auth/login');
    await password(user, 'alice@example.com');
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    db.challenges.clear();
    await user.type(screen.getByLabelText('Code'), await code());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for a code on the lock screen too', async () => {
    turnOnFor('alice@example.com');
    signInAs('alice@example.com');
    const { user } = renderApp('/auth/lock-screen');
    await user.type(await screen.findByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.type(await screen.findByLabelText('Code'), await code());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
  });

  it('leads an agent who must use it to the setup first', async () => {
    db.requireTwoStepStaff = true;
    const { user, store } = renderApp('/auth/login');
    await password(user, 'agent@example.com');
    expect(
      await screen.findByRole('heading', { name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/two-step-setup');
    const secret = (await screen.findByTestId('two-step-secret')).textContent?.replace(/\s/g, '');
    await user.type(
      screen.getByLabelText('Code from the app'),
      await totpCode(secret ?? '', Date.now()),
    );
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/auth/'));
    expect(store.getState().auth.user?.email).toBe('agent@example.com');
  });
});

describe('administrators: require two-step sign-in', () => {
  it('switches the requirement on the Agents and users page', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/admin/users');
    const toggle = await screen.findByRole('switch', {
      name: 'Require two-step sign-in for agents and administrators',
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(db.requireTwoStepStaff).toBe(true);
    expect(await screen.findByText('Sign-in settings saved.')).toBeInTheDocument();
  });
});
