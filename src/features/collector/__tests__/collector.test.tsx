import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signInAs } from '../../../test/render-app';

describe('content collector', () => {
  it('shows the tree with counts; a node’s content links to its details', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/content-collector');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content collector' }),
    ).toBeInTheDocument();
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    // Alice reads her own content and searchable content: 31, 32 (own), 40, 44 (searchable).
    const network = await within(tree).findByRole('button', { name: 'Network (4)' });
    await user.click(within(tree).getByRole('button', { name: 'Show sub-categories of Network' }));
    expect(await within(tree).findByRole('button', { name: 'VPN (1)' })).toBeInTheDocument();
    expect(
      within(tree).getByRole('button', { name: 'Hide sub-categories of Network' }),
    ).toHaveAttribute('aria-expanded', 'true');

    await user.click(network);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/content-collector?category_id=13'),
    );
    const list = await screen.findByRole('list', { name: 'Content in Network' });
    expect(within(list).getByRole('link', { name: 'Expense claims FAQ (part 2)' })).toHaveAttribute(
      'href',
      '/read-only/details?contentId=44',
    );

    await user.click(within(tree).getByRole('button', { name: 'VPN (1)' }));
    const vpn = await screen.findByRole('list', { name: 'Content in VPN' });
    expect(within(vpn).getByRole('link', { name: 'How to reset your VPN token' })).toHaveAttribute(
      'href',
      '/content/my_content/details?contentId=31',
    );
  });

  it('favourites: find and add a category, see its content, remove it', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/favourites');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Favourites' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have no favourite categories yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a category'), 'wi');
    await user.click(await screen.findByRole('button', { name: 'Add Wi-Fi to favourites' }));
    const heading = await screen.findByRole('heading', { name: 'Network > Wi-Fi' });
    const card = heading.closest('section') as HTMLElement;
    expect(
      await within(card).findByRole('link', { name: 'Connecting to the office Wi-Fi' }),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove Wi-Fi from favourites' }));
    expect(await screen.findByText('You have no favourite categories yet.')).toBeInTheDocument();
  });
});
