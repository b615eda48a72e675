import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useShortcuts } from '../../../lib/shortcuts';
import { renderApp, signInAs } from '../../../test/render-app';

// jsdom has no layout: cmdk measures its list and scrolls the selected item into view.
beforeAll(async () => {
  // The dialogs and the page the first test opens load lazily in the app: load them up front so
  // the first test does not pay for the imports on a busy machine.
  await Promise.all([
    import('../components/command-palette'),
    import('../components/help-overlay'),
    import('../../mail-channels/pages/mail-channels-page'),
  ]);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

const location = () => screen.getByTestId('location').textContent;

async function openPalette(user: ReturnType<typeof userEvent.setup>, name = /Type a command/) {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('combobox', { name });
}

describe('command palette', () => {
  it('opens with Ctrl+K, filters the pages an agent may see and goes to one', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    const input = await openPalette(user);
    expect(input).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('option', { name: 'All tickets' })).toBeInTheDocument();

    await user.type(input, 'mail chan');
    await waitFor(() =>
      expect(within(list).queryByRole('option', { name: 'My tickets' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('option', { name: 'Mail channels' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/mail-channels'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('offers a regular user only the pages the route tables give them', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    await openPalette(user);
    const list = screen.getByRole('listbox');
    expect(within(list).getByRole('option', { name: 'My tickets' })).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: 'All tickets' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: 'Mail channels' })).not.toBeInTheDocument();
  });

  it('opens a record by its number', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    const input = await openPalette(user);
    await user.type(input, '#2');
    const ticket = await screen.findByRole('option', { name: 'Open ticket #2' });
    expect(ticket).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Open content #2' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/hd_ticket/details?hdTicketId=2'));
  });

  it('offers the record options for a bare number, with no "Nothing matches." above them', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    const input = await openPalette(user);
    for (const text of ['440', '#440']) {
      await user.clear(input);
      await user.type(input, text);
      expect(await screen.findByRole('option', { name: 'Open ticket #440' })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'Open content #440' })).toBeInTheDocument();
      expect(screen.queryByText('Nothing matches.')).not.toBeInTheDocument();
    }
    // Text that matches nothing still says so.
    await user.clear(input);
    await user.type(input, 'zzqx');
    expect(await screen.findByText('Nothing matches.')).toBeInTheDocument();
    expect(within(screen.getByRole('listbox')).queryByRole('option')).not.toBeInTheDocument();
  });

  it("sends a regular user to their own record's page", async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    const input = await openPalette(user);
    await user.type(input, '2');
    await user.click(await screen.findByRole('option', { name: 'Open content #2' }));
    await waitFor(() => expect(location()).toBe('/content/my_content/details?contentId=2'));
  });

  it("runs the screen's shortcuts and switches theme and language", async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    let input = await openPalette(user);
    await user.type(input, 'dark theme');
    await user.click(await screen.findByRole('option', { name: 'Switch to the dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');

    input = await openPalette(user);
    await user.type(input, 'español');
    await user.click(await screen.findByRole('option', { name: 'Switch language to Español' }));
    expect(await screen.findByRole('button', { name: 'Ajustes' })).toBeInTheDocument();

    input = await openPalette(user, /Escriba un comando/);
    await user.type(input, 'atajos');
    await user.click(await screen.findByRole('option', { name: /Mostrar los atajos/ }));
    expect(await screen.findByRole('dialog', { name: 'Atajos de teclado' })).toBeInTheDocument();
  });
});

describe('help overlay', () => {
  function ScreenShortcuts() {
    const [count, setCount] = useState(0);
    useShortcuts([
      { keys: 'j', label: 'Next row', group: 'List', run: () => setCount((c) => c + 1) },
      { keys: 'mod+Enter', label: 'Send', group: 'Record', run: () => {}, inFields: true },
    ]);
    return <output aria-label="moves">{count}</output>;
  }

  it('lists the shortcuts registered on the screen, grouped; Escape closes it', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Settings' });
    const extra = render(<ScreenShortcuts />);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const close = within(dialog).getByRole('button', { name: 'Close keyboard shortcuts' });
    await waitFor(() => expect(close).toHaveFocus());
    const anywhere = within(dialog).getByRole('region', { name: 'Anywhere' });
    expect(within(anywhere).getByText('Show keyboard shortcuts')).toBeInTheDocument();
    expect(within(anywhere).getByText('Open the command palette')).toBeInTheDocument();
    const list = within(dialog).getByRole('region', { name: 'List' });
    expect(list).toHaveTextContent('Next row');
    expect(list).toHaveTextContent('J');
    expect(within(dialog).getByRole('region', { name: 'Record' })).toHaveTextContent(
      'SendCtrlEnter',
    );

    // Keys pressed in the dialog do not reach the screen behind it.
    await user.keyboard('j');
    expect(screen.getByLabelText('moves')).toHaveTextContent('0');

    // user-event gives Escape no keyCode, which reactstrap reads (a browser gives one).
    fireEvent.keyUp(close, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('j');
    expect(screen.getByLabelText('moves')).toHaveTextContent('1');
    extra.unmount();
  });
});

describe('theme toggle', () => {
  it('sets data-bs-theme and is remembered in a new session', async () => {
    signInAs('alice@example.com');
    const first = renderApp('/home');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await first.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(JSON.parse(localStorage.getItem('layoutSettings') ?? '{}')).toMatchObject({
      layoutColor: 'dark',
    });
    first.unmount();
    document.documentElement.removeAttribute('data-bs-theme');

    renderApp('/home');
    expect(await screen.findByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
  });

  it('is in the horizontal layout too, with the ? overlay', async () => {
    localStorage.setItem('layoutSettings', JSON.stringify({ layoutType: 'horizontal' }));
    signInAs('agent@example.com');
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(document.body.dataset.layout).toBe('horizontal');
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
