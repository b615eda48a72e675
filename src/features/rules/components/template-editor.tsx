import '../i18n';
import { useFormik } from 'formik';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SubmitButton, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { sanitizeHtml } from '../../../lib/sanitize';
import type { ErrorInfo } from '../../../lib/types';
import type { CustomField } from '../../custom-fields/types';
import { PLACEHOLDERS } from '../placeholders';
import { rulesHolders } from '../rules-slice';
import type { RuleTemplate, TemplateWrite } from '../types';

type TextName = 'subject_en' | 'body_en' | 'subject_es' | 'body_es';
export type TemplateValues = Record<'name' | TextName, string>;

const toValues = (t: RuleTemplate | null): TemplateValues => ({
  name: t?.name ?? '',
  subject_en: t?.subject_en ?? '',
  body_en: t?.body_en ?? '',
  subject_es: t?.subject_es ?? '',
  body_es: t?.body_es ?? '',
});

export const templateWrite = (v: TemplateValues): TemplateWrite => ({
  name: v.name.trim(),
  subject_en: v.subject_en.trim(),
  body_en: v.body_en,
  subject_es: v.subject_es.trim(),
  body_es: v.body_es,
});

/** A template's editor: name, subject and body in English and Spanish, placeholders, preview. */
export function TemplateEditor({
  template,
  fields,
  saving,
  error,
  onSave,
  onCancel,
}: {
  template: RuleTemplate | null;
  fields: CustomField[];
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: TemplateValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rules');
  const dispatch = useAppDispatch();
  const preview = useAppSelector((s) => s.holders.previewTemplate);
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const schema = yup.object({
    name: yup
      .string()
      .trim()
      .required(t('templates.form.nameNeeded'))
      .max(100, t('templates.form.nameNeeded')),
    subject_en: yup.string().max(200, t('templates.form.subjectTooLong')),
    subject_es: yup.string().max(200, t('templates.form.subjectTooLong')),
  });
  const formik = useFormik<TemplateValues>({
    initialValues: useMemo(() => toValues(template), [template]),
    validationSchema: schema,
    onSubmit: (values) => onSave(values),
  });
  useServerFieldErrors(formik, error);
  const v = formik.values;
  const errorOf = (name: keyof TemplateValues) => {
    const e: unknown = formik.errors[name];
    return (formik.touched[name] || formik.submitCount > 0) && typeof e === 'string'
      ? e
      : undefined;
  };
  const general = generalError(error);

  // Where a placeholder goes: the text last focused, at its caret.
  const target = useRef<{ name: TextName; at: number }>({ name: 'body_en', at: -1 });
  const remember =
    (name: TextName) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      target.current = { name, at: e.currentTarget.selectionStart ?? -1 };
    };
  const insert = (placeholder: string) => {
    const { name, at } = target.current;
    const text = v[name];
    const where = at < 0 || at > text.length ? text.length : at;
    const token = `{{${placeholder}}}`;
    void formik.setFieldValue(name, text.slice(0, where) + token + text.slice(where));
    target.current = { name, at: where + token.length };
    document.getElementById(id(name))?.focus();
  };

  const [ticket, setTicket] = useState('');
  const [language, setLanguage] = useState<'en' | 'es'>('en');
  const [previewTouched, setPreviewTouched] = useState(false);
  useEffect(() => {
    dispatch(rulesHolders.previewTemplate.actions.reset());
    return () => {
      dispatch(rulesHolders.previewTemplate.actions.reset());
    };
  }, [dispatch]);
  const ticketNumber = Number(ticket);
  const ticketValid = Number.isInteger(ticketNumber) && ticketNumber > 0;
  const previewFields = preview.error?.fields ?? {};
  const previewError =
    previewTouched && !ticketValid
      ? t('test.ticketNeeded')
      : (previewFields.ticket_id ??
        (preview.error && !Object.keys(previewFields).length ? preview.error.message : undefined));
  const previewTextError = previewFields.subject ?? previewFields.body;
  const runPreview = () => {
    setPreviewTouched(true);
    if (!ticketValid) return;
    dispatch(
      rulesHolders.previewTemplate.actions.requested({
        ticket_id: ticketNumber,
        language,
        subject: v[`subject_${language}`],
        body: v[`body_${language}`],
      }),
    );
  };

  const text = (name: TextName | 'name', multiline = false) => {
    const e = errorOf(name);
    const common = {
      id: id(name),
      name,
      className: `form-control${e ? ' is-invalid' : ''}`,
      value: v[name],
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        formik.handleChange(event);
        if (name !== 'name') remember(name)(event);
      },
      onBlur: formik.handleBlur,
      'aria-invalid': e ? true : undefined,
      'aria-describedby': e ? id(`${name}-error`) : undefined,
      ...(name === 'name'
        ? {}
        : {
            onSelect: remember(name),
            onKeyUp: remember(name),
            onClick: remember(name),
            onFocus: remember(name),
          }),
    };
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={id(name)}>
          {t(`templates.form.${name}`)}
        </label>
        {multiline ? <textarea rows={6} {...common} /> : <input {...common} />}
        {e && (
          <div id={id(`${name}-error`)} className="invalid-feedback">
            {e}
          </div>
        )}
      </div>
    );
  };
  const placeholders = [...PLACEHOLDERS, ...fields.map((f) => `fields.${f.key}`)];

  return (
    <div className="card card-body mb-4">
      <form noValidate aria-labelledby={id('title')} onSubmit={formik.handleSubmit}>
        <h2 className="h5" id={id('title')}>
          {template
            ? t('templates.form.editTitle', { name: template.name })
            : t('templates.form.newTitle')}
        </h2>
        {general && (
          <div className="alert alert-danger" role="alert">
            {general}
          </div>
        )}
        {text('name')}
        <div className="row">
          <div className="col-lg-6">
            {text('subject_en')}
            {text('body_en', true)}
          </div>
          <div className="col-lg-6">
            {text('subject_es')}
            {text('body_es', true)}
          </div>
        </div>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('templates.form.placeholders')}</legend>
          <p className="form-text mt-0">{t('templates.form.placeholdersHint')}</p>
          <div className="d-flex flex-wrap gap-1">
            {placeholders.map((p) => (
              <button
                key={p}
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t('templates.form.insert', { name: `{{${p}}}` })}
                onClick={() => insert(p)}
              >
                {`{{${p}}}`}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="d-flex gap-2">
          <SubmitButton
            loading={saving}
            label={t('templates.form.save')}
            className="btn btn-primary"
          />
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('templates.form.cancel')}
          </button>
        </div>
      </form>
      <section className="mt-4" aria-labelledby={id('preview-title')}>
        <h3 className="h6" id={id('preview-title')}>
          {t('templates.preview.title')}
        </h3>
        <div className="d-flex gap-2 align-items-start flex-wrap mb-2">
          <div>
            <label className="form-label small" htmlFor={id('preview-ticket')}>
              {t('templates.preview.ticket')}
            </label>
            <input
              id={id('preview-ticket')}
              type="number"
              min={1}
              className={`form-control form-control-sm${previewError ? ' is-invalid' : ''}`}
              value={ticket}
              aria-invalid={previewError ? true : undefined}
              aria-describedby={previewError ? id('preview-error') : undefined}
              onChange={(e) => setTicket(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  runPreview();
                }
              }}
            />
            {previewError && (
              <div id={id('preview-error')} className="invalid-feedback">
                {previewError}
              </div>
            )}
          </div>
          <div>
            <label className="form-label small" htmlFor={id('preview-language')}>
              {t('templates.preview.language')}
            </label>
            <select
              id={id('preview-language')}
              className="form-select form-select-sm"
              value={language}
              onChange={(e) => setLanguage(e.target.value as 'en' | 'es')}
            >
              <option value="en">{t('templates.preview.en')}</option>
              <option value="es">{t('templates.preview.es')}</option>
            </select>
          </div>
          <div className="align-self-end">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={preview.loading}
              aria-busy={preview.loading}
              onClick={runPreview}
            >
              {t('templates.preview.run')}
            </button>
          </div>
        </div>
        <div aria-live="polite">
          {previewTextError && <div className="text-danger small">{previewTextError}</div>}
          {preview.data && !preview.error && !preview.loading && (
            <div
              className="border rounded p-2"
              aria-label={t('templates.preview.result')}
              role="region"
            >
              <p className="mb-1">
                <span className="fw-semibold">{t('templates.preview.subject')}</span>{' '}
                {preview.data.subject}
              </p>
              <div
                className="record-body"
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(preview.data.html) }}
              />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
