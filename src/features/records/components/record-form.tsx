import '../i18n';
import { useEffect, useRef, useState } from 'react';
import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { useLeaveGuard } from '../../../lib/leave-guard';
import type { Kind } from '../kinds';
import { recordsHolders } from '../records-slice';
import type { HdRecord } from '../types';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { LeaveDialog } from './confirm-dialog';
import { RecordFields } from './record-fields';
import { recordSchema, valuesOf, writeBody } from './record-values';
import type { RecordValues } from './record-values';

type Mode = 'submit' | 'draft';

/**
 * The entry form of a ticket or content item: new (no `draft`) or finishing a saved draft.
 * Submit or save as draft; a draft can be discarded; leaving with unsaved changes asks first;
 * a failed save keeps everything typed.
 */
export function RecordForm({
  kind,
  initialValues,
  draft,
}: {
  kind: Kind;
  initialValues: RecordValues;
  draft?: HdRecord;
}) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const saveHolder =
    kind.type === 'T' ? recordsHolders.saveTicketInput : recordsHolders.saveContentInput;
  const holder = useAppSelector((state) => state.holders[saveHolder.name as 'saveTicketInput']);
  const deleting = useAppSelector((state) => state.holders.deleteRecord.loading);
  const mode = useRef<Mode>('submit');
  const [savingMode, setSavingMode] = useState<Mode>('submit');
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const formik = useFormik<RecordValues>({
    initialValues,
    validate: (values) =>
      validateYupSchema(values, recordSchema(kind, t, mode.current === 'draft')).then(
        () => ({}),
        (err: unknown) => yupToFormErrors(err),
      ),
    onSubmit: (values) => {
      const body = { ...writeBody(kind, values), is_draft: mode.current === 'draft' };
      if (draft)
        dispatch(saveHolder.actions.requested({ id: draft.id, values: { ...body, version } }));
      else dispatch(saveHolder.actions.requested({ values: body }));
    },
  });
  useServerFieldErrors(formik, holder.error);

  // What this form saved is the new baseline: a draft saved again stays here (with its new
  // version), a new draft moves to its own form, and a submitted record to its details page (the
  // page's code may still be loading while this form shows). Leaving before that move loses
  // nothing and asks nothing. A save from before this form opened is not this form's.
  const saved = holder.data;
  const savedBefore = useRef(saved);
  const version = draft && saved && saved.id === draft.id ? saved.version : draft?.version;
  const { resetForm } = formik;
  useEffect(() => {
    if (!saved || saved === savedBefore.current) return;
    if (!draft || saved.id === draft.id) resetForm({ values: valuesOf(kind, saved) });
  }, [saved, draft, kind, resetForm]);

  const guard = useLeaveGuard(formik.dirty && !holder.loading && !deleting);
  const message = generalError(holder.error);
  const k = kind.key;
  return (
    <section className="card">
      <div className="card-body">
        {message && <Alert kind="danger">{message}</Alert>}
        <form
          noValidate
          onSubmit={(event) => {
            mode.current = 'submit';
            setSavingMode('submit');
            formik.handleSubmit(event);
          }}
        >
          <RecordFields kind={kind} formik={formik} idPrefix={`${k}-form`} />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={holder.loading}>
              {holder.loading && savingMode === 'submit' && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t(`${k}.submit`)}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={holder.loading}
              onClick={() => {
                mode.current = 'draft';
                setSavingMode('draft');
                void formik.submitForm();
              }}
            >
              {holder.loading && savingMode === 'draft' && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('form.saveDraft')}
            </button>
            {draft && (
              <button
                type="button"
                className="btn btn-outline-danger ms-auto"
                disabled={deleting}
                onClick={() => setConfirmDiscard(true)}
              >
                {t('form.discardDraft')}
              </button>
            )}
          </div>
        </form>
      </div>
      {draft && (
        <ConfirmDialog
          isOpen={confirmDiscard}
          title={t('discard.title')}
          confirmLabel={t('discard.confirm')}
          cancelLabel={t('discard.cancel')}
          danger
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={() => {
            setConfirmDiscard(false);
            dispatch(
              recordsHolders.deleteRecord.actions.requested({ type: kind.type, id: draft.id }),
            );
          }}
        />
      )}
      <LeaveDialog guard={guard} />
    </section>
  );
}
