import { api, type ApiBody } from '../../lib/api-client';
import type { CategoryWrite, ContentQuery } from './types';

export const collectorApi = {
  nodes: (parentId: number | null) => (signal: AbortSignal) =>
    api.get('/api/collector/nodes/', {
      query: parentId === null ? {} : { parent_id: parentId },
      signal,
    }),
  content: (query: ContentQuery) => (signal: AbortSignal) =>
    api.post('/api/collector/content/', { body: query, signal }),
  addCategory: (body: ApiBody<'/api/classification/', 'post'>) => (signal: AbortSignal) =>
    api.post('/api/classification/', { body, signal }),
  updateCategory: (id: number, body: CategoryWrite) => (signal: AbortSignal) =>
    api.put('/api/classification/{id}', { path: { id }, body, signal }),
  deleteCategory: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/classification/{id}', { path: { id }, signal }),
};
