import { api } from '../../lib/api-client';
import type { SearchQuery } from './types';

export const searchApi = {
  query: (query: SearchQuery) => (signal: AbortSignal) =>
    api.post('/api/search/query', { body: query, signal }),
};
