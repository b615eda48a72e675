import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { ContentItem, ListData } from '../records/types';
import type { HomeData } from './types';

export interface PageQuery {
  page: number;
  page_size: number;
}

export const homeApi = {
  home: () => (signal: AbortSignal) => apiClient.get<ApiSuccess<HomeData>>('home/', { signal }),
  whatsNew: (query: PageQuery) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<ListData<ContentItem>>>('whats-new/', query, { signal }),
};
