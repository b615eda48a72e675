// The one event stream (docs/api-live.md): opened once someone is signed in, closed at logout,
// re-opened with exponential backoff when it drops. Events go into the `live` slice; a change to
// a record shown in a list refreshes that list's rows in place (same rows, same order: new
// records are only counted, for the "N new tickets" bar). It also sends this tab's presence.
import type { PayloadAction } from '@reduxjs/toolkit';
import { createAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { eventChannel } from 'redux-saga';
import {
  actionChannel,
  all,
  call,
  cancel,
  delay,
  fork,
  put,
  race,
  select,
  take,
  takeLatest,
} from 'redux-saga/effects';
import type { RootState } from '../../app/root-reducer';
import { sessionExpired } from '../../lib/session';
import { TAB_ID } from '../../lib/api-client';
import { authActions } from '../auth/auth-slice';
import { recordsApi } from '../records/api';
import type { ListScope } from '../records/api';
import { recordsHolders } from '../records/records-slice';
import type { ListKey } from '../records/records-slice';
import type { ListData, ObjectType } from '../records/types';
import { liveApi } from './live-api';
import type { PresenceState } from './live-api';
import {
  liveActions,
  presenceLeft,
  presenceTyping,
  presenceViewing,
  recordEventSeen,
} from './live-slice';
import { LIST_KEYS, SIGNED_IN, type LastQueries } from './live-lists';
import type { LiveEvent } from './live-types';
import { createSseParser } from './sse-parser';

/** Reconnect waits: 1 s, 2 s, 4 s, ... up to 30 s (reset once connected). */
export const BACKOFF = { firstMs: 1000, maxMs: 30_000 };
/** Presence is re-sent this often (the server forgets it after PRESENCE_TTL_MS, 10 s). */
export const PRESENCE_RESEND_MS = 3000;
/** A keystroke in the reply box counts as typing for this long. */
export const TYPING_MS = 3000;

const LISTS: Record<ListKey, { type: ObjectType; scope: ListScope }> = {
  MYTICKET: { type: 'T', scope: 'my' },
  MYCONTENT: { type: 'C', scope: 'my' },
  HDTICKET: { type: 'T', scope: 'hd' },
  HDCONTENT: { type: 'C', scope: 'hd' },
};

const listRefresh = createAction<ListKey>('live/listRefresh');

type StreamMessage = { type: 'event'; event: LiveEvent } | { type: 'closed' };

function streamChannel(): EventChannel<StreamMessage> {
  return eventChannel<StreamMessage>((emit) => {
    const controller = new AbortController();
    void (async () => {
      try {
        const body = await liveApi.stream()(controller.signal);
        const reader = body.getReader();
        const push = createSseParser((event) => emit({ type: 'event', event }));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          push(value);
        }
      } catch {
        // Refused, dropped or aborted: the loop below decides what next.
      }
      if (!controller.signal.aborted) emit({ type: 'closed' });
    })();
    return () => controller.abort();
  });
}

function* handleEvent({ event, data }: LiveEvent, me: number, reconnected: boolean): SagaIterator {
  if (event === 'ready') {
    yield put(liveActions.streamConnected());
    // Whatever happened while the stream was down was not seen.
    if (reconnected) yield put(liveActions.resynced());
  } else if (event === 'presence') {
    yield put(liveActions.presenceReceived(data));
  } else if (event === 'resync') {
    yield put(liveActions.resynced());
  } else if (event === 'change') {
    yield put(recordEventSeen());
    if ('count' in data) {
      yield put(liveActions.resynced());
      return;
    }
    if (data.kind === 'record' && data.op === 'insert') {
      if (!data.is_draft) yield put(liveActions.recordAdded(data.object_type));
      return;
    }
    // This tab's own change (it reloads what it changed itself); the same user's other tabs
    // follow it. A change that names no tab (an API client) is the user's own in every tab.
    if (data.actor_tab ? data.actor_tab === TAB_ID : data.actor_id === me) return;
    yield put(liveActions.recordChanged(data.record_id));
    const state: RootState = yield select();
    for (const key of LIST_KEYS) {
      const items = state.holders[key].data?.items ?? [];
      if (items.some((r) => r.id === data.record_id)) yield put(listRefresh(key));
    }
  }
}

/**
 * The page going away (`hide`: closed, navigated from, or put in the back/forward cache) and
 * coming back from that cache (`show`).
 */
function pageLifecycle(): EventChannel<'hide' | 'show'> {
  return eventChannel((emit) => {
    const onHide = () => emit('hide');
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) emit('show');
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  });
}

