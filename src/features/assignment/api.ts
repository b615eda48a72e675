import { api } from '../../lib/api-client';
import type { DeskRule } from './types';

export const assignmentApi = {
  settings: () => (signal: AbortSignal) => api.get('/api/admin/assignment/', { signal }),
  saveDesk: (id: number, body: DeskRule) => (signal: AbortSignal) =>
    api.put('/api/admin/assignment/{id}/', { path: { id }, body, signal }),
  mine: () => (signal: AbortSignal) => api.get('/api/user/me/availability', { signal }),
  setMine: (away: boolean) => (signal: AbortSignal) =>
    api.put('/api/user/me/availability', { body: { away }, signal }),
};
