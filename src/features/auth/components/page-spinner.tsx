import '../i18n';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation('auth');
  return (
    <div className="d-flex align-items-center gap-2 mb-3" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{t('common.pleaseWait')}</span>
    </div>
  );
}
