import { screen, waitFor, within } from '@testing-library/react';
import { findUserByEmail } from '../../../mocks/db';
import { seedSsoHandoff, seedSsoProvider } from '../../../mocks/sso-handlers';
import { renderApp, signInAs } from '../../../test/render-app';

describe('single sign-on on the login page', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a button per active provider', async () => {
    const p = seedSsoProvider({ label: 'Acme login' });
    seedSsoProvider({ label: 'Old login', active: false });
    renderApp('/auth/login');
    const button = await screen.findByRole('link', { name: 'Continue with Acme login' });
    expect(button).toHaveAttribute('href', `/api/sso/${p.id}/start`);
    expect(screen.queryByRole('link', { name: 'Continue with Old login' })).not.toBeInTheDocument();
  });

  it("sends an address of the provider's domain there instead of asking for the password", async () => {
    const p = seedSsoProvider({ label: 'Acme login', domains: ['acme.example'] });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email'), 'ann@acme.example');
    await user.tab();
    expect(
      await screen.findByText('Your organization signs in with Acme login.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with Acme login' }));
    expect(assign).toHaveBeenCalledWith(`/api/sso/${p.id}/start`);
  });

  it('keeps the password for other domains and after a provider that was down', async () => {
    seedSsoProvider({ label: 'Acme login', domains: ['acme.example'] });
    const { user } = renderApp('/auth/login?password=1');
    await user.type(await screen.findByLabelText('Email'), 'ann@acme.example');
    await user.tab();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByText(/signs in with/)).not.toBeInTheDocument();
  });
});

describe('the callback page', () => {
  it('turns the one-time code into a session and drops it from the address', async () => {
    const alice = findUserByEmail('alice@example.com');
    if (!alice) throw new Error('no demo user');
    const code = seedSsoHandoff(alice.id);
    renderApp(`/auth/sso?code=${code}`);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(screen.getByTestId('location')).not.toHaveTextContent(code);
  });

  it('says so when the code is spent or made up', async () => {
    renderApp('/auth/sso?code=made-up');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired. Sign in again.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });
});

describe('the administrators’ page', () => {
  it('adds a provider (field errors beside the fields), tests discovery, edits and deletes it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/sso-providers');
    expect(await screen.findByText('No sign-in providers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a provider' }));
    const form = screen.getByRole('form', { name: 'New sign-in provider' });
    await user.type(within(form).getByLabelText('Issuer URL'), 'http://idp.example.com');
    await user.type(within(form).getByLabelText('Client id'), 'helpdesk');
    await user.type(within(form).getByLabelText('Client secret'), 's3cret');
    await user.type(within(form).getByLabelText('Button label'), 'Acme login');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Issuer must start with https://.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Issuer URL')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Issuer URL'));
    await user.type(within(form).getByLabelText('Issuer URL'), 'https://idp.example.com');
    await user.click(within(form).getByRole('button', { name: 'Test discovery' }));
    expect(
      await within(form).findByText('The provider answers: https://idp.example.com'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Mail domains'), 'acme.example, other.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const table = await screen.findByRole('table', { name: 'Single sign-on' });
    expect(table).toHaveTextContent('acme.example, other.example');

    await user.click(screen.getByRole('button', { name: 'Edit Acme login' }));
    const edit = screen.getByRole('form', { name: 'Edit Acme login' });
    await user.clear(within(edit).getByLabelText('Button label'));
    await user.type(within(edit).getByLabelText('Button label'), 'Acme');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(table).toHaveTextContent('Acme'));

    await user.click(await screen.findByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No sign-in providers yet.')).toBeInTheDocument();
  });
});
