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
    const table = await screen.findByRole('table', { name: 'My tickets' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
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

describe('a list on a wide screen', () => {
  it('shows its filters at once, with no button to unfold them', async () => {
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket');
    expect(await screen.findByRole('search', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
