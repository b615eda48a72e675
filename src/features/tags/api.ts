import { api } from '../../lib/api-client';
import type { ObjectType } from '../records/types';
import type { TagQuery } from './types';

export const tagsApi = {
  find: (query: TagQuery) => (signal: AbortSignal) => api.get('/api/tags/', { query, signal }),
  usage: () => (signal: AbortSignal) => api.get('/api/tags/usage', { signal }),
  create: (name: string) => (signal: AbortSignal) =>
    api.post('/api/tags/', { body: { name }, signal }),
  rename: (id: number, name: string) => (signal: AbortSignal) =>
    api.put('/api/tags/{id}', { path: { id }, body: { name }, signal }),
  merge: (id: number, intoId: number) => (signal: AbortSignal) =>
    api.post('/api/tags/{id}/merge', { path: { id }, body: { into_id: intoId }, signal }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/tags/{id}', { path: { id }, signal }),
  addToRecord:
    (type: ObjectType, id: number, body: { name?: string; tag_id?: number }) =>
    (signal: AbortSignal) =>
      type === 'T'
        ? api.post('/api/ticket/{id}/tags/', { path: { id }, body, signal })
        : api.post('/api/content/{id}/tags/', { path: { id }, body, signal }),
  removeFromRecord: (type: ObjectType, id: number, tagId: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.delete('/api/ticket/{id}/tags/{tag_id}', { path: { id, tag_id: tagId }, signal })
      : api.delete('/api/content/{id}/tags/{tag_id}', { path: { id, tag_id: tagId }, signal }),
};
