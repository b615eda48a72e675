// The first screen's data in its first render: main.tsx requests the page's data before React
// renders (preloadFirstScreen), so the record or the list is on the first paint instead of a
// frame whose content follows a render later. The page, mounting, would ask for the same data
// again; `requestOnMount` lets that one request through once without sending it twice.
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Holder } from '../lib/request-holder';
import { getToken } from '../lib/storage';
import type { RootState } from './root-reducer';

/** A page's first request: the holder's `requested` action and the holder it fills. */
export interface FirstRequest {
  action: UnknownAction;
  holder: keyof RootState['holders'];
}

/** How long the first render waits for its data before it shows the page loading instead. */
export const FIRST_DATA_WAIT_MS = 1_000;

interface FirstScreenStore {
  dispatch: Dispatch;
  getState: () => RootState;
  subscribe: (listener: () => void) => () => void;
}

// Keyed by the store's dispatch (what a page holds), so a test's store never sees another's.
// The session is part of the key, as it is of an early answer's (lib/api-client.ts): after a
// refused session and a new sign-in, the page mounts and asks for itself.
const served = new WeakMap<Dispatch, string>();
const keyOf = (action: UnknownAction) => `${getToken() ?? ''} ${JSON.stringify(action)}`;

/** Sends the first screen's request and resolves once its holder has settled (or after waitMs). */
export async function requestFirstScreen(
  store: FirstScreenStore,
  { action, holder }: FirstRequest,
  waitMs = FIRST_DATA_WAIT_MS,
): Promise<void> {
  served.set(store.dispatch, keyOf(action));
  store.dispatch(action);
  const settled = () => !(store.getState().holders[holder] as Holder<unknown>).loading;
  if (settled()) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const unsubscribe = store.subscribe(() => {
      if (settled()) done();
    });
  });
}

/** A page's request as it mounts, unless the first screen has just sent this very one. */
export function requestOnMount(dispatch: Dispatch, action: UnknownAction): void {
  const first = served.get(dispatch);
  served.delete(dispatch);
  if (first !== keyOf(action)) dispatch(action);
}
