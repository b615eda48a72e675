import { api } from '../../lib/api-client';
import type { RateTicket } from './types';

export const ratingsApi = {
  get: (id: number) => (signal: AbortSignal) =>
    api.get('/api/ticket/{id}/satisfaction/', { path: { id }, signal }),
  rate: (r: RateTicket) => (signal: AbortSignal) =>
    api.put('/api/ticket/{id}/satisfaction/', {
      path: { id: r.id },
      body: { rating: r.rating, comment: r.comment },
      signal,
    }),
};
