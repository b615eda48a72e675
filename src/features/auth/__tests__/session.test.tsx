import { act, screen, waitFor } from '@testing-library/react';
import { clockStandingStill } from '../../../test/clock';
import { renderApp, signInAs, signInExpired } from '../../../test/render-app';

describe('session', () => {
  it('logout posts logout, clears storage and says so', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: /user menu$/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'You are logged out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('sends a visitor without a token to the login page (pre-login) and back after login', async () => {
    const { user } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
  });

  it('treats an expired token as signed out (pre-login redirect, storage cleared)', async () => {
    signInExpired('alice@example.com');
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('/jwt-token fetches user/me, stores userData and goes home', async () => {
    signInAs('agent@example.com');
    localStorage.removeItem('userData');
    sessionStorage.removeItem('userData');
    renderApp('/jwt-token');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Agent Smith' }),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      email: 'agent@example.com',
      user_is_hde: true,
    });
  });

  it('locks the screen after the idle period and returns to the page after the password', async () => {
    vi.stubEnv('VITE_IDLE_MINUTES', String(1.5 / 60));
    signInAs('bob@example.com');
    const { user } = renderApp('/editor');
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Screen locked' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bob Example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Not you? Log out' })).toHaveAttribute(
      'href',
      '/auth/logout',
    );
    vi.unstubAllEnvs();
    await user.type(screen.getByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/editor');
  });

  it('user activity postpones the idle lock', async () => {
    vi.stubEnv('VITE_IDLE_MINUTES', String(1.5 / 60));
    // The idle timer runs on fake time, which only the test moves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      signInAs('bob@example.com');
      renderApp('/home');
      await clockStandingStill(screen.findByRole('heading', { name: 'Welcome, Bob Example' }));
      // Activity every 1.4 s for 5.6 s: each time just before the 1.5 s would be up.
      for (let i = 0; i < 4; i += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1400));
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
      }
      await act(() => vi.advanceTimersByTimeAsync(1499));
      expect(screen.getByRole('heading', { name: 'Welcome, Bob Example' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
      expect(localStorage.getItem('token')).not.toBeNull();
      // 1.5 s after the last activity: locked (the token dropped at once, the page once loaded).
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(localStorage.getItem('token')).toBeNull();
      await clockStandingStill(
        waitFor(() =>
          expect(screen.getByTestId('location')).toHaveTextContent('/auth/lock-screen'),
        ),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
