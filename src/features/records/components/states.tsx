import '../i18n';
import { useTranslation } from 'react-i18next';
import type { Holder } from '../../../lib/request-holder';

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

/**
 * What a page shows for a holder it reads: the spinner until the first answer, the error with
 * Retry when there is no data, the empty state when `isEmpty(data)`, else `children(data)`.
 * Data already shown stays while a reload is on its way or after it fails.
 */
export function HolderView<T>({
  holder,
  loadError,
  onRetry,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  holder: Holder<T>;
  loadError: string;
  onRetry: () => void;
  /** The empty state's text. */
  empty: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => React.ReactNode;
}) {
  if (holder.data === null) {
    if (holder.error) return <ErrorState message={loadError} onRetry={onRetry} />;
    return <Loading />;
  }
  if (isEmpty(holder.data)) return <EmptyState text={empty} />;
  return <>{children(holder.data)}</>;
}
