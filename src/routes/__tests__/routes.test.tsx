import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { preloadFirstScreen } from '../../app/router';
import { hdeRoutes, layoutRoutes, mainMenu } from '../private-routes';
import { lazyPage } from '../../lib/lazy-page';
import { authRoutes } from '../public-routes';
import { visibleRows } from '../route-types';
import type { MenuRow, RouteRow } from '../route-types';
import { makeTestStore, renderApp, signInAs } from '../../test/render-app';

// A test-only table: the real tables stay free of placeholder pages.
const agentDesk = lazyPage(async () => ({
  default: function AgentDesk() {
    return <h2>Agent desk</h2>;
  },
}));
const testRows: RouteRow[] = [
  ...layoutRoutes,
  { path: 'agent-desk', page: agentDesk, hdeOnly: true },
];
const testMenu: MenuRow[] = [
  ...mainMenu,
  { labelKey: 'Agent desk', path: '/agent-desk', group: 'work', hdeOnly: true },
];

describe('route tables', () => {
  it('visibleRows drops hde-only rows unless user_is_hde', () => {
    const rows = [{ path: 'a' }, { path: 'b', hdeOnly: true }];
    expect(visibleRows(rows, null).map((r) => r.path)).toEqual(['a']);
    expect(visibleRows(rows, { user_is_hde: false }).map((r) => r.path)).toEqual(['a']);
    expect(visibleRows(rows, { user_is_hde: true }).map((r) => r.path)).toEqual(['a', 'b']);
  });

  it('visibleRows drops admin-only rows unless user_is_admin', () => {
    const rows = [{ path: 'a' }, { path: 'b', hdeOnly: true, adminOnly: true }];
    const agent = { user_is_hde: true, user_is_admin: false };
    expect(visibleRows(rows, agent).map((r) => r.path)).toEqual(['a']);
    expect(visibleRows(rows, { ...agent, user_is_admin: true }).map((r) => r.path)).toEqual([
      'a',
      'b',
    ]);
  });

  it('a helpdesk-only path is the not-found page for a regular user', async () => {
    signInAs('alice@example.com');
    renderApp('/agent-desk', { privateRows: testRows, menu: testMenu });
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
    expect(screen.queryByText('Agent desk')).not.toBeInTheDocument();
  });

  it('the same path renders for a helpdesk user, with its menu row', async () => {
    signInAs('agent@example.com');
    renderApp('/agent-desk', { privateRows: testRows, menu: testMenu });
    expect(await screen.findByRole('heading', { name: 'Agent desk' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveTextContent('Agent desk');
  });

  it('the menu of a regular user has no hde-only rows', async () => {
    signInAs('alice@example.com');
    renderApp('/home', { privateRows: testRows, menu: testMenu });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveTextContent('Home');
    expect(menu).toHaveTextContent('Profile');
    expect(menu).not.toHaveTextContent('Agent desk');
  });

  it('groups the menu into headed sections; a regular user has no agent or admin section', async () => {
    signInAs('agent@example.com');
    const { unmount } = renderApp('/home');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const section = (name: string) =>
      within(within(menu).getByRole('list', { name }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    expect(section('Agent work')).toEqual([
      'All tickets',
      'All content',
      'Organizations',
      'Content drafts',
      'To review',
    ]);
    expect(section('My tickets and content')).toContain('Raise a ticket');
    expect(section('Knowledge')).toEqual(['Content collector', 'Favourites']);
    expect(section('Insights')).toEqual([
      'Dashboard',
      "What's new",
      'Charts (ApexCharts)',
      'Charts (Chart.js)',
    ]);
    expect(section('Administration')).toEqual([
      'Help desks',
      'Agents and users',
      'Automatic assignment',
      'Collector maintenance',
      'Mail channels',
      'SLA policies',
      'Macros',
      'Custom fields',
      'Tags',
      'Triggers',
      'Time-based rules',
      'Mail templates',
      'Webhooks',
      'Audit log',
      'Single sign-on',
    ]);
    // Home first: the drawer's focus lands on it.
    expect(within(menu).getAllByRole('link')[0]).toHaveTextContent('Home');
    unmount();

    signInAs('alice@example.com');
    renderApp('/home');
    const own = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(own).getByRole('list', { name: 'My tickets and content' })).toBeInTheDocument();
    expect(within(own).queryByRole('heading', { name: 'Agent work' })).toBeNull();
    expect(within(own).queryByRole('heading', { name: 'Administration' })).toBeNull();
  });

  it('/ redirects to /home', async () => {
    signInAs('alice@example.com');
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/editor');
  });

  it('an unknown path is the not-found page', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', {
        name: 'Sorry! the data you are looking for could not be found',
      }),
    ).toBeInTheDocument();
  });

  it('/access-denied shows Access Forbidden', async () => {
    renderApp('/access-denied');
    expect(await screen.findByRole('heading', { name: 'Access Forbidden' })).toBeInTheDocument();
  });
});

