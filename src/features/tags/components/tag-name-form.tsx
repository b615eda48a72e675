import '../i18n';
import { useFormik } from 'formik';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import { TAG_MAX } from './tag-input';

/**
 * A tag's name (the administrators' create and rename): trimmed, 1 to 50 characters, one line,
 * as the server checks; the server's answer (a 400's field message, a 409's "already exists")
 * shows under the field.
 */
export function TagNameForm({
  label,
  submitLabel,
  initial = '',
  loading,
  error,
  done,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  loading: boolean;
  error: ErrorInfo | null;
  /** Changes when the call succeeded: the form empties. */
  done: unknown;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('tags');
  const id = useId();
  const formik = useFormik({
    initialValues: { name: initial },
    validationSchema: yup.object({
      name: yup
        .string()
        .trim()
        .required(t('add.tooLong'))
        .max(TAG_MAX, t('add.tooLong'))
        .test(oneLineTest(t('common:validation.oneLine'))),
    }),
    onSubmit: (values) => onSubmit(values.name.trim()),
  });
  const { setFieldError, setFieldTouched, resetForm } = formik;
  const serverMessage = error?.fields?.name ?? (error?.status === 409 ? error.message : undefined);
  useEffect(() => {
    if (!serverMessage) return;
    void setFieldTouched('name', true, false);
    setFieldError('name', serverMessage);
  }, [serverMessage, setFieldError, setFieldTouched]);
  useEffect(() => {
    if (done) resetForm({ values: { name: initial } });
  }, [done, initial, resetForm]);
  const message = formik.touched.name ? formik.errors.name : undefined;
  return (
    <form
      className="d-flex flex-wrap align-items-start gap-2"
      noValidate
      onSubmit={formik.handleSubmit}
    >
      <div className="flex-grow-1">
        <label htmlFor={id} className="form-label small mb-1">
          {label}
        </label>
        <input
          id={id}
          name="name"
          type="text"
          className={`form-control form-control-sm ${message ? 'is-invalid' : ''}`}
          maxLength={200}
          value={formik.values.name}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        {message && (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {message}
          </div>
        )}
      </div>
      <div className="d-flex gap-2 align-self-end">
        <button
          type="submit"
          className="btn btn-sm btn-primary"
          disabled={loading}
          aria-busy={loading}
        >
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
            {t('admin.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
