import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';

/** Tests: the same handlers, no delay. */
export const server = setupServer(...createHandlers());
