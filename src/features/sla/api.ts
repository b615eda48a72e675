import { api } from '../../lib/api-client';
import type { SlaPolicySave } from './types';

export const slaApi = {
  list: () => (signal: AbortSignal) => api.get('/api/sla/policies/', { signal }),
  save: (s: SlaPolicySave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/sla/policies/', { body: s.policy, signal })
      : api.put('/api/sla/policies/{id}/', {
          path: { id: s.id },
          // No version: the server answers 400 "Version is required." (it is never 0).
          body: { ...s.policy, version: s.version ?? 0 },
          signal,
        }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/sla/policies/{id}/', { path: { id }, signal }),
  reorder: (ids: number[]) => (signal: AbortSignal) =>
    api.put('/api/sla/policies/order/', { body: { ids }, signal }),
};
