import '../i18n';
import { useEffect, useMemo, useRef, useState } from 'react';
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
import '../../custom-fields/field-values-i18n';
import {
  fieldsBody,
  fieldsFor,
  fieldsSchema,
  formNameOfError,
  formValuesOf,
} from '../../custom-fields/form-values';
import type { ErrorInfo } from '../../../lib/types';
import type { RootState } from '../../../app/root-reducer';
import { TicketSuggestions, suggestionText } from '../../suggestions/components/ticket-suggestions';

/** The ticket this form raised, not a draft it saved (for the suggestions' session). */
const raisedTicket = (state: RootState) => {
  const saved = state.holders.saveTicketInput.data;
  return saved && !saved.is_draft ? saved.id : undefined;
};

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

  // The custom fields come with the desks' call (form lookups); the form shows the chosen desk's.
  const { t: tv } = useTranslation('fieldValues');
  const agent = useAppSelector((state) => state.auth.user?.user_is_hde ?? false);
  const lookups = useAppSelector(
    (state) => state.holders[kind.type === 'T' ? 'ticketFormLookups' : 'contentFormLookups'].data,
  );
  const fieldSet = lookups?.custom_fields;
  const shownFields = (hdId: string) =>
    fieldsFor(fieldSet?.fields ?? [], hdId ? Number(hdId) : null, agent);

  const formik = useFormik<RecordValues>({
    initialValues,
    validate: (values) => {
      const isDraft = mode.current === 'draft';
      const schema = recordSchema(kind, t, isDraft).shape(
        fieldsSchema(shownFields(values.hd_id ?? ''), t, {
          agent,
          // Every save here is a requester's own raise (a new record, or their draft).
          raising: true,
          draft: isDraft,
        }),
      );
      return validateYupSchema(values, schema).then(
        () => ({}),
        (err: unknown) => yupToFormErrors(err),
      );
    },
    onSubmit: (values) => {
      const body = {
        ...writeBody(kind, values),
        is_draft: mode.current === 'draft',
        ...(fieldSet
          ? {
              fields: fieldsBody(shownFields(values.hd_id ?? ''), values, agent),
              fields_version: fieldSet.version,
            }
          : {}),
      };
      if (draft)
        dispatch(saveHolder.actions.requested({ id: draft.id, values: { ...body, version } }));
      else dispatch(saveHolder.actions.requested({ values: body }));
    },
  });
  // The server names a custom field's message `fields.<key>`; the form, `cf_<key>`.
  const serverError = useMemo<ErrorInfo | null>(() => {
    const e = holder.error;
    if (!e?.fields) return e;
    return {
      ...e,
      fields: Object.fromEntries(
        Object.entries(e.fields).map(([name, text]) => [formNameOfError(name), text]),
      ),
    };
  }, [holder.error]);
  useServerFieldErrors(formik, serverError);

  // Definitions changed since the form opened (409 without a current record): reload them
  // (the desks' call) and keep everything typed; new fields start empty.
  const staleFields = holder.error?.status === 409 && holder.error.current === undefined;
  useEffect(() => {
    if (!staleFields) return;
    dispatch(
      (kind.type === 'T'
        ? recordsHolders.ticketHelpDesk
        : recordsHolders.contentHelpDesk
      ).actions.requested(),
    );
  }, [staleFields, kind, dispatch]);
  const { setValues } = formik;
  const known = useRef(fieldSet?.version);
  useEffect(() => {
    if (!fieldSet || known.current === fieldSet.version) return;
    known.current = fieldSet.version;
    // Fields the form did not have yet get their defaults; typed values stay.
    void setValues((prev) => ({ ...formValuesOf(fieldSet.fields, null), ...prev }), false);
  }, [fieldSet, setValues]);

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
  const message = staleFields ? tv('stale') : generalError(holder.error);
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
          <RecordFields
            kind={kind}
            formik={formik}
            idPrefix={`${k}-form`}
            customFields={{ fields: shownFields(formik.values.hd_id ?? ''), agent }}
          />
          {kind.type === 'T' && (
            <TicketSuggestions
              text={suggestionText(
                formik.values[kind.titleField] ?? '',
                formik.values[kind.bodyField] ?? '',
              )}
              raisedTicket={raisedTicket}
              idPrefix={`${k}-form`}
            />
          )}
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
