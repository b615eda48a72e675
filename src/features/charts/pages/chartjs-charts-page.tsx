import '../i18n';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title';
import { ChartJsChart } from '../components/chartjs-chart';
import { ChartsView } from '../components/charts-view';

/** /charts/chartjs: the charts drawn by Chart.js (loaded only with this page). */
export default function ChartJsChartsPage() {
  const { t } = useTranslation('charts');
  const title = t('chartjsTitle');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: title, path: '/charts/chartjs' },
  ]);
  return <ChartsView title={title} Chart={ChartJsChart} />;
}
