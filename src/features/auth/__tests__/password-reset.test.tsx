import { screen } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { renderApp } from '../../../test/render-app';

describe('forgot and reset password', () => {
  it("forget-password shows the server's message for a known email", async () => {
    const { user, store } = renderApp('/auth/forget-password');
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We've sent you a link to reset password to your registered email.",
    );
    expect(store.getState().auth.passwordReset).toBe(true);
  });

  it('forget-password gives the same answer for an unknown email, as the server does', async () => {
    const { user, store } = renderApp('/auth/forget-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "We've sent you a link to reset password to your registered email.",
    );
    expect(store.getState().auth.passwordReset).toBe(true);
    expect(db.resetTokens.size).toBe(0);
  });

  it('reset-password sets a new password with the token', async () => {
    db.resetTokens.set('reset-token-1', 2);
    const { user } = renderApp('/auth/reset-password?token=reset-token-1');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been reset. You can log in now.',
    );
    expect(db.users.find((u) => u.id === 2)?.password).toBe('brand-new-pass');
  });

  it('reset-password shows the invalid-link message', async () => {
    const { user } = renderApp('/auth/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid or has expired.',
    );
  });

  it('confirm posts the token and shows the server message with a Log in link', async () => {
    db.confirmTokens.set('confirm-1', 3);
    renderApp('/auth/confirm?token=confirm-1');
    expect(await screen.findByText('Your account is confirmed. You can log in now.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });
});
