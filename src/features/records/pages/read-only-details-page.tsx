import '../i18n';
import '../components/work/i18n';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useDeferredAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { CONTENT, TICKET } from '../kinds';
import { recordsHolders } from '../records-slice';
import { RecordSummary } from '../components/record-details-page';
import { ErrorState, Loading, NotFoundMessage } from '../components/states';
import { RelatedSection } from '../components/work/related-section';
import { workHolders } from '../work-slice';

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

/** /read-only/details?contentId=N (or ?ticketId=N): any signed-in reader; no edit, no actions. */
export default function ReadOnlyDetailsPage() {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const contentId = positive(params.get('contentId'));
  const ticketId = contentId === null ? positive(params.get('ticketId')) : null;
  const kind = contentId !== null ? CONTENT : TICKET;
  const id = contentId ?? ticketId;
  const detail = useDeferredAppSelector((state) => state.holders.detailData);
  const record =
    detail.data && detail.data.id === id && detail.data.object_type === kind.type
      ? detail.data
      : null;
  const title = record
    ? record.object_type === 'T'
      ? record.subject
      : record.title
    : t('working:readOnly.title');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: title, path: '/read-only/details' },
  ]);

  const load = useCallback(() => {
    if (id === null) return;
    dispatch(recordsHolders.detailData.actions.requested({ type: kind.type, id }));
    dispatch(workHolders.relatedData.actions.reset());
    dispatch(workHolders.relatedData.actions.requested({ type: kind.type, id }));
  }, [dispatch, kind, id]);
  useEffect(() => {
    load();
  }, [load]);

  if (id === null || (detail.error?.status === 404 && !detail.loading)) return <NotFoundMessage />;
  if (!record) {
    if (detail.error && !detail.loading)
      return <ErrorState message={t('details.error')} onRetry={load} />;
    return <Loading />;
  }
  return (
    <div className="row g-3">
      <RecordSummary kind={kind} record={record} />
      <div className="col-12">
        <RelatedSection record={record} access="reader" canRelate={false} />
      </div>
    </div>
  );
}
