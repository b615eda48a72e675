import { act, screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../mocks/db';
import { emitLive, endLiveStreams, openLiveStreams } from '../../../mocks/live-handlers';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../test/render-app';
import { TAB_ID } from '../../../lib/api-client';
import { BACKOFF } from '../live-saga';
import type { LiveChange } from '../live-types';

const change = (fields: Partial<LiveChange> & { record_id: number }): LiveChange => ({
  kind: 'record',
  op: 'update',
  object_type: 'T',
  is_draft: false,
  version: 2,
  actor_id: 99,
  actor_tab: null,
  type: null,
  internal: false,
  ...fields,
});

/**
 * The calls the page made, in the order they started: each presence state it sent, and `reply`
 * for a message posted to a thread.
 */
function presenceCalls(): string[] {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && /\/communication\/$/.test(path)) calls.push('reply');
    if (/\/api\/records\/\d+\/presence$/.test(path)) {
      const at = calls.push('presence') - 1; // its state once the body is read
      void request
        .clone()
        .json()
        .then((body: { state: string }) => (calls[at] = body.state));
    }
  });
  return calls;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the event stream', () => {
  const firstMs = BACKOFF.firstMs;
  beforeEach(() => endLiveStreams());
  afterEach(() => {
    BACKOFF.firstMs = firstMs;
    server.events.removeAllListeners();
    endLiveStreams();
  });

  it('opens after login, dispatches events, and reconnects with backoff when it drops', async () => {
    BACKOFF.firstMs = 50;
    signInAs('agent@example.com');
    const { store } = renderApp('/hd_ticket');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    expect(openLiveStreams()).toBe(1);

    act(() => emitLive('change', change({ record_id: 4 })));
    await waitFor(() => expect(store.getState().live.changed[4]).toBe(1));
    // The agent's own change is not someone else's.
    act(() => emitLive('change', change({ record_id: 4, actor_id: 1 })));
    act(() => emitLive('change', change({ record_id: 5 })));
    await waitFor(() => expect(store.getState().live.changed[5]).toBe(1));
    expect(store.getState().live.changed[4]).toBe(1);

    act(() => endLiveStreams());
    await waitFor(() => expect(store.getState().live.connected).toBe(false));
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    expect(openLiveStreams()).toBe(1);
    // Events sent while it was down are lost: what is shown reloads.
    expect(store.getState().live.resyncs).toBe(1);
    act(() => emitLive('change', change({ record_id: 6 })));
    await waitFor(() => expect(store.getState().live.changed[6]).toBe(1));
  });

  it("skips this tab's own changes and follows the same user's other tabs", async () => {
    signInAs('agent@example.com');
    const named: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/'))
        named.push(request.headers.get('x-helpdesk-tab'));
    });
    const { store } = renderApp('/hd_ticket');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    // Every call, the event stream's included, names this tab. (On a busy machine the stream
    // may connect before the list's call has started.)
    await waitFor(() => expect(named.length).toBeGreaterThan(1));
    expect(new Set(named)).toEqual(new Set([TAB_ID]));

    act(() => emitLive('change', change({ record_id: 7, actor_id: 1, actor_tab: TAB_ID })));
    act(() => emitLive('change', change({ record_id: 8, actor_id: 1, actor_tab: 'c0ffee00' })));
    await waitFor(() => expect(store.getState().live.changed[8]).toBe(1));
    expect(store.getState().live.changed[7]).toBeUndefined();
  });

  it('updates a changed row in place and counts new tickets in a bar that reloads', async () => {
    signInAs('agent@example.com');
    const { user, store } = renderApp('/hd_ticket');
    await screen.findByRole('table');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    const before = rows().map((r) => r.textContent);
    const shown = store.getState().holders.HDTICKET.data?.items[2];
    if (!shown) throw new Error('no third row');
    const record = db.records.find((r) => r.id === shown.id && r.object_type === 'T');
    if (!record || record.object_type !== 'T') throw new Error('no record');
    record.subject = 'Renamed by a colleague';

    act(() => emitLive('change', change({ record_id: shown.id })));
    expect(await within(rows()[2]).findByText('Renamed by a colleague')).toBeInTheDocument();
    expect(rows()).toHaveLength(before.length);

    for (const id of [901, 902, 903]) {
      act(() => emitLive('change', change({ record_id: id, op: 'insert', actor_id: null })));
    }
    const bar = await screen.findByRole('button', { name: '3 new tickets' });
    expect(rows()).toHaveLength(before.length); // nothing moved
    await user.click(bar);
    await waitFor(() => expect(screen.queryByText(/new tickets?$/)).not.toBeInTheDocument());
    expect(store.getState().live.newRecords.T).toBe(0);
  });

  it('closes while the page is in the back/forward cache and opens again when it is shown', async () => {
    const opened: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/events') opened.push(request);
    });
    signInAs('agent@example.com');
    const { store } = renderApp('/hd_ticket');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    expect(opened).toHaveLength(1);
    // The reconnect backoff runs on fake time from here: the test moves it past any wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    try {
      // Navigated away: the page may be kept, but not its connection to the server.
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
      });
      expect(opened[0].signal.aborted).toBe(true);
      expect(store.getState().live.connected).toBe(false);
      // Longer than the longest backoff: no reconnect while hidden.
      await act(() => vi.advanceTimersByTimeAsync(BACKOFF.maxMs + 1000));
      expect(opened).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    // Back: the stream opens again, and what was missed meanwhile reloads.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    expect(opened).toHaveLength(2);
    expect(store.getState().live.resyncs).toBe(1);
  });

  it('stops at logout', async () => {
    const opened: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/events') opened.push(request);
    });
    signInAs('agent@example.com');
    const { store } = renderApp('/hd_ticket');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    expect(opened).toHaveLength(1);
    act(() => {
      store.dispatch({ type: 'auth/logoutSucceeded' });
    });
    await waitFor(() => expect(opened[0].signal.aborted).toBe(true));
    expect(store.getState().live.connected).toBe(false);
  });
});

