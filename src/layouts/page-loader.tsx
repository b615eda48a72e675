import { useTranslation } from 'react-i18next';

/** Shown while a lazy page or layout loads. */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex justify-content-center p-5" role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
