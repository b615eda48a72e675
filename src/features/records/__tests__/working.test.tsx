import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatDateTimeLocal } from '../../../lib/dates';
import { db } from '../../../mocks/db';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import type { HistoryAction } from '../work-types';

const region = (name: string) => screen.getByRole('region', { name });
const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('working a record: sharing, classification, relations, history', () => {
  afterEach(() => server.events.removeAllListeners());

  it('share: a newer keystroke cancels the earlier search; the list is saved', async () => {
    const searched: string[] = [];
    const abort = vi.spyOn(AbortController.prototype, 'abort');
    // Which search the dialog gives up on: the XMLHttpRequest it opened and then aborted.
    const opened = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const aborted = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    let answerB = () => {};
    const bAnswered = new Promise<void>((resolve) => (answerB = resolve));
    server.use(
      http.get('*/api/search/user/by-id/:text', async ({ params }) => {
        searched.push(String(params.text));
        if (params.text !== 'B') return undefined; // the real mock answers the rest
        await bAnswered; // a slow server: answers once the test lets it
        return HttpResponse.json({ statusCode: 200, data: [{ id: 1, fullname: 'Agent Smith' }] });
      }),
    );
    // The late answer to "B" reaching the page (msw hands it to the aborted request all the same).
    const bDelivered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (request.url.endsWith('/api/search/user/by-id/B')) resolve();
      }),
    );
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(await screen.findByText('Not shared with anyone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const share = await dialog('Share with people');
    await user.type(within(share).getByLabelText('Find people'), 'Bo');
    await user.click(await within(share).findByRole('button', { name: 'Add Bob Example' }));
    expect(searched).toEqual(['B', 'Bo']);
    // The first (slow) search was given up on while the server still held it...
    const searches = opened.mock.calls.flatMap(([method, url], i) =>
      method === 'GET' && String(url).includes('/api/search/user/by-id/')
        ? [opened.mock.contexts[i]]
        : [],
    );
    expect(searches).toHaveLength(2);
    expect(searches.filter((xhr) => aborted.mock.contexts.includes(xhr))).toEqual([searches[0]]);
    expect(abort).toHaveBeenCalled();
    abort.mockRestore();
    opened.mockRestore();
    aborted.mockRestore();
    // ...so its answer, once it comes, never shows.
    answerB();
    await bDelivered;
    expect(within(share).queryByRole('button', { name: 'Add Agent Smith' })).toBeNull();
    expect(screen.queryByText('Network Error')).toBeNull();
    expect(screen.queryByText(/Request Error/)).toBeNull();
    expect(within(share).getByRole('button', { name: 'Remove Bob Example' })).toBeInTheDocument();
    await user.click(within(share).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sharing saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region('Shared with')).getByText('Bob Example')).toBeVisible(),
    );
    expect(db.shares).toEqual([{ record_id: 2, user_id: 3 }]);
    expect(
      await within(region('History')).findByText(/^Alice Example shared it with Bob Example · /),
    ).toBeInTheDocument();
  });

  it('classify: favourites first, the tree loads children on open, saving', async () => {
    db.favorites = [{ user_id: 2, category_id: 14 }];
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(await screen.findByText('Not classified.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Classify' }));
    const classify = await dialog('Classify');
    const favourites = within(classify).getByRole('group', { name: 'Favourites' });
    expect(await within(favourites).findByRole('checkbox', { name: 'VPN' })).toBeInTheDocument();
    const tree = within(classify).getByRole('tree');
    const network = await within(tree).findByRole('treeitem', { name: /Network/ });
    expect(within(classify).getAllByRole('checkbox')[0]).toHaveAccessibleName('VPN');
    expect(network).toHaveAttribute('aria-expanded', 'false');
    await user.click(
      within(network).getByRole('button', { name: 'Show the categories under Network' }),
    );
    expect(network).toHaveAttribute('aria-expanded', 'true');
    await user.click(await within(network).findByRole('checkbox', { name: 'Wi-Fi' }));
    await user.click(within(favourites).getByRole('checkbox', { name: 'VPN' }));
    // The tree's VPN is the same choice.
    expect(within(network).getByRole('checkbox', { name: 'VPN' })).toBeChecked();
    await user.click(within(network).getByRole('button', { name: 'Add Wi-Fi to favourites' }));
    expect(await within(favourites).findByRole('checkbox', { name: 'Wi-Fi' })).toBeInTheDocument();
    expect(
      within(network).getByRole('button', { name: 'Remove Wi-Fi from favourites' }),
    ).toBeInTheDocument();
    expect(db.favorites).toContainEqual({ user_id: 2, category_id: 15 });
    // Search by name.
    await user.type(within(classify).getByLabelText('Search categories'), 'lapt');
    const found = await within(classify).findByRole('group', { name: 'Categories found' });
    expect(await within(found).findByRole('checkbox', { name: 'Laptops' })).toBeInTheDocument();

    await user.click(within(classify).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Classification saved')).toBeInTheDocument();
    const section = region('Classification');
    expect(await within(section).findByText('Network > Wi-Fi')).toBeInTheDocument();
    expect(within(section).getByText('Network > VPN')).toBeInTheDocument();
    expect(db.recordCategories.map((rc) => rc.category_id).sort()).toEqual([14, 15]);
  });

  it('relate and remove a relation', async () => {
    signInAs('alice@example.com');
    const { user } = renderApp('/ticket/my_ticket/details?ticketId=2');
    const section = await screen.findByRole('region', { name: 'Related records' });
    expect(await within(section).findByText('No related records.')).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Record type'), 'Content');
    await user.type(within(section).getByLabelText('Find a record to relate'), 'holiday');
    await user.click(await within(section).findByRole('button', { name: 'Relate Holiday policy' }));
    expect(await screen.findByText('Relation added')).toBeInTheDocument();
    const link = await within(section).findByRole('link', { name: 'Holiday policy' });
    expect(link).toHaveAttribute('href', '/content/my_content/details?contentId=33');
    expect(db.relations).toEqual([{ a: 2, b: 33 }]);
    await user.click(
      within(section).getByRole('button', { name: 'Remove relation to Holiday policy' }),
    );
    expect(await screen.findByText('Relation removed')).toBeInTheDocument();
    expect(await within(section).findByText('No related records.')).toBeInTheDocument();
    expect(db.relations).toEqual([]);
    const history = region('History');
    expect(
      await within(history).findByText(/^Alice Example removed the relation to Holiday policy · /),
    ).toBeInTheDocument();
  });

  it('history: the entries, newest first', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
    const event = (
      id: number,
      action: HistoryAction,
      details: Record<string, unknown>,
      actor = 2,
    ) => ({
      id,
      record_id: 2,
      action,
      actor_id: actor,
      details,
      internal: false,
      created_at: at(id),
    });
    db.events = [
      event(1, 'created', {}),
      event(2, 'updated', { fields: ['subject', 'description'] }),
      event(3, 'status_changed', { from: 'New', to: 'Open' }, 1),
      event(4, 'classified', { names: ['VPN', 'Wi-Fi'] }),
      event(5, 'attachment_added', { file_name: 'log.txt' }),
      event(6, 'assigned', { to: 'Agent Smith' }, 1),
      event(7, 'assigned', { to: null }, 1),
      event(8, 'moved', { from: 'IT Support', to: 'HR' }, 1),
      event(9, 'duplicated', { copy_id: 50 }, 1),
      event(10, 'message_added', { action: 'reply' }),
    ];
    signInAs('alice@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=2');
    const history = await screen.findByRole('region', { name: 'History' });
    // Messages are the timeline's own entries: the details call leaves their events out.
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(9));
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Agent Smith duplicated it as #50 · ${formatDateTimeLocal(at(9))}`,
      `Agent Smith moved it from IT Support to HR · ${formatDateTimeLocal(at(8))}`,
      `Agent Smith unassigned it · ${formatDateTimeLocal(at(7))}`,
      `Agent Smith assigned it to Agent Smith · ${formatDateTimeLocal(at(6))}`,
      `Alice Example attached log.txt · ${formatDateTimeLocal(at(5))}`,
      `Alice Example classified it under VPN and Wi-Fi · ${formatDateTimeLocal(at(4))}`,
      `Agent Smith changed the status from New to Open · ${formatDateTimeLocal(at(3))}`,
      `Alice Example changed the subject and the description · ${formatDateTimeLocal(at(2))}`,
      `Alice Example created the ticket · ${formatDateTimeLocal(at(1))}`,
    ]);
  });

  it('a shared user reads and converses but gets no edit, share, classify, relate or actions', async () => {
    db.shares = [{ record_id: 2, user_id: 3 }];
    signInAs('bob@example.com');
    renderApp('/ticket/my_ticket/details?ticketId=2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Laptop will not boot' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Shared with' })).toBeInTheDocument();
    expect(region('Classification')).toBeInTheDocument();
    expect(region('Related records')).toBeInTheDocument();
    expect(region('History')).toBeInTheDocument();
    for (const name of ['Edit', 'Share', 'Classify', 'Assign', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    expect(screen.queryByLabelText('Find a record to relate')).toBeNull();
  });

  it("the 'Shared with me' filter: in the URL and the request", async () => {
    db.shares = [{ record_id: 2, user_id: 3 }];
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/search/ticket/my') {
        void request
          .clone()
          .json()
          .then((body: Record<string, unknown>) => bodies.push(body));
      }
    });
    signInAs('bob@example.com');
    const { user } = renderApp('/ticket/my_ticket');
    expect(await screen.findByRole('link', { name: 'Cannot reach the intranet again' }));
    await user.click(screen.getByRole('checkbox', { name: 'Shared with me' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/ticket/my_ticket?shared_with_me=1',
      ),
    );
    const link = await screen.findByRole('link', { name: 'Laptop will not boot' });
    expect(link).toHaveAttribute('href', '/ticket/my_ticket/details?ticketId=2');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    await waitFor(() =>
      expect(bodies.at(-1)?.filters).toEqual({ is_draft: false, shared_with_me: true }),
    );
    expect(screen.getByRole('checkbox', { name: 'Shared with me' })).toBeChecked();
  });

  it('read-only/details: heading, fields, body and related records; no edit controls', async () => {
    db.relations = [{ a: 32, b: 34 }];
    signInAs('bob@example.com');
    renderApp('/read-only/details?contentId=32');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connecting to the office Wi-Fi' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Article 32: step by step.')).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related records' });
    const link = await within(related).findByRole('link', { name: 'Booking a meeting room' });
    expect(link).toHaveAttribute('href', '/read-only/details?contentId=34');
    for (const name of ['Edit', 'Share', 'Classify', 'Assign', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    expect(screen.queryByLabelText('Find a record to relate')).toBeNull();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });
});
