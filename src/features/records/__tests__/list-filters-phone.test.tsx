import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { NARROW_QUERY, PHONE_QUERY } from '../../../lib/use-media-query';
import { matchingMedia } from '../../../test/match-media';
import { renderApp, signInAs } from '../../../test/render-app';

function choiceCalls(): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (/^\/api\/(status|priority|company|helpdesk|content-type)\/$/.test(pathname)) {
      calls.push(pathname);
    }
  });
  return calls;
}

describe('a list on a phone', () => {
  beforeEach(() => matchingMedia(PHONE_QUERY, NARROW_QUERY));
  afterEach(() => {
    vi.unstubAllGlobals();
    server.events.removeAllListeners();
  });

  it('starts with its filters folded behind a button that counts the set ones', async () => {
    signInAs('alice@example.com');
    const calls = choiceCalls();
    const { user } = renderApp('/ticket/my_ticket?status_id=1&priority_id=2');
    const cards = await screen.findByRole('list', { name: 'My tickets' });
    expect(within(cards).getAllByRole('listitem').length).toBeGreaterThan(0);
    const toggle = screen.getByRole('button', { name: 'Filters (2 on)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search', { name: 'Filters' })).not.toBeInTheDocument();
    // Folded, the filters' choices are not asked for.
    expect(calls).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('search', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    await waitFor(() => expect(within(form).getByLabelText('Status')).toHaveValue('1'));
    expect(within(form).getByLabelText('Priority')).toHaveValue('2');
    expect(calls).toContain('/api/status/');

    // Clearing them: the button says so, and the form stays open.
    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(toggle).toHaveTextContent(/^Filters$/));
    expect(screen.getByRole('search', { name: 'Filters' })).toBeInTheDocument();
  });
});

describe('a list on a phone: one card per record', () => {
  beforeEach(() => matchingMedia(PHONE_QUERY, NARROW_QUERY));
  afterEach(() => vi.unstubAllGlobals());

  it('shows subject, status, priority, due time and requester, the card opening the record', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    const cards = await screen.findByRole('list', { name: 'All tickets' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // A thumb's list: no column chooser; a Sort choice instead of the headers.
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    const card = within(cards).getAllByRole('listitem')[0];
    const link = within(card).getByRole('link');
    expect(card).toHaveTextContent(/New|Open|Pending|Resolved|Closed/);
    expect(card).toHaveTextContent(/Low|Normal|High|Urgent/);
    expect(card).toHaveTextContent(/Due in|Overdue by|Paused|Met|No SLA/);
    expect(card).toHaveTextContent(/Requester: \w+/);
    expect(link).toHaveClass('stretched-link');
    expect(
      within(card).getByRole('checkbox', { name: `Select ${link.textContent ?? ''}` }),
    ).toBeInTheDocument();
    await user.click(link);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/hd_ticket/details?hdTicketId='),
    );
  });

  it('sorts with a Sort choice in place of the headers', async () => {
    signInAs('agent@example.com');
    const { user } = renderApp('/hd_ticket');
    await screen.findByRole('list', { name: 'All tickets' });
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveValue('-created_at');
    await user.selectOptions(sort, 'Assignee, ascending');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('sort=assignee'));
  });
});

describe('the header on a phone', () => {
  beforeEach(() => matchingMedia(PHONE_QUERY, NARROW_QUERY));
  afterEach(() => vi.unstubAllGlobals());

  it('is one row: Menu, brand, Search, user menu; language, theme and Settings are in the user menu', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const header = menu.closest('header') as HTMLElement;
    expect(within(header).queryByLabelText('Language')).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Dark theme' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('searchbox')).not.toBeInTheDocument();

    // Search unfolds under the row, focused; Escape folds it back to its button.
    const search = within(header).getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    const box = within(header).getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(header).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(search).toHaveFocus();

    const userMenu = within(header).getByRole('button', { name: /user menu/ });
    await user.click(userMenu);
    const items = within(header).getByRole('menu');
    expect(within(items).getByRole('menuitemcheckbox', { name: 'Dark theme' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(within(items).getByRole('menuitemcheckbox', { name: 'Dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');
    expect(userMenu).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    const language = within(header).getByRole('group', { name: 'Language' });
    expect(within(language).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(language).getByRole('menuitemradio', { name: 'Español' }));
    expect(await within(header).findByRole('button', { name: /menú de usuario/ })).toHaveFocus();

    await user.click(within(header).getByRole('button', { name: /menú de usuario/ }));
    await user.click(within(header).getByRole('menuitem', { name: 'Ajustes' }));
    const panel = await screen.findByRole('complementary', { name: 'Ajustes' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(within(header).getByRole('button', { name: /menú de usuario/ })).toHaveFocus();
  });
});

describe('a list on a wide screen', () => {
  it('shows its filters at once, with no button to unfold them', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket');
    expect(await screen.findByRole('search', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
