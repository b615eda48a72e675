import { api, type ApiBody, type ApiData } from '../../lib/api-client';

export type BulkBody = ApiBody<'/api/records/bulk', 'post'>;
export type BulkResult = ApiData<'/api/records/bulk', 'post'>;
export type BulkAction = BulkBody['action'];
export type SavedView = ApiData<'/api/views/', 'get'>[number];
export type ViewCount = ApiData<'/api/views/counts/', 'get'>[number];
export type ViewInput = ApiBody<'/api/views/', 'post'>;

/** Bulk actions and saved views (docs/api-bulk-views.md). */
export const bulkViewsApi = {
  bulk: (body: BulkBody) => (signal: AbortSignal) =>
    api.post('/api/records/bulk', { body, signal }),
  views: () => (signal: AbortSignal) => api.get('/api/views/', { signal }),
  counts: () => (signal: AbortSignal) => api.get('/api/views/counts/', { signal }),
  create: (body: ViewInput) => (signal: AbortSignal) => api.post('/api/views/', { body, signal }),
  update: (id: number, body: ViewInput) => (signal: AbortSignal) =>
    api.put('/api/views/{id}/', { path: { id }, body, signal }),
  remove: (id: number) => (signal: AbortSignal) =>
    api.delete('/api/views/{id}/', { path: { id }, signal }),
};
