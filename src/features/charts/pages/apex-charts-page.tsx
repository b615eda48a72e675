import '../i18n';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title';
import { ChartsView } from '../components/charts-view';
import type { ChartSpec } from '../types';

// ApexCharts' core alone is about 155 KB gzipped. It starts loading with this page, beside the
// chart data, instead of holding back the page's first screen (heading, period, captions, tables).
const apexChart = import('../components/apex-chart');
const LazyApexChart = lazy(() => apexChart.then((m) => ({ default: m.ApexChart })));

/** Keeps the chart's height while its library loads, so nothing below it moves. */
function ApexChartWhenLoaded({ spec }: { spec: ChartSpec }) {
  return (
    <Suspense fallback={<div style={{ minHeight: 280 }} />}>
      <LazyApexChart spec={spec} />
    </Suspense>
  );
}

/** /charts/apex: the charts drawn by ApexCharts (loaded only with this page). */
export default function ApexChartsPage() {
  const { t } = useTranslation('charts');
  const title = t('apexTitle');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: title, path: '/charts/apex' },
  ]);
  return <ChartsView title={title} Chart={ApexChartWhenLoaded} />;
}
