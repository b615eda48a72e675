import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { ChangeEvent, FocusEvent } from 'react';
import type { FormikErrors, FormikTouched, FormikValues } from 'formik';
import type { ErrorInfo } from './types';

/** What a field reads of its form: formik's, or the sign-in pages' small form (small-form.ts). */
export interface FieldForm<V extends FormikValues> {
  values: V;
  touched: FormikTouched<V>;
  errors: FormikErrors<V>;
  handleChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  handleBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

interface FieldProps<V extends FormikValues> {
  formik: FieldForm<V>;
  name: keyof V & string;
  label: string;
  type?: string;
  autoComplete?: string;
  /** The on-screen keyboard to show (e.g. 'numeric' for a one-time code). */
  inputMode?: 'numeric' | 'text';
  /** For a <select>: its options. */
  options?: { value: string; label: string }[];
  idPrefix?: string;
  hint?: ReactNode;
}

function fieldError<V extends FormikValues>(formik: FieldForm<V>, name: keyof V & string) {
  const touched = formik.touched[name];
  const error: unknown = formik.errors[name];
  return touched && typeof error === 'string' ? error : undefined;
}

/** A labelled input (or select) with its message beside it: is-invalid + invalid-feedback. */
export function FormField<V extends FormikValues>({
  formik,
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  options,
  idPrefix = 'field',
  hint,
}: FieldProps<V>) {
  const id = `${idPrefix}-${name}`;
  const error = fieldError(formik, name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const common = {
    id,
    name,
    value: String(formik.values[name] ?? ''),
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : hint ? hintId : undefined,
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {options ? (
        <select className={`form-select${error ? ' is-invalid' : ''}`} {...common}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          className={`form-control${error ? ' is-invalid' : ''}`}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          {...common}
        />
      )}
      {hint && !error && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** Shows a server 400/409 `fields` map beside the matching fields. */
export function useServerFieldErrors<V extends FormikValues>(
  formik: {
    setErrors: (errors: FormikErrors<V>) => void;
    setTouched: (touched: FormikTouched<V>, validate?: boolean) => unknown;
  },
  error: ErrorInfo | null | undefined,
): void {
  const { setErrors, setTouched } = formik;
  const fields = error?.fields;
  useEffect(() => {
    if (!fields || Object.keys(fields).length === 0) return;
    const touched: Record<string, boolean> = {};
    for (const key of Object.keys(fields)) touched[key] = true;
    void setTouched(touched as FormikTouched<V>, false);
    setErrors(fields as unknown as FormikErrors<V>);
  }, [fields, setErrors, setTouched]);
}

/** The error of a failed call that is not about one field and not already toasted (an alert). */
export function generalError(error: ErrorInfo | null | undefined): string | null {
  if (!error || !error.message || error.notified) return null;
  if (error.fields && Object.keys(error.fields).length > 0) return null;
  return error.message;
}

export function SubmitButton({
  loading,
  label,
  className = 'btn btn-primary w-100',
}: {
  loading: boolean;
  label: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={loading} aria-busy={loading}>
      {loading && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {label}
    </button>
  );
}

export function Alert({ kind, children }: { kind: 'success' | 'danger'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'success' ? 'status' : 'alert'}>
      {children}
    </div>
  );
}
