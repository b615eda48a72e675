import { act, screen, waitFor, within } from '@testing-library/react';
import { makeTestStore, renderApp, signInAs } from '../../../test/render-app';
import { layoutActions, layoutReducer } from '../layout-slice';

describe('layout slice', () => {
  it('layout colour sets the topbar theme to match', () => {
    let state = layoutReducer(undefined, layoutActions.changeLayoutColor('dark'));
    expect(state).toMatchObject({ layoutColor: 'dark', topbarTheme: 'dark' });
    state = layoutReducer(state, layoutActions.changeLayoutColor('light'));
    expect(state).toMatchObject({ layoutColor: 'light', topbarTheme: 'light' });
  });

  it('layout width sets the sidebar type (boxed: condensed, fluid: default)', () => {
    let state = layoutReducer(undefined, layoutActions.changeLayoutWidth('boxed'));
    expect(state).toMatchObject({ layoutWidth: 'boxed', leftSidebarType: 'condensed' });
    state = layoutReducer(state, layoutActions.changeLayoutWidth('fluid'));
    expect(state).toMatchObject({ layoutWidth: 'fluid', leftSidebarType: 'default' });
  });

  it('toggles the sidebar user info and keeps page titles', () => {
    let state = layoutReducer(undefined, layoutActions.toggleSidebarUserInfo());
    expect(state.showSidebarUserInfo).toBe(true);
    state = layoutReducer(state, layoutActions.toggleSidebarUserInfo());
    expect(state.showSidebarUserInfo).toBe(false);
  });

  it('opening the right sidebar adds right-bar-enabled on body; closing removes it', async () => {
    const store = makeTestStore();
    store.dispatch(layoutActions.showRightSidebar());
    expect(document.body).toHaveClass('right-bar-enabled');
    store.dispatch(layoutActions.hideRightSidebar());
    expect(document.body).not.toHaveClass('right-bar-enabled');
  });

  it('choices persist in localStorage and come back in a new store', () => {
    const store = makeTestStore();
    store.dispatch(layoutActions.changeLayoutType('horizontal'));
    store.dispatch(layoutActions.changeLayoutColor('dark'));
    expect(JSON.parse(localStorage.getItem('layoutSettings') ?? '{}')).toMatchObject({
      layoutType: 'horizontal',
      layoutColor: 'dark',
    });
    expect(makeTestStore().getState().layout).toMatchObject({
      layoutType: 'horizontal',
      layoutColor: 'dark',
      topbarTheme: 'dark',
      showRightSidebar: false,
    });
  });
});

describe('settings panel', () => {
  it('opens from Settings, applies choices, closes with Escape', async () => {
    signInAs('alice@example.com');
    const { user, store } = renderApp('/home');
    const settings = await screen.findByRole('button', { name: 'Settings' });
    await user.click(settings);
    const panel = await screen.findByRole('complementary', { name: 'Settings' });
    expect(panel).toBeInTheDocument();
    expect(document.body).toHaveClass('right-bar-enabled');
    expect(screen.getByRole('button', { name: 'Close settings' })).toHaveFocus();

    const colour = screen.getByRole('group', { name: 'Colour' });
    await user.click(screen.getAllByLabelText('Dark')[0]);
    expect(colour).toContainElement(screen.getAllByLabelText('Dark')[0]);
    expect(screen.getByRole('banner')).toHaveClass('topbar-dark');
    expect(document.documentElement).toHaveAttribute('data-bs-theme', 'dark');

    await user.click(screen.getByLabelText('Boxed'));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toHaveClass('sidebar-condensed');
    expect(store.getState().layout.leftSidebarType).toBe('condensed');

    await user.click(screen.getByLabelText('Show user info in the sidebar'));
    expect(screen.getByTestId('sidebar-user-info')).toHaveTextContent('Alice Example');

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Settings' })).not.toBeInTheDocument(),
    );
    expect(document.body).not.toHaveClass('right-bar-enabled');
    expect(settings).toHaveFocus();
  });

  it('switches to the horizontal layout', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(screen.getByLabelText('Horizontal'));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toHaveClass(
      'horizontal-menu',
    );
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
  });

  it('the user menu works by keyboard', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    const toggle = await screen.findByRole('button', { name: /user menu$/i });
    expect(toggle).toHaveTextContent('Alice Example');
    // The accessible name holds the visible text (WCAG 2.5.3).
    expect(toggle).toHaveAccessibleName('Alice Example, user menu');
    toggle.focus();
    await user.keyboard('{Enter}');
    // Enter opens it on its first item; the arrows move and wrap; Escape closes it back.
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/auth/logout',
    );
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    // ArrowUp opens it on its last item; a click elsewhere closes it.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the page title in the header and document.title', async () => {
    signInAs('alice@example.com');
    renderApp('/editor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeProfileEdit profile',
    );
    expect(document.title).toBe('Edit profile | Helpdesk');
  });
});

// The drawer's look (hidden off screen on a phone, no box on a wide screen) is app.css's and the
// phone journey's (tests/e2e/phone.spec.ts); here, what the Menu button and the keys do.
describe('the main menu on a phone', () => {
  it('Menu opens it with focus on its first link; Escape closes it and focus returns', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const drawer = document.getElementById('main-menu');
    expect(toggle).toHaveAttribute('aria-controls', 'main-menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).not.toHaveClass('open');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toHaveClass('open');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).not.toHaveClass('open');
    expect(toggle).toHaveFocus();
  });

  it('following a link closes it; so does focus moving out of it', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/home');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await user.click(within(menu).getByRole('link', { name: 'My tickets' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/ticket/my_ticket'),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Home' })).toHaveFocus());
    // Focus on the page behind the drawer (as Tab past its last link) closes it.
    act(() => document.getElementById('topbar-search')?.focus());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('main-menu')).not.toHaveClass('open');
  });
});
