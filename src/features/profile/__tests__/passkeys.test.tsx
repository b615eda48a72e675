import { screen, waitFor, within } from '@testing-library/react';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { db } from '../../../mocks/db';
import { getReqUrl } from '../../../lib/storage';
import { renderApp, signInAs } from '../../../test/render-app';

// Only the browser's ceremony is replaced: an answer signed for the options' challenge by a
// made-up credential, from the page's origin (the mocks check both, as the server does).
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const origin = () => new URL(getReqUrl() || '/', window.location.href).origin;
const clientData = (type: string, challenge: string) =>
  b64(JSON.stringify({ type, challenge, origin: origin(), crossOrigin: false }));

const registration = vi.mocked(startRegistration);
const authentication = vi.mocked(startAuthentication);

beforeEach(() => {
  registration.mockReset();
  authentication.mockReset();
  registration.mockImplementation(async ({ optionsJSON }) => ({
    id: 'cred-1',
    rawId: 'cred-1',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: clientData('webauthn.create', optionsJSON.challenge),
      attestationObject: 'AAAA',
      transports: ['internal'],
    },
  }));
  authentication.mockImplementation(async ({ optionsJSON }) => ({
    id: 'cred-1',
    rawId: 'cred-1',
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: clientData('webauthn.get', optionsJSON.challenge),
      authenticatorData: 'AAAA',
      signature: 'AAAA',
    },
  }));
});

describe('profile: passkeys', () => {
  it('adds a named passkey through the browser, lists it, and removes it after confirming', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(section).findByText('No passkeys.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(await within(section).findByText('Name must be 1 to 100 characters.')).toBeVisible();
    expect(registration).not.toHaveBeenCalled();

    await user.type(within(section).getByLabelText('Name'), 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();
    expect(registration).toHaveBeenCalledTimes(1);
    expect(registration.mock.calls[0][0].optionsJSON.user.name).toBe('alice@example.com');
    expect(await screen.findByText('Passkey added')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Name')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('No passkeys.')).toBeInTheDocument();
    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
  });

  it('says so when the browser ceremony is cancelled, and adds nothing', async () => {
    registration.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    signInAs('bob@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await within(section).findByText('No passkeys.');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await user.type(within(section).getByLabelText('Name'), 'Phone');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(
      await within(section).findByText(
        "The passkey was not added: the browser's request was cancelled or refused.",
      ),
    ).toBeVisible();
    expect(within(section).getByText('No passkeys.')).toBeInTheDocument();
  });

  it('shows the server refusal of a passkey registered already', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await within(section).findByText('No passkeys.');
    for (const name of ['Laptop', 'Laptop again']) {
      await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
      await user.type(within(section).getByLabelText('Name'), name);
      await user.click(within(section).getByRole('button', { name: 'Continue' }));
      if (name === 'Laptop') await within(section).findByText('Laptop');
    }
    expect(await within(section).findByText('This passkey is registered already.')).toBeVisible();
  });

  it('signs in with a passkey alone on a freshly loaded login page and lands on home', async () => {
    signInAs('bob@example.com');
    const first = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await within(section).findByText('No passkeys.');
    await first.user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await first.user.type(within(section).getByLabelText('Name'), 'Phone');
    await first.user.click(within(section).getByRole('button', { name: 'Continue' }));
    await within(section).findByRole('list', { name: 'Passkeys' });
    first.unmount();
    localStorage.clear();
    sessionStorage.clear();

    // A new store, as a page load makes: nothing but the passkey button wakes the sign-in.
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(authentication).toHaveBeenCalledTimes(1));
    expect(authentication.mock.calls[0][0].optionsJSON.allowCredentials).toBeUndefined();
    expect(await screen.findByRole('heading', { name: 'Welcome, Bob Example' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('answers the sign-in code step with a passkey instead of a code', async () => {
    // Alice has two-step on and a passkey.
    signInAs('alice@example.com');
    const first = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'Passkeys' });
    await within(section).findByText('No passkeys.');
    await first.user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    await first.user.type(within(section).getByLabelText('Name'), 'Laptop');
    await first.user.click(within(section).getByRole('button', { name: 'Continue' }));
    await within(section).findByRole('list', { name: 'Passkeys' });
    first.unmount();
    localStorage.clear();
    const alice = db.users.find((u) => u.email === 'alice@example.com');
    db.twoStep.set(alice?.id ?? 0, {
      secret: 'JBSWY3DPEHPK3PXP',
      enabled: true,
      recovery: new Set(),
      lastStep: null,
    });

    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() => expect(authentication).toHaveBeenCalledTimes(1));
    expect(authentication.mock.calls[0][0].optionsJSON.allowCredentials?.map((c) => c.id)).toEqual([
      'cred-1',
    ]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
  });
});
