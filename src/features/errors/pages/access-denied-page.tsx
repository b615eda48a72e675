import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/page-title';

export default function AccessDeniedPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('accessForbidden'));
  return (
    <main className="container py-5 text-center">
      <p className="display-4 fw-bold mb-2">403</p>
      <h1 className="h3 mb-3">{t('accessForbidden')}</h1>
      <p>{t('accessForbiddenText')}</p>
      <Link to="/home" className="btn btn-primary">
        {t('backToHome')}
      </Link>
    </main>
  );
}
