import '../i18n';
import { lazy, Suspense } from 'react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Values = Record<string, string>;

/** A labelled rich-text field with its message beside it (the editor loads lazily). */
export function RichTextField({
  formik,
  name,
  label,
  idPrefix,
}: {
  formik: FormikProps<Values>;
  name: string;
  label: string;
  idPrefix: string;
}) {
  const { t } = useTranslation('records');
  const id = `${idPrefix}-${name}`;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const touched = formik.touched[name];
  const raw: unknown = formik.errors[name];
  const error = touched && typeof raw === 'string' ? raw : undefined;
  const focus = () => document.getElementById(id)?.focus();
  return (
    <div className="mb-3">
      <div id={labelId} className="form-label" onClick={focus}>
        {label}
      </div>
      <Suspense
        fallback={
          <div className="form-control rich-text-loading" role="status">
            {t('list.loading')}
          </div>
        }
      >
        <RichTextEditor
          id={id}
          labelId={labelId}
          value={formik.values[name] ?? ''}
          onChange={(html) => void formik.setFieldValue(name, html)}
          onBlur={() => void formik.setFieldTouched(name, true)}
          invalid={!!error}
          describedBy={error ? errorId : undefined}
        />
      </Suspense>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
