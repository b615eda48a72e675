import type { ApexOptions } from 'apexcharts';
// The core build plus only the chart types and features this page draws (ApexCharts 7 entry
// points), instead of the whole library.
import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/donut';
import 'apexcharts/features/legend';
import { PALETTE } from '../types';
import type { ChartSpec } from '../types';

/** One chart drawn by ApexCharts (SVG); the figure's table is its text alternative. */
export function ApexChart({ spec }: { spec: ChartSpec }) {
  const round = spec.kind === 'doughnut';
  const type = spec.kind === 'doughnut' ? 'donut' : spec.kind;
  const options: ApexOptions = {
    chart: {
      id: spec.id,
      toolbar: { show: false },
      animations: { enabled: false },
      // The figure's caption and data table are the text alternative; the drawing stays out of
      // the accessibility tree and the tab order (no focusable parts inside aria-hidden).
      accessibility: { enabled: false },
    },
    colors: PALETTE,
    dataLabels: { enabled: round },
    legend: { position: 'bottom' },
    ...(round ? { labels: spec.labels } : { xaxis: { categories: spec.labels } }),
    stroke: { width: spec.kind === 'line' ? 2 : 0 },
  };
  const series: ApexOptions['series'] = round
    ? (spec.series[0]?.values ?? [])
    : spec.series.map((s) => ({ name: s.name, data: s.values }));
  return (
    <div aria-hidden="true">
      <Chart type={type} options={options} series={series} height={280} />
    </div>
  );
}
