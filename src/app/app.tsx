import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { loadToasts } from '../lib/notify';
import type { AppStore } from './store';

const Toasts = lazy(() =>
  loadToasts().then(({ ToastContainer }) => ({
    default: function Toasts() {
      return <ToastContainer position="top-right" autoClose={6000} newestOnTop theme="light" />;
    },
  })),
);

/** Store + toasts around the router (BrowserRouter in main.tsx, MemoryRouter in tests). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {children}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </Provider>
  );
}
