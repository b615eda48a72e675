import '../field-values-i18n';
import { useTranslation } from 'react-i18next';
import { helpOf, labelOf } from '../form-values';
import type { CustomField } from '../types';

export interface AgentOption {
  id: number;
  fullname: string;
}

/**
 * One custom field's labelled control, by its type, with its help text and its message beside
 * it (is-invalid + invalid-feedback, as the built-in fields). The value is the form's string
 * (form-values.ts `toText`).
 */
export function FieldControl({
  field,
  id,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  agents,
  small,
}: {
  field: CustomField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** An agent field's choices. */
  agents?: readonly AgentOption[];
  /** The side panel's smaller controls. */
  small?: boolean;
}) {
  const { t, i18n } = useTranslation('fieldValues');
  const lang = i18n.language;
  const label = labelOf(field, lang);
  const help = helpOf(field, lang);
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const described = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ');
  const invalid = error ? ' is-invalid' : '';
  const common = {
    id,
    disabled,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
  const labelClass = small ? 'form-label small text-body-secondary mb-1' : 'form-label';
  const messages = (
    <>
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );

  if (field.type === 'checkbox') {
    return (
      <div className={small ? 'mb-2' : 'mb-3'}>
        <div className="form-check">
          <input
            {...common}
            type="checkbox"
            className={`form-check-input${invalid}`}
            checked={value === 'true'}
            onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
          />
          <label htmlFor={id} className="form-check-label">
            {label}
          </label>
        </div>
        {messages}
      </div>
    );
  }

  if (field.type === 'multiple_choice') {
    const chosen: string[] = value ? (JSON.parse(value) as string[]) : [];
    const toggle = (choice: string, on: boolean) => {
      const next = on ? [...chosen, choice] : chosen.filter((c) => c !== choice);
      // In the field's order, whatever order they were ticked in.
      const ordered = field.choices.map((c) => c.value).filter((c) => next.includes(c));
      onChange(ordered.length ? JSON.stringify(ordered) : '');
    };
    return (
      <fieldset
        className={small ? 'mb-2' : 'mb-3'}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      >
        <legend className={`${labelClass} fs-6`}>{label}</legend>
        {field.choices.map((c, i) => (
          <div className="form-check" key={c.value}>
            <input
              id={`${id}-${i}`}
              type="checkbox"
              className={`form-check-input${invalid}`}
              checked={chosen.includes(c.value)}
              disabled={disabled}
              onBlur={onBlur}
              onChange={(e) => toggle(c.value, e.target.checked)}
            />
            <label htmlFor={`${id}-${i}`} className="form-check-label">
              {labelOf(c, lang)}
            </label>
          </div>
        ))}
        {messages}
      </fieldset>
    );
  }

  let control;
  if (field.type === 'single_choice' || field.type === 'agent') {
    const options =
      field.type === 'single_choice'
        ? field.choices.map((c) => ({ value: c.value, label: labelOf(c, lang) }))
        : (agents ?? []).map((a) => ({ value: String(a.id), label: a.fullname }));
    // A value no longer among the options (an agent who left) still shows as what it is.
    if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
    control = (
      <select
        {...common}
        className={`form-select${small ? ' form-select-sm' : ''}${invalid}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{field.type === 'agent' ? t('nobody') : t('choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'long_text') {
    control = (
      <textarea
        {...common}
        className={`form-control${small ? ' form-control-sm' : ''}${invalid}`}
        rows={small ? 3 : 4}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    const type =
      field.type === 'number'
        ? 'number'
        : field.type === 'date'
          ? 'date'
          : field.type === 'datetime'
            ? 'datetime-local'
            : 'text';
    control = (
      <input
        {...common}
        type={type}
        step={field.type === 'number' ? 'any' : undefined}
        className={`form-control${small ? ' form-control-sm' : ''}${invalid}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={small ? 'mb-2' : 'mb-3'}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control}
      {messages}
    </div>
  );
}

/** A value as a reader sees it (a requester's field they may not change). */
export function FieldText({
  field,
  value,
  agents,
}: {
  field: CustomField;
  value: string;
  agents?: readonly AgentOption[];
}) {
  const { t, i18n } = useTranslation('fieldValues');
  const lang = i18n.language;
  if (!value) return <>{t('empty')}</>;
  switch (field.type) {
    case 'checkbox':
      return <>{value === 'true' ? t('yes') : t('no')}</>;
    case 'single_choice':
      return (
        <>
          {labelOf(
            field.choices.find((c) => c.value === value) ?? { label_en: value, label_es: value },
            lang,
          )}
        </>
      );
    case 'multiple_choice':
      return (
        <>
          {(JSON.parse(value) as string[])
            .map((v) =>
              labelOf(
                field.choices.find((c) => c.value === v) ?? { label_en: v, label_es: v },
                lang,
              ),
            )
            .join(', ')}
        </>
      );
    case 'agent':
      return <>{agents?.find((a) => String(a.id) === value)?.fullname ?? value}</>;
    case 'datetime':
      return <>{new Date(value).toLocaleString(lang)}</>;
    default:
      return <>{value}</>;
  }
}
