import { api, type ApiBody } from '../../lib/api-client';

export type TicketBody = ApiBody<'/api/ticket/', 'post'>;

export const contactApi = {
  desks: () => (signal: AbortSignal) => api.get('/api/contact/', { signal }),
  /** The same call answered whole: the desks (`data`) and the tickets' custom fields. */
  desksWithFields: () => async (signal: AbortSignal) => {
    const response = await api.get('/api/contact/', { signal });
    return { ...response, data: { statusCode: 200, data: response.data } };
  },
  raise: (body: TicketBody) => (signal: AbortSignal) => api.post('/api/ticket/', { body, signal }),
};
