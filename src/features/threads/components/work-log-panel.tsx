import { useEffect, useId } from 'react';
import { useFormik } from 'formik';
import type { FormikErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Alert, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { textToHtml } from '../text-html';
import { threadsHolders } from '../threads-slice';
import type { RecordKey, WorkLogBody } from '../types';
import { FieldError, fieldProps } from './conversation-panel';
import { MessageList } from './message-list';

const H = threadsHolders;

interface WorkLogValues {
  body: string;
  /** formik gives a number input's value as a number ('' when empty). */
  time_spent_minutes: string | number;
}

/** Internal entries (agents only): what was done and how long it took. */
export function WorkLogPanel({ record }: { record: RecordKey }) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const prefix = useId();
  const { type, id } = record;
  const log = useAppSelector((state) => state.holders.workLogThreads);
  const insert = useAppSelector((state) => state.holders.insertWorkLog);

  useEffect(() => {
    dispatch(H.insertWorkLog.actions.reset());
    dispatch(H.workLogThreads.actions.requested({ type, id }));
  }, [dispatch, type, id]);

  const formik = useFormik<WorkLogValues>({
    initialValues: { body: '', time_spent_minutes: '' },
    validate: (values) => {
      const errors: FormikErrors<WorkLogValues> = {};
      if (!values.body.trim()) errors.body = t('validation.entryRequired');
      const minutes = String(values.time_spent_minutes).trim();
      if (minutes !== '') {
        const n = Number(minutes);
        if (!Number.isInteger(n) || n < 0 || n > 10080) {
          errors.time_spent_minutes = t('validation.minutes');
        }
      }
      return errors;
    },
    onSubmit: (values) => {
      const body: WorkLogBody = { body: textToHtml(values.body) };
      const minutes = String(values.time_spent_minutes).trim();
      if (minutes !== '') body.time_spent_minutes = Number(minutes);
      dispatch(H.insertWorkLog.actions.requested({ record: { type, id }, values: body }));
    },
  });
  useServerFieldErrors(formik, insert.error);

  const added = insert.data;
  const { resetForm } = formik;
  useEffect(() => {
    if (added) resetForm();
  }, [added, resetForm]);

  const errors = formik.errors as Record<string, string | undefined>;
  const touched = formik.touched as Record<string, boolean | undefined>;
  const bodyField = fieldProps(errors, touched, 'body', `${prefix}-body`);
  const minutesField = fieldProps(errors, touched, 'time_spent_minutes', `${prefix}-minutes`);
  const message = generalError(insert.error);
  const items = log.data?.recordId === id ? log.data.items : null;

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 mb-3">
          {t('workLog.heading')}
        </h2>
        {items === null ? (
          log.loading && (
            <p role="status" className="mb-3">
              {t('conversation.loading')}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="mb-3">{t('workLog.empty')}</p>
        ) : (
          <MessageList messages={items} showMinutes />
        )}
        {message && <Alert kind="danger">{message}</Alert>}
        <form noValidate onSubmit={formik.handleSubmit}>
          <div className="mb-3">
            <label htmlFor={bodyField.control.id} className="form-label">
              {t('workLog.entry')}
            </label>
            <textarea
              rows={3}
              className={`form-control${bodyField.error ? ' is-invalid' : ''}`}
              value={formik.values.body}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              {...bodyField.control}
            />
            <FieldError id={bodyField.control.id} error={bodyField.error} />
          </div>
          <div className="mb-3">
            <label htmlFor={minutesField.control.id} className="form-label">
              {t('workLog.minutes')}
            </label>
            <input
              type="number"
              min={0}
              max={10080}
              step={1}
              inputMode="numeric"
              className={`form-control${minutesField.error ? ' is-invalid' : ''}`}
              style={{ maxWidth: '12rem' }}
              value={formik.values.time_spent_minutes}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              {...minutesField.control}
            />
            <FieldError id={minutesField.control.id} error={minutesField.error} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={insert.loading}>
            {insert.loading && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('workLog.add')}
          </button>
        </form>
      </div>
    </section>
  );
}
