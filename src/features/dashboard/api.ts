import { api } from '../../lib/api-client';

export const dashboardApi = {
  get: () => (signal: AbortSignal) => api.get('/api/dashboard/', { signal }),
};
