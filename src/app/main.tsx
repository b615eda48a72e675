import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';
import '../lib/i18n';
import { ensureReqUrl } from '../lib/storage';
import { AppProviders } from './app';
import { AppRouter, preloadFirstScreen } from './router';
import { makeStore } from './store';

async function start(): Promise<void> {
  ensureReqUrl();
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const store = makeStore();
  // The first call goes out before React's first render takes the main thread (its chunk is
  // small and first in the queue; the page's own chunks load meanwhile), and the first render
  // waits for the layout's and page's code and for that call's answer, so it shows the whole
  // screen at once instead of a fallback (the page in index.html stays meanwhile). A failed
  // chunk load leaves the call to the page's saga and the error to the page.
  await preloadFirstScreen(
    window.location.pathname + window.location.search,
    store.getState().layout.layoutType,
    store,
  ).catch(() => undefined);
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (input stays responsive while the page builds).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store}>
          <BrowserRouter>
            <AppRouter />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
