import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';

/** dev:mock: the service worker answers the API with the seed's 1-second delay. */
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...createHandlers({ delayMs: 1000 }));
  await worker.start({ onUnhandledRequest: 'bypass' });
}
