/** GET charts/?from&to (docs/api-overview.md). */
export interface LabelValue {
  label: string;
  value: number;
}

export interface DayCounts {
  day: string;
  opened: number;
  closed: number;
}

export interface ChartsData {
  from: string;
  to: string;
  tickets_per_day: DayCounts[];
  tickets_by_status: LabelValue[];
  tickets_by_priority: LabelValue[];
  tickets_by_helpdesk: LabelValue[];
  content_by_type: LabelValue[];
  content_by_status: LabelValue[];
}

export interface ChartsQuery {
  from: string;
  to: string;
}

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
