import { api } from '../../lib/api-client';
import type { MacroWrite } from './details-types';
import type { ObjectType } from './types';

/** The record view's one call (plus older timeline pages) and macros. */
export const detailsApi = {
  details: (type: ObjectType, id: number, before?: string) => (signal: AbortSignal) => {
    const init = { path: { id }, query: before ? { before } : {}, signal };
    return type === 'T'
      ? api.get('/api/ticket/{id}/details/', init)
      : api.get('/api/content/{id}/details/', init);
  },
  macros: () => (signal: AbortSignal) => api.get('/api/macros', { signal }),
  createMacro: (body: MacroWrite) => (signal: AbortSignal) =>
    api.post('/api/macros', { body, signal }),
  updateMacro: (id: number, body: MacroWrite) => (signal: AbortSignal) =>
    api.put('/api/macros/{id}', { path: { id }, body, signal }),
  deleteMacro: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/macros/{id}', { path: { id }, signal }),
};
