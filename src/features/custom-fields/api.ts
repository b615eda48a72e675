import { api } from '../../lib/api-client';
import type { CustomFieldDelete, CustomFieldOrder, CustomFieldSave, FieldObject } from './types';

export const customFieldsApi = {
  list: (objectType: FieldObject) => (signal: AbortSignal) =>
    api.get('/api/custom-fields', { query: { object_type: objectType }, signal }),
  save: (s: CustomFieldSave) => (signal: AbortSignal) =>
    s.id === undefined
      ? api.post('/api/custom-fields', { body: s.create, signal })
      : api.put('/api/custom-fields/{id}', { path: { id: s.id }, body: s.edit, signal }),
  remove: (d: CustomFieldDelete) => (signal: AbortSignal) =>
    api.delete('/api/custom-fields/{id}', {
      path: { id: d.id },
      query: d.confirm ? { confirm: true } : {},
      signal,
    }),
  reorder: (o: CustomFieldOrder) => (signal: AbortSignal) =>
    api.put('/api/custom-fields/order', { body: o, signal }),
};