describe('the first screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const row = (rows: RouteRow[], path: string) => {
    const found = rows.find((r) => r.path === path);
    if (!found?.page.preload) throw new Error(`no preloadable row ${path}`);
    return found.page as Required<RouteRow['page']>;
  };

  it("starts loading a signed-in page's code (with a path parameter too) before React renders", () => {
    signInAs('agent@example.com');
    const list = vi.spyOn(row(layoutRoutes, 'ticket/my_ticket'), 'preload');
    const user = vi.spyOn(row(hdeRoutes, 'hd_ticket/:userId'), 'preload');
    void preloadFirstScreen('/ticket/my_ticket', 'vertical', makeTestStore());
    void preloadFirstScreen('/hd_ticket/42', 'horizontal', makeTestStore());
    expect(list).toHaveBeenCalledOnce();
    expect(user).toHaveBeenCalledOnce();
  });

  it.each([
    [
      '/hd_ticket/details?hdTicketId=2',
      '/api/ticket/2/details/',
      () => screen.getByTestId('record-view'),
    ],
    [
      '/ticket/my_ticket?sort=-updated_at&page=2',
      '/api/search/ticket/my',
      () => screen.getAllByRole('cell'),
    ],
  ])(
    "requests %s's data before React renders; the first render shows it, asked for once",
    async (url, call, shownAtOnce) => {
      signInAs(url.startsWith('/hd_') ? 'agent@example.com' : 'alice@example.com');
      const calls: string[] = [];
      server.events.on('request:start', ({ request }) => {
        const { pathname } = new URL(request.url);
        if (pathname === call) calls.push(pathname);
      });
      const store = makeTestStore();
      // Resolved once the answer is in the store: the app renders only then (app/main.tsx).
      await preloadFirstScreen(url, 'vertical', store);
      expect(calls).toEqual([call]);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
      renderApp(url, {}, store);
      shownAtOnce();
      // What the page sets off as it mounts, at once or on a timer (fake time, moved past any
      // debounce), has been sent by now.
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(calls).toEqual([call]);
    },
  );

  it('a session refused on the first call leads to the login page, and back after signing in', async () => {
    signInAs('agent@example.com');
    server.use(
      http.get('*/api/ticket/:id/details/', () =>
        HttpResponse.json({ statusCode: 401, error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const url = '/hd_ticket/details?hdTicketId=2';
    const store = makeTestStore();
    await preloadFirstScreen(url, 'vertical', store);
    server.resetHandlers();
    const { user } = renderApp(url, {}, store);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    await user.type(await screen.findByLabelText('Email'), 'agent@example.com');
    await user.type(screen.getByLabelText('Password'), 'helpdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(url));
    expect(await screen.findByTestId('record-view')).toBeInTheDocument();
  });

  it('starts nothing of a helpdesk-only page for a regular user', async () => {
    signInAs('alice@example.com');
    const user = vi.spyOn(row(hdeRoutes, 'hd_ticket/:userId'), 'preload');
    const calls: string[] = [];
    // The store's own event stream aside: no call for the page.
    server.events.on('request:start', ({ request }) => {
      if (!request.url.endsWith('/api/events')) calls.push(request.url);
    });
    const store = makeTestStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    await preloadFirstScreen('/hd_ticket/3', 'vertical', store);
    await preloadFirstScreen('/hd_ticket/details?hdTicketId=2', 'vertical', store);
    // What the preloads set off, at once or on a timer (fake time), has been sent by now.
    await vi.advanceTimersByTimeAsync(5000);
    expect(user).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('loads the login page for /auth/login, and no signed-in page without a session', () => {
    const login = vi.spyOn(row(authRoutes, 'login'), 'preload');
    const list = vi.spyOn(row(layoutRoutes, 'ticket/my_ticket'), 'preload');
    void preloadFirstScreen('/auth/login', 'vertical', makeTestStore());
    void preloadFirstScreen('/ticket/my_ticket', 'vertical', makeTestStore());
    expect(login).toHaveBeenCalledOnce();
    expect(list).not.toHaveBeenCalled();
  });
});
