import type { components } from '../../api/schema';
import type { ApiQuery } from '../../lib/api-client';

/** GET charts/?from&to (docs/api-overview.md). */
export type ChartsData = components['schemas']['ChartsData'];
export type LabelValue = ChartsData['tickets_by_status'][number];
export type DayCounts = ChartsData['tickets_per_day'][number];

/** GET charts/'s query, both dates given (YYYY-MM-DD). */
export type ChartsQuery = Required<ApiQuery<'/api/charts/', 'get'>>;

/** One chart, whatever library draws it. */
export interface ChartSpec {
  id: string;
  kind: 'line' | 'bar' | 'doughnut';
  labels: string[];
  series: { name: string; values: number[] }[];
}

/** A library's chart component (ApexCharts or Chart.js). */
export type ChartRenderer = (props: { spec: ChartSpec }) => React.ReactElement;

export const PALETTE = [
  '#0d6efd',
  '#d63384',
  '#198754',
  '#fd7e14',
  '#6f42c1',
  '#0dcaf0',
  '#6c757d',
];
