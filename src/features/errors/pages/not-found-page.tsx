import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/page-title';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('notFoundTitle'));
  return (
    <main className="container py-5 text-center">
      <p className="display-4 fw-bold mb-2">404</p>
      <h1 className="h3 mb-4">{t('notFound')}</h1>
      <Link to="/home" className="btn btn-primary">
        {t('backToHome')}
      </Link>
    </main>
  );
}
