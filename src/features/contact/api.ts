import { api, type ApiBody } from '../../lib/api-client';

export type TicketBody = ApiBody<'/api/ticket/', 'post'>;

export const contactApi = {
  desks: () => (signal: AbortSignal) => api.get('/api/contact/', { signal }),
  raise: (body: TicketBody) => (signal: AbortSignal) => api.post('/api/ticket/', { body, signal }),
};
