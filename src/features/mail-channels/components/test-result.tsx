import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { generalError } from '../../../lib/form-field';

export function TestButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('mailChannels');
  return (
    <button
      type="button"
      className="btn btn-outline-primary"
      onClick={onClick}
      disabled={loading}
      aria-busy={loading}
    >
      {loading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {t('test')}
    </button>
  );
}

/**
 * The answer of "Test connection" for one help desk: the server's own words, as a status when it
 * worked and an alert when it did not.
 */
export function TestResult({ hdId }: { hdId: number }) {
  const { t } = useTranslation('mailChannels');
  const test = useAppSelector((state) => state.holders.mailChannelTest);
  if (test.loading) {
    return (
      <p role="status" className="mt-3 mb-0">
        {t('testing')}
      </p>
    );
  }
  const failure = generalError(test.error);
  if (failure) {
    return (
      <div role="alert" className="alert alert-danger mt-3 mb-0">
        {failure}
      </div>
    );
  }
  const result = test.data;
  if (!result || result.hd_id !== hdId) return null;
  return (
    <div
      role={result.ok ? 'status' : 'alert'}
      className={`alert ${result.ok ? 'alert-success' : 'alert-danger'} mt-3 mb-0`}
    >
      <strong className="d-block">{result.ok ? t('testOk') : t('testFailed')}</strong>
      {result.message}
    </div>
  );
}
