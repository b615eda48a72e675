import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { ChartsData, ChartsQuery } from './types';

export const chartsApi = {
  get: (query: ChartsQuery) => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<ChartsData>>('charts/', { params: query, signal }),
};
