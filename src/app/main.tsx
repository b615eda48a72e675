import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';
import '../lib/i18n';
import { ensureReqUrl } from '../lib/storage';
import { AppProviders } from './app';
import { AppRouter } from './router';
import { makeStore } from './store';

async function start(): Promise<void> {
  ensureReqUrl();
  if (import.meta.env.MODE === 'mock') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={makeStore()}>
        <BrowserRouter>
          <AppRouter />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
