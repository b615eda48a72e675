import type { components } from '../../api/schema';

/** GET dashboard/ (docs/api-overview.md). */
export type DashboardData = components['schemas']['DashboardData'];
/** A figure links (`link`) to the SPA path of the list filtered to it. */
export type Figure = DashboardData['figures'][number];
export type HelpdeskOpen = NonNullable<DashboardData['per_helpdesk']>[number];
export type ActivityEvent = DashboardData['activity'][number];
