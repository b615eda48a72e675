import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';

describe('register', () => {
  it('shows validation messages beside the fields', async () => {
    const { user } = renderApp('/auth/register');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'Please enter your full name.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be 8 to 128 characters.',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match.',
    );
    expect(screen.getByLabelText('Full name')).toHaveClass('is-invalid');
  });

  it('answers an address that has an account like a new one: the same confirmation message', async () => {
    const { user, store } = renderApp('/auth/register');
    await user.type(await screen.findByLabelText('Full name'), 'Alice Again');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful. Check your email for a confirmation link.',
    );
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    expect(store.getState().auth.registerError).toBeNull();
  });

  it("shows the server's message on success", async () => {
    const { user } = renderApp('/auth/register');
    await user.type(await screen.findByLabelText('Full name'), 'Carol New');
    await user.type(screen.getByLabelText('Email'), 'carol@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful. Check your email for a confirmation link.',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });
});
