import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';

function recordBodies(path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => bodies.push(body));
    }
  });
  return bodies;
}

describe('search', () => {
  afterEach(() => server.events.removeAllListeners());

  it('the topbar box opens /search with q and type in the URL and shows results', async () => {
    signInAs('alice@example.com');
    const bodies = recordBodies('/api/search/query');
    const { user, store } = renderApp('/home');
    const banner = await screen.findByRole('banner');
    const box = within(banner).getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'vpn token{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/search?q=vpn+token&type=C'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Results for “vpn token”' });
    const link = within(results).getByRole('link', { name: 'How to reset your VPN token' });
    // Alice owns it: her details page.
    expect(link).toHaveAttribute('href', '/content/my_content/details?contentId=31');
    expect(results.querySelector('mark')).not.toBeNull();
    expect(screen.getByLabelText('Search for')).toHaveValue('vpn token');
    expect(bodies[0]).toEqual({ q: 'vpn token', type: 'C', page: 1, page_size: 10, filters: {} });
    expect(store.getState().search).toEqual({
      navigationSearchQuery: 'vpn token',
      searchQueryType: 'C',
      loaderSearch: false,
    });
  });

  it('a reader’s result links to read-only details; filters go to the URL and the request', async () => {
    signInAs('bob@example.com');
    const bodies = recordBodies('/api/search/query');
    const { user } = renderApp('/search?q=office+wi-fi&type=C');
    const results = await screen.findByRole('list', { name: 'Results for “office wi-fi”' });
    expect(
      within(results).getByRole('link', { name: 'Connecting to the office Wi-Fi' }),
    ).toHaveAttribute('href', '/read-only/details?contentId=32');
    expect(
      within(results).getByRole('link', { name: 'Connecting to the office Wi-Fi (part 2)' }),
    ).toHaveAttribute('href', '/content/my_content/details?contentId=40');

    await user.selectOptions(screen.getByLabelText('Type'), 'T');
    await user.clear(screen.getByLabelText('Search for'));
    await user.type(screen.getByLabelText('Search for'), 'printer');
    await user.type(screen.getByLabelText('Created from'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/search?q=printer&type=T&created_from=2026-10-01',
      ),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        q: 'printer',
        type: 'T',
        page: 1,
        page_size: 10,
        filters: { created_from: '2026-10-01' },
      }),
    );
  });

  it('an empty query asks for text; no results say so', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/search');
    expect(await screen.findByText('Type something to search for.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search for'), 'zzqx');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No results for “zzqx”.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search for'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type something to search for.')).toBeInTheDocument();
  });

  it('a 400 from the server shows beside the input', async () => {
    signInAs('alice@example.com');
    renderApp(`/search?q=${'a'.repeat(201)}&type=C`);
    const message = await screen.findByText('Search text must be at most 200 characters.');
    expect(screen.getByLabelText('Search for')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Search for')).toHaveAccessibleDescription(
      message.textContent ?? '',
    );
  });
});
