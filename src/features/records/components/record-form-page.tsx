import '../i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import type { Kind } from '../kinds';
import { formLoadingSet, recordsHolders } from '../records-slice';
import { formValuesOf } from '../../custom-fields/form-values';
import { RecordForm } from './record-form';
import { emptyValues, valuesOf } from './record-values';
import { Loading, NotFoundMessage } from './states';
import { defaultHelpdesk, useDropdown } from './use-dropdown';

/** /ticket/input, /draft, /content-input, /content/my_content/draft?contentId=. */
export function RecordFormPage({ kind, draftId }: { kind: Kind; draftId?: number }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const k = kind.key;
  const title = draftId === undefined ? t(`${k}.newTitle`) : t('form.finishDraft');
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    {
      label: title,
      path:
        draftId === undefined
          ? `/${k === 'ticket' ? 'ticket/input' : 'content-input'}`
          : kind.draftFormUrl(draftId),
    },
  ]);
  const helpdesks = useDropdown(kind.type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const lookups = useAppSelector(
    (state) => state.holders[kind.type === 'T' ? 'ticketFormLookups' : 'contentFormLookups'].data,
  );
  const fields = lookups?.custom_fields.fields ?? [];
  const detail = useAppSelector((state) => state.holders.detailData);
  const isFormLoading = useAppSelector((state) => state.records.isFormLoading);

  useEffect(() => {
    const save =
      kind.type === 'T' ? recordsHolders.saveTicketInput : recordsHolders.saveContentInput;
    dispatch(save.actions.reset());
    dispatch(recordsHolders.deleteRecord.actions.reset());
  }, [dispatch, kind]);

  useEffect(() => {
    if (draftId === undefined) return;
    dispatch(formLoadingSet(true));
    dispatch(recordsHolders.detailData.actions.requested({ type: kind.type, id: draftId }));
  }, [dispatch, kind, draftId]);

  const lookupsReady = helpdesks.data !== null || helpdesks.error !== null;
  if (draftId === undefined) {
    if (!lookupsReady) return <Loading />;
    const empty = emptyValues(kind, defaultHelpdesk(helpdesks.data));
    // A ticket's company starts as the requester's primary organization.
    if (kind.type === 'T' && lookups?.company_id) empty.company_id = String(lookups.company_id);
    return <RecordForm kind={kind} initialValues={{ ...empty, ...formValuesOf(fields, null) }} />;
  }
  const record = detail.data;
  const loaded = record && record.id === draftId && record.object_type === kind.type;
  if (detail.error?.status === 404 && !detail.loading) return <NotFoundMessage />;
  if (isFormLoading || detail.loading || !loaded || !lookupsReady) {
    return detail.error && !detail.loading ? <NotFoundMessage /> : <Loading />;
  }
  if (!record.is_draft) return <Navigate to={kind.myDetailsUrl(record.id)} replace />;
  return (
    <RecordForm
      key={record.id}
      kind={kind}
      draft={record}
      initialValues={{ ...valuesOf(kind, record), ...formValuesOf(fields, record.fields ?? {}) }}
    />
  );
}
