import { setupWorker } from 'msw/browser';
import { db } from './db';
import { createHandlers } from './handlers';
import { seedMailDemo } from './mail-data';

/** dev:mock: the service worker answers the API with the seed's 1-second delay. */
export async function startMockWorker(): Promise<void> {
  // dev:mock shows a ticket that came in by mail, with its thread and mail states.
  seedMailDemo(db);
  const worker = setupWorker(...createHandlers({ delayMs: 1000 }));
  await worker.start({ onUnhandledRequest: 'bypass' });
}
