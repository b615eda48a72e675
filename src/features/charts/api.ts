import { api } from '../../lib/api-client';
import type { ChartsQuery } from './types';

export const chartsApi = {
  get: (query: ChartsQuery) => (signal: AbortSignal) => api.get('/api/charts/', { query, signal }),
};
