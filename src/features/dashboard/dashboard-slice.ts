import { createRequestHolder } from '../../lib/request-holder';
import type { DashboardData } from './types';

export const dashboardHolders = {
  dashboard: createRequestHolder<DashboardData>('dashboard'),
};
