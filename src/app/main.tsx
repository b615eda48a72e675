import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';
import { ensureReqUrl } from '../lib/storage';

/** Lets the browser run what waits (input, a paint) before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  ensureReqUrl();
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // The app's code starts in three tasks instead of one that held the main thread for 150-240 ms
  // at Lighthouse's 4x slowdown: the translations, the store's reducers, the routes. Each part
  // is in the entry's chunks (vite.config.ts), imported here so that it runs here.
  await import('../lib/i18n');
  await nextTask();
  const { makeStore } = await import('./store');
  await nextTask();
  const [{ AppProviders }, { AppRouter, preloadFirstScreen }] = await Promise.all([
    import('./app'),
    import('./router'),
  ]);
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
