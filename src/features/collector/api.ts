import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { ListData } from '../records/types';
import type { CategoryNode, CategoryWrite, CollectorNode, ContentQuery } from './types';

export const collectorApi = {
  nodes: (parentId: number | null) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<CollectorNode[]>>('collector/nodes/', {
      params: parentId === null ? {} : { parent_id: parentId },
      signal,
    }),
  content: (query: ContentQuery) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ListData>>('collector/content/', query, { signal }),
  addCategory: (body: CategoryWrite) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<CategoryNode>>('classification/', body, { signal }),
  updateCategory: (id: number, body: CategoryWrite) => (signal: AbortSignal) =>
    apiClient.put<ApiSuccess<CategoryNode>>(`classification/${id}`, body, { signal }),
  deleteCategory: (id: number) => (signal: AbortSignal) =>
    apiClient.delete<ApiSuccess<{ category_id: number }>>(`classification/${id}`, { signal }),
};
