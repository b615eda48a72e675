// The edit form of a record's page: loaded when Edit is chosen (record-details-page.tsx), so
// the page's first load carries neither formik nor yup nor the record's fields.
import '../i18n';
import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { useLeaveGuard } from '../../../lib/leave-guard';
import type { Kind } from '../kinds';
import { recordsHolders } from '../records-slice';
import type { HdRecord, RecordWrite } from '../types';
import { LeaveDialog } from './confirm-dialog';
import { RecordFields } from './record-fields';
import { recordSchema, valuesOf, writeBody } from './record-values';
import type { RecordValues } from './record-values';
import { Loading } from './states';
import { useStatusOptions } from './status-options';
import type { Option } from './use-dropdown';

interface EditFormProps {
  kind: Kind;
  record: HdRecord;
  onClose: () => void;
}

/** The form once the status choices have come: whether it has a Status field is fixed at mount. */
export default function RecordEditForm(props: EditFormProps) {
  const { options, settled } = useStatusOptions(props.kind, props.record);
  if (!settled) return <Loading />;
  return <EditForm {...props} statusOptions={options} />;
}

function EditForm({
  kind,
  record,
  statusOptions,
  onClose,
}: EditFormProps & { statusOptions?: Option[] }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.informationUpdate);
  const formik = useFormik<RecordValues>({
    initialValues: valuesOf(kind, record, statusOptions !== undefined),
    validate: (values) =>
      validateYupSchema(values, recordSchema(kind, t, record.is_draft)).then(
        () => ({}),
        (err: unknown) => yupToFormErrors(err),
      ),
    onSubmit: (values) => {
      // Based on the version shown now: after a 409 that is the current record's.
      const body: RecordWrite = { ...writeBody(kind, values), version: record.version };
      if (values.status_id && Number(values.status_id) !== record.status_id) {
        body.status_id = Number(values.status_id);
      }
      dispatch(
        recordsHolders.informationUpdate.actions.requested({
          type: kind.type,
          id: record.id,
          values: body,
        }),
      );
    },
  });
  useServerFieldErrors(formik, holder.error);
  const guard = useLeaveGuard(formik.dirty && !holder.loading);
  // A stale version; a refusal the saga already showed (notified) is not one.
  const conflict = holder.error?.status === 409 && !holder.error.notified;
  const message = conflict ? null : generalError(holder.error);
  return (
    <section className="card mb-3" aria-labelledby="edit-heading">
      <div className="card-body">
        <h2 id="edit-heading" className="h5 mb-3">
          {t(`${kind.key}.editTitle`)}
        </h2>
        {conflict && <Alert kind="danger">{t('details.conflict')}</Alert>}
        {message && <Alert kind="danger">{message}</Alert>}
        <form noValidate onSubmit={formik.handleSubmit}>
          <RecordFields
            kind={kind}
            formik={formik}
            idPrefix={`${kind.key}-edit`}
            statusOptions={statusOptions}
          />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={holder.loading}>
              {holder.loading && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('details.save')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
              {t('details.cancel')}
            </button>
          </div>
        </form>
      </div>
      <LeaveDialog guard={guard} />
    </section>
  );
}