describe('the open record', () => {
  afterEach(() => {
    server.events.removeAllListeners();
    endLiveStreams();
  });

  it('shows who is replying and viewing, gone when they leave, and says it is viewed and typed in', async () => {
    const sent = presenceCalls();
    signInAs('agent@example.com');
    const { user, store } = renderApp('/hd_ticket/details?hdTicketId=2');
    const indicator = await screen.findByRole('status', { name: 'Others on this record' });
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    await waitFor(() => expect(sent).toContain('viewing'));

    act(() =>
      emitLive('presence', {
        record_id: 2,
        viewing: [
          { id: 1, fullname: 'Me Myself' },
          { id: 3, fullname: 'Bob' },
          { id: 4, fullname: 'Carol' },
        ],
        typing: [{ id: 3, fullname: 'Bob' }],
      }),
    );
    expect(await within(indicator).findByText('Bob is replying…')).toBeInTheDocument();
    expect(within(indicator).getByText('Carol is also viewing')).toBeInTheDocument();
    expect(within(indicator).queryByText(/Me Myself/)).not.toBeInTheDocument();

    act(() => emitLive('presence', { record_id: 2, viewing: [], typing: [] }));
    await waitFor(() => expect(indicator).toBeEmptyDOMElement());

    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'On it');
    await waitFor(() => expect(sent).toContain('typing'));

    // Closing the tab or navigating away says "left" at once (no cleanup runs then).
    expect(sent).not.toContain('left');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(sent).toContain('left'));
  });

  it('stops saying it is typed in as soon as the reply is sent', async () => {
    const calls = presenceCalls();
    signInAs('agent@example.com');
    const { user, store } = renderApp('/hd_ticket/details?hdTicketId=2');
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Restarted the print server');
    await waitFor(() => expect(calls.at(-1)).toBe('typing'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue(''));
    // "viewing" goes out with the reply, not when the typing times out (TYPING_MS) afterwards.
    expect(calls.slice(calls.indexOf('reply') - 2, calls.indexOf('reply') + 1)).toEqual([
      'typing',
      'viewing',
      'reply',
    ]);
  });

  it('reloads when someone else changes it', async () => {
    signInAs('agent@example.com');
    const { store } = renderApp('/hd_ticket/details?hdTicketId=2');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(store.getState().live.connected).toBe(true));
    const record = db.records.find((r) => r.id === 2 && r.object_type === 'T');
    if (!record || record.object_type !== 'T') throw new Error('no record');
    record.subject = 'Changed elsewhere';
    act(() => emitLive('change', change({ record_id: 2 })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changed elsewhere' }),
    ).toBeInTheDocument();
  });
});
