import '../i18n';
import { useTranslation } from 'react-i18next';

/** Loading spinner with its text. */
export function Loading() {
  const { t } = useTranslation('records');
  return (
    <div className="d-flex align-items-center gap-2 py-4" role="status">
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      <span>{t('list.loading')}</span>
    </div>
  );
}

/** A detail the server answers 404: the not-found message, on the page (no toast). */
export function NotFoundMessage() {
  const { t } = useTranslation('errors');
  return (
    <div className="alert alert-warning" role="alert">
      {t('notFound')}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('records');
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {t('list.retry')}
      </button>
    </div>
  );
}

/** A list with nothing to show: says so plainly, in a calm box, with an optional next step. */
export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="empty-state">
      <span className="empty-state-mark" aria-hidden="true">
        ∅
      </span>
      <p className="mb-0">{text}</p>
      {children}
    </div>
  );
}