function* streamLoop(me: number): SagaIterator {
  const lifecycle: EventChannel<'hide' | 'show'> = yield call(pageLifecycle);
  let failures = 0;
  let connectedBefore = false;
  try {
    for (;;) {
      const channel: EventChannel<StreamMessage> = yield call(streamChannel);
      let hidden = false;
      try {
        for (;;) {
          const { message, page }: { message?: StreamMessage; page?: 'hide' | 'show' } = yield race(
            { message: take(channel), page: take(lifecycle) },
          );
          if (page === 'hide') {
            hidden = true;
            break;
          }
          if (!message) continue;
          if (message.type === 'closed') break;
          if (message.event.event === 'ready') {
            failures = 0;
            yield call(handleEvent, message.event, me, connectedBefore);
            connectedBefore = true;
          } else {
            yield call(handleEvent, message.event, me, false);
          }
        }
      } finally {
        channel.close();
      }
      yield put(liveActions.streamLost());
      if (hidden) {
        // A page kept in the back/forward cache would hold its open stream, one of the
        // browser's six connections to the server, for as long as it is kept: six such pages
        // and the tab could load nothing more. Opened again (and resynced) when shown.
        while ((yield take(lifecycle)) !== 'show');
        failures = 0;
        continue;
      }
      yield delay(Math.min(BACKOFF.firstMs * 2 ** failures, BACKOFF.maxMs));
      failures += 1;
    }
  } finally {
    lifecycle.close();
  }
}

/** The list's rows again, from the server, in the order shown (no row moves or appears). */
function* refreshList(lastQuery: LastQueries, key: ListKey): SagaIterator {
  yield delay(250); // a burst of changes (a record and its history entry) is one refresh
  const query = lastQuery[key];
  if (!query) return;
  const { type, scope } = LISTS[key];
  try {
    const response: { data: { data: ListData } } = yield call(
      recordsApi.list(type, scope, query),
      new AbortController().signal,
    );
    const fresh = new Map(response.data.data.items.map((r) => [r.id, r]));
    const shown: ListData | null = yield select((s: RootState) => s.holders[key].data);
    if (!shown) return;
    const items = shown.items.map((r) => fresh.get(r.id) ?? r);
    yield put(recordsHolders[key].actions.succeeded({ ...shown, items }));
  } catch {
    // A background refresh: the next change or a reload tries again.
  }
}

function* sendPresence(id: number, state: PresenceState): SagaIterator {
  try {
    yield call(liveApi.presence(id, state), new AbortController().signal);
  } catch {
    // Presence is best effort; the next re-send follows in a few seconds.
  }
}

/** The tab being closed or navigated away from (or put in the back/forward cache). */
function pageHides(): EventChannel<true> {
  return eventChannel((emit) => {
    const onHide = () => emit(true);
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  });
}

/** This tab's presence: one record at a time, re-sent while shown, typing for a while. */
function* presenceLoop(): SagaIterator {
  const actions = yield actionChannel([
    presenceViewing.type,
    presenceLeft.type,
    presenceTyping.type,
  ]);
  const hides: EventChannel<true> = yield call(pageHides);
  let viewing: number | null = null;
  let typingUntil = 0;
  let sent: { state: PresenceState; at: number } = { state: 'left', at: 0 };
  try {
    for (;;) {
      const { action, hidden }: { action?: PayloadAction<number>; hidden?: true } = yield race({
        action: take(actions),
        hidden: take(hides),
        tick: delay(PRESENCE_RESEND_MS),
      });
      if (hidden) {
        // Others see this tab go at once, not when the server forgets it (PRESENCE_TTL_MS). A
        // page restored from the back/forward cache says "viewing" again on the next tick.
        if (viewing !== null) liveApi.leaveOnUnload(viewing);
        sent = { state: 'left', at: 0 };
        continue;
      }
      const now = Date.now();
      if (action?.type === presenceLeft.type) {
        if (viewing === action.payload) {
          viewing = null;
          yield fork(sendPresence, action.payload, 'left');
        }
        continue;
      }
      if (action) {
        if (viewing !== null && viewing !== action.payload) {
          yield fork(sendPresence, viewing, 'left');
        }
        if (viewing !== action.payload) sent = { state: 'left', at: 0 };
        viewing = action.payload;
        if (action.type === presenceTyping.type) typingUntil = now + TYPING_MS;
        else typingUntil = 0;
      }
      if (viewing === null) continue;
      const state: PresenceState = typingUntil > now ? 'typing' : 'viewing';
      if (state !== sent.state || now - sent.at >= PRESENCE_RESEND_MS) {
        sent = { state, at: now };
        yield fork(sendPresence, viewing, state);
      }
    }
  } finally {
    hides.close();
  }
}

function* whileSignedIn(me: number, lastQuery: LastQueries): SagaIterator {
  yield all([
    fork(streamLoop, me),
    fork(presenceLoop),
    takeLatest(listRefresh.type, (action: PayloadAction<ListKey>) =>
      refreshList(lastQuery, action.payload),
    ),
  ]);
}

const signedOut = [authActions.logoutSucceeded.type, sessionExpired.type];

/** Started by live-start.ts once someone is signed in (with the lists' last queries). */
export function* liveSaga(lastQuery: LastQueries): SagaIterator {
  for (;;) {
    const user: RootState['auth']['user'] = yield select((s: RootState) => s.auth.user);
    if (!user) {
      yield take(SIGNED_IN);
      continue;
    }
    const task: Task = yield fork(whileSignedIn, user.id, lastQuery);
    yield take(signedOut);
    yield cancel(task);
    yield put(liveActions.stopped());
  }
}
