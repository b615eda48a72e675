import '../i18n';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { SubmitButton, generalError, useServerFieldErrors } from '../../../lib/form-field';
import { oneLineTest } from '../../../lib/one-line';
import type { ErrorInfo } from '../../../lib/types';
import { helpdeskOptions, useDropdown } from '../../records/components/use-dropdown';
import type { CustomField, CustomFieldCreate, FieldObject, FieldType } from '../types';
import { FIELD_TYPES } from '../values';

const FLAGS = [
  'required_for_agents',
  'shown_to_requesters',
  'editable_by_requesters',
  'required_when_raising',
  'active',
] as const;
type Flag = (typeof FLAGS)[number];

interface ChoiceValues {
  value: string;
  label_en: string;
  label_es: string;
}

export interface FieldValues extends Record<Flag, boolean> {
  key: string;
  type: FieldType;
  label_en: string;
  label_es: string;
  help_en: string;
  help_es: string;
  hd_ids: string[];
  choices: ChoiceValues[];
}

const isChoice = (type: FieldType) => type === 'single_choice' || type === 'multiple_choice';

function toValues(f: CustomField | null): FieldValues {
  return {
    key: f?.key ?? '',
    type: f?.type ?? 'text',
    label_en: f?.label_en ?? '',
    label_es: f?.label_es ?? '',
    help_en: f?.help_en ?? '',
    help_es: f?.help_es ?? '',
    required_for_agents: f?.required_for_agents ?? false,
    shown_to_requesters: f?.shown_to_requesters ?? false,
    editable_by_requesters: f?.editable_by_requesters ?? false,
    required_when_raising: f?.required_when_raising ?? false,
    active: f?.active ?? true,
    hd_ids: (f?.hd_ids ?? []).map(String),
    choices: f?.choices.map((c) => ({ ...c })) ?? [],
  };
}

/** What the form sends; an edit leaves out `key`, `type` and `object_type` (fixed). */
export function toWrite(v: FieldValues, objectType: FieldObject, field: CustomField | null) {
  const editable = {
    label_en: v.label_en.trim(),
    label_es: v.label_es.trim(),
    help_en: v.help_en.trim(),
    help_es: v.help_es.trim(),
    required_for_agents: v.required_for_agents,
    shown_to_requesters: v.shown_to_requesters,
    editable_by_requesters: v.editable_by_requesters,
    required_when_raising: v.required_when_raising,
    active: v.active,
    hd_ids: v.hd_ids.map(Number),
    choices: isChoice(v.type) ? v.choices : [],
    // The form does not edit the default (the API does): an edit keeps the one it read.
    default_value: field?.default_value ?? null,
  };
  const create: CustomFieldCreate = {
    ...editable,
    object_type: objectType,
    key: v.key.trim(),
    type: v.type,
  };
  return { editable, create };
}

