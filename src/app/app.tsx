import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { loadToasts, subscribeToasts, toastsRequested } from '../lib/notify';
import type { AppStore } from './store';

const Toasts = lazy(() =>
  loadToasts().then(({ ToastContainer }) => ({
    default: function Toasts() {
      return <ToastContainer position="top-right" autoClose={6000} newestOnTop theme="light" />;
    },
  })),
);

/** Mounts the toast container once the first toast is raised (keeps it out of the first load). */
function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToasts, toastsRequested, toastsRequested);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Store + toasts around the router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <ToastHost />
    </Provider>
  );
}
