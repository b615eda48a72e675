import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { AppRouter } from '../app/router';
import type { AppRouterProps } from '../app/router';
import { makeStore } from '../app/store';
import { setStoredUser, setToken } from '../lib/storage';
import type { User } from '../lib/types';
import { findUserByEmail, makeToken, publicUser, startSession } from '../mocks/db';

/** Shows the router's current path so a test can check where a journey ended. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

const running: ReturnType<typeof makeStore>[] = [];

/**
 * Stops the sagas of every app rendered so far. Without it a finished test's sagas live on
 * (reconnecting the event stream, for one) and their requests land in the next test.
 */
export function stopRenderedApps(): void {
  for (const store of running.splice(0)) store.stopSagas();
}

/** A real store whose sagas stop when the test ends. */
export function makeTestStore() {
  const store = makeStore();
  running.push(store);
  return store;
}

/** Renders the whole app (real store, sagas, router) at `path`; msw answers the API. */
export function renderApp(path = '/', routerProps: AppRouterProps = {}, store = makeTestStore()) {
  const user = userEvent.setup();
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRouter {...routerProps} />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, user, ...utils };
}

/** Stores a live mock session for a demo account, as a login would. */
export function signInAs(email: string): User {
  const account = findUserByEmail(email);
  if (!account) throw new Error(`no demo account ${email}`);
  setToken(startSession(account.id));
  const user = publicUser(account);
  setStoredUser(user);
  return user;
}

/** Stores an expired token (exp in the past) with the user's data. */
export function signInExpired(email: string): void {
  const account = findUserByEmail(email);
  if (!account) throw new Error(`no demo account ${email}`);
  setToken(makeToken(account.id, -60));
  setStoredUser(publicUser(account));
}
