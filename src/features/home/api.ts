import { api, type ApiBody } from '../../lib/api-client';

export type PageQuery = ApiBody<'/api/whats-new/', 'post'>;

export const homeApi = {
  home: () => (signal: AbortSignal) => api.get('/api/home/', { signal }),
  whatsNew: (query: PageQuery) => (signal: AbortSignal) =>
    api.post('/api/whats-new/', { body: query, signal }),
};
