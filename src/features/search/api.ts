import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { SearchQuery, SearchResults } from './types';

export const searchApi = {
  query: (query: SearchQuery) => (signal: AbortSignal) =>
    apiClient.post<ApiSuccess<SearchResults>>('search/query', query, { signal }),
};