/** Define or edit a custom field (formik + yup); the server's field messages show beside each. */
export function FieldForm({
  field,
  objectType,
  saving,
  error,
  onSave,
  onCancel,
}: {
  field: CustomField | null;
  objectType: FieldObject;
  saving: boolean;
  error: ErrorInfo | null;
  onSave: (values: FieldValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('customFields');
  const idBase = useId();
  const id = (name: string) => `${idBase}-${name}`;
  const desks = useDropdown(objectType === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const label = yup
    .string()
    .trim()
    .required(t('form.labelRequired'))
    .max(100, t('form.labelRequired'))
    .test(oneLineTest(t('common:validation.oneLine')));
  const schema = yup.object({
    key: yup
      .string()
      .trim()
      .required(t('form.key'))
      .max(50, t('form.key'))
      .matches(/^[a-z][a-z0-9_]*$/, t('form.key')),
    label_en: label,
    label_es: label,
    help_en: yup.string().max(500, t('form.help')),
    help_es: yup.string().max(500, t('form.help')),
    editable_by_requesters: yup.boolean().test('shown', t('form.editable'), function shown(on) {
      return !on || (this.parent as FieldValues).shown_to_requesters;
    }),
    required_when_raising: yup.boolean().test('editable', t('form.raising'), function editable(on) {
      return !on || (this.parent as FieldValues).editable_by_requesters;
    }),
    choices: yup.array().test('choices', t('form.choices'), function choices(list) {
      const v = this.parent as FieldValues;
      if (!isChoice(v.type)) return true;
      // Formik hands empty texts to yup as undefined.
      const filled = (s: string | undefined) => (s ?? '').trim();
      const all = (list ?? []) as Partial<ChoiceValues>[];
      const values = all.map((c) => filled(c.value));
      return (
        values.length > 0 &&
        new Set(values).size === values.length &&
        all.every((c) => filled(c.value) && filled(c.label_en) && filled(c.label_es))
      );
    }),
  });
  const formik = useFormik<FieldValues>({
    initialValues: useMemo(() => toValues(field), [field]),
    validationSchema: schema,
    onSubmit: (values) => onSave(values),
  });
  useServerFieldErrors(formik, error);
  const errorOf = (name: keyof FieldValues) => {
    const e: unknown = formik.errors[name];
    return (formik.touched[name] || formik.submitCount > 0) && typeof e === 'string'
      ? e
      : undefined;
  };
  const general = generalError(error);
  const v = formik.values;

  const text = (
    name: 'key' | 'label_en' | 'label_es' | 'help_en' | 'help_es',
    disabled = false,
  ) => {
    const e = errorOf(name);
    return (
      <div className="col-md-6 mb-3">
        <label className="form-label" htmlFor={id(name)}>
          {t(`form.${name}Label`)}
        </label>
        <input
          id={id(name)}
          name={name}
          className={`form-control${e ? ' is-invalid' : ''}`}
          value={v[name]}
          disabled={disabled}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          aria-invalid={e ? true : undefined}
          aria-describedby={e ? id(`${name}-error`) : undefined}
        />
        {e && (
          <div id={id(`${name}-error`)} className="invalid-feedback">
            {e}
          </div>
        )}
      </div>
    );
  };

  const setChoice = (i: number, key: keyof ChoiceValues, value: string) =>
    void formik.setFieldValue(
      'choices',
      v.choices.map((c, j) => (j === i ? { ...c, [key]: value } : c)),
    );
  const choicesError = errorOf('choices');

  return (
    <form
      className="card card-body mb-4"
      noValidate
      aria-labelledby={id('title')}
      onSubmit={formik.handleSubmit}
    >
      <h2 className="h5" id={id('title')}>
        {field ? t('form.editTitle', { label: field.label_en }) : t('form.newTitle')}
      </h2>
      {general && (
        <div className="alert alert-danger" role="alert">
          {general}
        </div>
      )}
      <div className="row">
        {text('key', field !== null)}
        <div className="col-md-6 mb-3">
          <label className="form-label" htmlFor={id('type')}>
            {t('form.typeLabel')}
          </label>
          <select
            id={id('type')}
            name="type"
            className="form-select"
            value={v.type}
            disabled={field !== null}
            onChange={formik.handleChange}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {text('label_en')}
        {text('label_es')}
        {text('help_en')}
        {text('help_es')}
      </div>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('form.flags')}</legend>
        {FLAGS.map((flag) => {
          const e = errorOf(flag);
          return (
            <div className="form-check" key={flag}>
              <input
                id={id(flag)}
                type="checkbox"
                name={flag}
                className={`form-check-input${e ? ' is-invalid' : ''}`}
                checked={v[flag]}
                onChange={formik.handleChange}
                aria-describedby={e ? id(`${flag}-error`) : undefined}
              />
              <label className="form-check-label" htmlFor={id(flag)}>
                {t(`flags.${flag}`)}
              </label>
              {e && (
                <div id={id(`${flag}-error`)} className="invalid-feedback">
                  {e}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
      {(objectType === 'T' || objectType === 'C') && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('form.desks')}</legend>
          <p className="form-text mt-0">{t('form.desksHint')}</p>
          {helpdeskOptions(desks.data).map((o) => (
            <div className="form-check form-check-inline" key={o.value}>
              <input
                id={id(`hd-${o.value}`)}
                type="checkbox"
                className="form-check-input"
                name="hd_ids"
                value={o.value}
                checked={v.hd_ids.includes(o.value)}
                onChange={formik.handleChange}
              />
              <label className="form-check-label" htmlFor={id(`hd-${o.value}`)}>
                {o.label.replace(/^[\s\u00a0—-]+/, '')}
              </label>
            </div>
          ))}
          {errorOf('hd_ids') && <div className="text-danger small">{errorOf('hd_ids')}</div>}
        </fieldset>
      )}
      {isChoice(v.type) && (
        <fieldset
          className="mb-3"
          aria-describedby={choicesError ? id('choices-error') : undefined}
        >
          <legend className="form-label fs-6">{t('form.choicesLegend')}</legend>
          {v.choices.map((c, i) => (
            <div className="row g-2 mb-2 align-items-end" key={i}>
              {(['value', 'label_en', 'label_es'] as const).map((key) => (
                <div className="col" key={key}>
                  <label className="form-label small" htmlFor={id(`choice-${i}-${key}`)}>
                    {t(`form.choice.${key}`, { n: i + 1 })}
                  </label>
                  <input
                    id={id(`choice-${i}-${key}`)}
                    className="form-control form-control-sm"
                    value={c[key]}
                    onChange={(e) => setChoice(i, key, e.target.value)}
                  />
                </div>
              ))}
              <div className="col-auto">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={t('form.choice.removeNamed', { n: i + 1 })}
                  onClick={() =>
                    void formik.setFieldValue(
                      'choices',
                      v.choices.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('form.choice.remove')}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() =>
              void formik.setFieldValue('choices', [
                ...v.choices,
                { value: '', label_en: '', label_es: '' },
              ])
            }
          >
            {t('form.choice.add')}
          </button>
          {choicesError && (
            <div id={id('choices-error')} className="text-danger small mt-1">
              {choicesError}
            </div>
          )}
        </fieldset>
      )}
      <div className="d-flex gap-2">
        <SubmitButton loading={saving} label={t('form.save')} className="btn btn-primary" />
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
