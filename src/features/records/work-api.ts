import { api } from '../../lib/api-client';
import type { ObjectType } from './types';
import type { RelatedRecord } from './work-types';

/** The calls of docs/api-working.md that this feature makes (threads and files live elsewhere). */
export const workApi = {
  searchPeople: (text: string) => (signal: AbortSignal) =>
    api.get('/api/search/user/by-id/{text}', { path: { text }, signal }),
  sharedWith: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.get('/api/ticket/{id}/shared-with/', { path: { id }, signal })
      : api.get('/api/content/{id}/shared-with/', { path: { id }, signal }),
  saveSharedWith: (type: ObjectType, id: number, userIds: number[]) => (signal: AbortSignal) => {
    const init = { path: { id }, body: { user_ids: userIds }, signal };
    return type === 'T'
      ? api.put('/api/ticket/{id}/shared-with/', init)
      : api.put('/api/content/{id}/shared-with/', init);
  },

  rootNodes: () => (signal: AbortSignal) => api.get('/api/classification/', { signal }),
  childNodes: (categoryId: number) => (signal: AbortSignal) =>
    api.get('/api/classification/sub-nodes/{id}', { path: { id: categoryId }, signal }),
  nodesByName: (name: string) => (signal: AbortSignal) =>
    api.get('/api/classification/by-name/{name}', { path: { name }, signal }),
  favorites: () => (signal: AbortSignal) => api.get('/api/classification/favorite', { signal }),
  addFavorite: (categoryId: number) => (signal: AbortSignal) =>
    api.post('/api/classification/favorite', { body: { category_id: categoryId }, signal }),
  removeFavorite: (categoryId: number) => (signal: AbortSignal) =>
    api.delete('/api/classification/favorite/{category_id}', {
      path: { category_id: categoryId },
      signal,
    }),
  classification: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.get('/api/ticket/{id}/classification/', { path: { id }, signal })
      : api.get('/api/content/{id}/classification/', { path: { id }, signal }),
  saveClassification:
    (type: ObjectType, id: number, categoryIds: number[]) => (signal: AbortSignal) => {
      const init = { path: { id }, body: { category_ids: categoryIds }, signal };
      return type === 'T'
        ? api.put('/api/ticket/{id}/classification/', init)
        : api.put('/api/content/{id}/classification/', init);
    },

  searchTickets: (text: string, excludeId?: number) => (signal: AbortSignal) =>
    api.post('/api/search/ticket/by-subject', { body: { text, exclude_id: excludeId }, signal }),
  searchContent: (text: string, excludeId?: number) => (signal: AbortSignal) =>
    api.post('/api/search/content/by-title', { body: { text, exclude_id: excludeId }, signal }),
  related: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.get('/api/ticket/{id}/related/', { path: { id }, signal })
      : api.get('/api/content/{id}/related/', { path: { id }, signal }),
  addRelated:
    (type: ObjectType, id: number, relatedId: number, link?: RelatedRecord['link']) =>
    (signal: AbortSignal) => {
      const init = {
        path: { id },
        body: { related_id: relatedId, ...(link && link !== 'related' ? { link } : {}) },
        signal,
      };
      return type === 'T'
        ? api.post('/api/ticket/{id}/related/', init)
        : api.post('/api/content/{id}/related/', init);
    },
  removeRelated: (type: ObjectType, id: number, relatedId: number) => (signal: AbortSignal) => {
    const init = { path: { id, related_id: relatedId }, signal };
    return type === 'T'
      ? api.delete('/api/ticket/{id}/related/{related_id}', init)
      : api.delete('/api/content/{id}/related/{related_id}', init);
  },

  /** The assignable agents; with a desk, only those who may work on it (a restricted desk). */
  agents: (hdId?: number) => (signal: AbortSignal) =>
    api.get('/api/agents/', { query: hdId === undefined ? {} : { hd_id: hdId }, signal }),
  move: (type: ObjectType, id: number, hdId: number, version: number) => (signal: AbortSignal) => {
    const init = { path: { id }, body: { hd_id: hdId, version }, signal };
    return type === 'T'
      ? api.post('/api/ticket/{id}/move/', init)
      : api.post('/api/content/{id}/move/', init);
  },
  duplicate: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.post('/api/ticket/{id}/duplicate/', { path: { id }, signal })
      : api.post('/api/content/{id}/duplicate/', { path: { id }, signal }),
  assign:
    (type: ObjectType, id: number, assigneeId: number | null, version: number) =>
    (signal: AbortSignal) => {
      const init = { path: { id }, body: { assignee_id: assigneeId, version }, signal };
      return type === 'T'
        ? api.put('/api/ticket/{id}/assign/', init)
        : api.put('/api/content/{id}/assign/', init);
    },
  searchable: (id: number, searchable: boolean, version: number) => (signal: AbortSignal) =>
    api.put('/api/content/{id}/searchable/', {
      path: { id },
      body: { searchable, version },
      signal,
    }),
  isPublic: (id: number, isPublic: boolean, version: number) => (signal: AbortSignal) =>
    api.put('/api/content/{id}/public/', {
      path: { id },
      body: { is_public: isPublic, version },
      signal,
    }),
  history: (type: ObjectType, id: number) => (signal: AbortSignal) =>
    type === 'T'
      ? api.get('/api/ticket/{id}/history/', { path: { id }, signal })
      : api.get('/api/content/{id}/history/', { path: { id }, signal }),
};
