import { apiClient } from '../../lib/api-client';
import type { ApiSuccess } from '../../lib/types';
import type { DashboardData } from './types';

export const dashboardApi = {
  get: () => (signal: AbortSignal) =>
    apiClient.get<ApiSuccess<DashboardData>>('dashboard/', { signal }),
};
