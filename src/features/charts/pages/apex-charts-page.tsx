import '../i18n';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title';
import { ApexChart } from '../components/apex-chart';
import { ChartsView } from '../components/charts-view';

/** /charts/apex: the charts drawn by ApexCharts (loaded only with this page). */
export default function ApexChartsPage() {
  const { t } = useTranslation('charts');
  const title = t('apexTitle');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: title, path: '/charts/apex' },
  ]);
  return <ChartsView title={title} Chart={ApexChart} />;
}
