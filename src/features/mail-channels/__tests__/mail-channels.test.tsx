import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

const card = (name: string) => screen.getByRole('region', { name });

// jsdom has no layout: colour contrast is checked by the browser journeys.
async function violations(): Promise<string[]> {
  const results = await axe.run(screen.getByRole('main'), {
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** The JSON bodies of the calls to `path` (method + path), in order. */
function bodiesOf(method: string, path: RegExp): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname)) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body));
    }
  });
  return bodies;
}

describe('mail channels page', () => {
  afterEach(() => server.events.removeAllListeners());

  it('lists each help desk with its address and mailbox; agents have it in the menu', async () => {
    signInAs('agent@example.com');
    renderApp('/mail-channels');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mail channels' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'IT Support' });
    expect(within(card('IT Support')).getByText('support@example.com')).toBeInTheDocument();
    expect(
      within(card('IT Support')).getByText(
        'support@example.com on imap.example.com:993, folder INBOX (TLS)',
      ),
    ).toBeInTheDocument();
    expect(within(card('HR')).getByText('hr@example.com')).toBeInTheDocument();
    expect(within(card('HR')).getByText('Not polled')).toBeInTheDocument();
    expect(within(card('Facilities')).getByText('No address')).toBeInTheDocument();
    // Mail comes in as tickets: content help desks are not listed.
    expect(screen.queryByRole('region', { name: 'Knowledge base' })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Mail channels' })).toHaveAttribute(
      'href',
      '/mail-channels',
    );
    expect(await violations()).toEqual([]);
  });

  it('removing a channel asks first, naming its address; Cancel keeps it; emptying the form asks too', async () => {
    signInAs('agent@example.com');
    const puts = bodiesOf('PUT', /^\/api\/mail-channel\/\d+\/$/);
    const { user } = renderApp('/mail-channels');
    await screen.findByRole('heading', { name: 'HR' });
    await user.click(
      within(card('HR')).getByRole('button', { name: 'Remove the mail channel of HR' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Remove this mail channel?' });
    expect(dialog).toHaveTextContent('Mail to hr@example.com no longer becomes tickets in HR');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([]);
    expect(within(card('HR')).getByText('hr@example.com')).toBeInTheDocument();

    await user.click(
      within(card('HR')).getByRole('button', { name: 'Remove the mail channel of HR' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Remove this mail channel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove channel' }));
    expect(await within(card('HR')).findByText('No address')).toBeInTheDocument();
    expect(puts).toEqual([{ address: null, imap: null }]);

    // Emptying IT Support's form (address and mailbox) is a removal too: it asks.
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Edit IT Support' }));
    const form = within(card('IT Support')).getByRole('form', { name: 'Edit IT Support' });
    await user.clear(within(form).getByLabelText('Address'));
    await user.click(within(form).getByLabelText('Poll an IMAP mailbox'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this mail channel?' });
    expect(dialog).toHaveTextContent('Mail to support@example.com no longer becomes tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts).toHaveLength(1);
  });

  it('is not there for a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/mail-channels');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('support@example.com')).toBeNull();
  });

  it('a taken address: the 409 shows beside the field and keeps what was typed; then it saves', async () => {
    signInAs('agent@example.com');
    const puts = bodiesOf('PUT', /^\/api\/mail-channel\/4\/$/);
    const { user } = renderApp('/mail-channels');
    await screen.findByRole('heading', { name: 'HR' });
    await user.click(within(card('HR')).getByRole('button', { name: 'Edit HR' }));
    const address = within(card('HR')).getByLabelText('Address');
    expect(address).toHaveFocus();
    await user.clear(address);
    await user.type(address, 'not-an-address');
    await user.click(within(card('HR')).getByRole('button', { name: 'Save' }));
    expect(await within(card('HR')).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.clear(address);
    await user.type(address, 'Support@Example.com');
    await user.click(within(card('HR')).getByRole('button', { name: 'Save' }));
    const message = 'Support@Example.com is already the address of IT Support.';
    expect(await within(card('HR')).findByText(message)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(message);
    expect(address).toHaveValue('Support@Example.com');

    await user.clear(address);
    await user.type(address, 'people@example.com');
    await user.click(within(card('HR')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mail channel saved')).toBeInTheDocument();
    expect(await within(card('HR')).findByText('people@example.com')).toBeInTheDocument();
    expect(within(card('HR')).queryByLabelText('Address')).toBeNull();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ address: 'people@example.com', imap: null });
    expect(db.mailChannels.find((c) => c.hd_id === 4)?.address).toBe('people@example.com');
  });

  it('the stored password is never shown; left blank it is kept', async () => {
    signInAs('agent@example.com');
    const puts = bodiesOf('PUT', /^\/api\/mail-channel\/1\/$/);
    const { user } = renderApp('/mail-channels');
    await screen.findByRole('heading', { name: 'IT Support' });
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Edit IT Support' }));
    const password = within(card('IT Support')).getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription('Leave blank to keep the stored password.');
    const folder = within(card('IT Support')).getByLabelText('Folder');
    await user.clear(folder);
    await user.type(folder, 'Support');
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mail channel saved')).toBeInTheDocument();
    expect(puts[0]).toEqual({
      address: 'support@example.com',
      imap: {
        host: 'imap.example.com',
        port: 993,
        tls: true,
        user: 'support@example.com',
        folder: 'Support',
      },
    });
    expect(db.mailChannels.find((c) => c.hd_id === 1)?.imap?.password).toBe('stored-secret');
  });

  it('a new mailbox needs its fields; a missing one is said beside it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/mail-channels');
    await screen.findByRole('heading', { name: 'HR' });
    await user.click(within(card('HR')).getByRole('button', { name: 'Edit HR' }));
    await user.click(within(card('HR')).getByLabelText('Poll an IMAP mailbox'));
    expect(within(card('HR')).getByLabelText('Port')).toHaveValue(993);
    expect(within(card('HR')).getByLabelText('Password')).toHaveAccessibleDescription(
      'No password is stored yet.',
    );
    await user.click(within(card('HR')).getByRole('button', { name: 'Save' }));
    expect(await within(card('HR')).findByText('IMAP host is required.')).toBeInTheDocument();
    expect(within(card('HR')).getByText('User name is required.')).toBeInTheDocument();
    expect(within(card('HR')).getByText('Password is required.')).toBeInTheDocument();
  });

  it('Test connection says what the server found: works, or exactly what failed', async () => {
    signInAs('agent@example.com');
    const tests = bodiesOf('POST', /^\/api\/mail-channel\/1\/test\/$/);
    const { user } = renderApp('/mail-channels');
    await screen.findByRole('heading', { name: 'IT Support' });
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Test connection' }));
    const works = await within(card('IT Support')).findByRole('status');
    expect(works).toHaveTextContent('Connection worksConnected; folder INBOX has 12 messages.');

    // In the form, the settings being edited are tested (the stored password when blank).
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Edit IT Support' }));
    const host = within(card('IT Support')).getByLabelText('IMAP host');
    await user.clear(host);
    await user.type(host, '127.0.0.1');
    const port = within(card('IT Support')).getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '1');
    await user.click(within(card('IT Support')).getByRole('button', { name: 'Test connection' }));
    const failed = await within(card('IT Support')).findByRole('alert');
    expect(failed).toHaveTextContent(
      'Connection failedCould not connect to 127.0.0.1:1: connection refused',
    );
    expect(tests).toEqual([
      {},
      {
        imap: {
          host: '127.0.0.1',
          port: 1,
          tls: true,
          user: 'support@example.com',
          folder: 'INBOX',
        },
      },
    ]);
    expect(await violations()).toEqual([]);
    // Testing saves nothing.
    expect(db.mailChannels.find((c) => c.hd_id === 1)?.imap?.host).toBe('imap.example.com');
  });
});
