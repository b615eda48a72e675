import { screen, within } from '@testing-library/react';
import { renderApp, signInAs } from '../../../test/render-app';

describe('home and what’s new', () => {
  it('home shows my open tickets, the latest articles and the cards', async () => {
    signInAs('alice@example.com');
    renderApp('/home');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Welcome, Alice Example' }),
    ).toBeInTheDocument();
    const mine = (await screen.findByRole('heading', { name: 'My open tickets' }))
      .parentElement as HTMLElement;
    expect(within(mine).getByText('You have 7 open tickets.')).toBeInTheDocument();
    expect(within(mine).getAllByRole('link')).toHaveLength(6);
    expect(within(mine).getByRole('link', { name: 'All my tickets' })).toHaveAttribute(
      'href',
      '/ticket/my_ticket',
    );
    const latest = screen.getByRole('heading', { name: 'Latest articles' })
      .parentElement as HTMLElement;
    expect(within(latest).getByRole('link', { name: "What's new" })).toHaveAttribute(
      'href',
      '/whats-new',
    );
    expect(screen.getByRole('link', { name: 'Edit profile' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const name of [
      'Dashboard',
      "What's new",
      'Search',
      'Content collector',
      'Favourites',
      'Charts (ApexCharts)',
      'Charts (Chart.js)',
      'Contact',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).queryByRole('link', { name: 'Collector maintenance' })).toBeNull();
  });

  it('what’s new lists published searchable content', async () => {
    signInAs('bob@example.com');
    renderApp('/whats-new');
    expect(
      await screen.findByRole('heading', { level: 1, name: "What's new" }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Booking a meeting room' });
    // Alice's article, read by Bob: read-only details.
    expect(link).toHaveAttribute('href', '/read-only/details?contentId=34');
  });
});
