import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { PALETTE } from '../types';
import type { ChartSpec } from '../types';

ChartJS.register(
  ArcElement,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);

/** One chart drawn by Chart.js (canvas); the figure's table is its text alternative. */
export function ChartJsChart({ spec }: { spec: ChartSpec }) {
  const options = { responsive: true, maintainAspectRatio: false, animation: false as const };
  let chart: React.ReactElement;
  if (spec.kind === 'doughnut') {
    const data = {
      labels: spec.labels,
      datasets: [{ data: spec.series[0]?.values ?? [], backgroundColor: PALETTE }],
    };
    chart = <Doughnut data={data} options={options} />;
  } else {
    const datasets = spec.series.map((s, index) => ({
      label: s.name,
      data: s.values,
      backgroundColor: PALETTE[index % PALETTE.length],
      borderColor: PALETTE[index % PALETTE.length],
    }));
    const data = { labels: spec.labels, datasets };
    chart =
      spec.kind === 'line' ? (
        <Line data={data} options={options} />
      ) : (
        <Bar data={data} options={options} />
      );
  }
  return (
    <div aria-hidden="true" style={{ position: 'relative', height: 280 }}>
      {chart}
    </div>
  );
}
