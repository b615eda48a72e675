import '../i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '../../custom-fields/types';
import { useLabelOf } from './use-list-fields';
import { useAssignableAgents } from './work/use-assignable-agents';

/** The bulk bar's "(no value)": clears the field on every record. */
export const NO_VALUE = '\u0000none';

/** What the bulk bar's "Set field" sends for the field's control value (`fields: { key: v }`). */
export function bulkFieldValue(f: CustomField, raw: string | string[]): unknown {
  if (raw === NO_VALUE) return null;
  if (Array.isArray(raw)) return raw;
  switch (f.type) {
    case 'number':
    case 'agent':
      return Number(raw);
    case 'checkbox':
      return raw === 'true';
    case 'datetime':
      return new Date(raw).toISOString();
    case 'multiple_choice':
      return [raw];
    default:
      return raw;
  }
}

/** The value control of "Set field" for the chosen field's type, its error under it. */
export function BulkFieldValue({
  field: f,
  value,
  onChange,
  error,
}: {
  field: CustomField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('records');
  const labelOf = useLabelOf();
  const id = useId();
  const errorId = `${id}-error`;
  const agents = useAssignableAgents(undefined, f.type === 'agent');
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const choices =
    f.type === 'single_choice' || f.type === 'multiple_choice'
      ? f.choices.map((c) => ({ value: c.value, label: labelOf(c) }))
      : f.type === 'checkbox'
        ? [
            { value: 'true', label: t('list.yes') },
            { value: 'false', label: t('list.no') },
          ]
        : f.type === 'agent'
          ? agents.map((a) => ({ value: String(a.id), label: a.fullname }))
          : null;
  const inputType =
    f.type === 'number'
      ? 'number'
      : f.type === 'date'
        ? 'date'
        : f.type === 'datetime'
          ? 'datetime-local'
          : 'text';
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-0">
        {t('bulk.fieldValue')}
      </label>
      {choices ? (
        <select
          id={id}
          className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...invalid}
        >
          <option value="">{t('bulk.chooseValue')}</option>
          <option value={NO_VALUE}>{t('bulk.noValue')}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={inputType}
          step={f.type === 'number' ? 'any' : undefined}
          maxLength={f.type === 'text' ? 255 : f.type === 'long_text' ? 10000 : undefined}
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          value={value === NO_VALUE ? '' : value}
          onChange={(e) => onChange(e.target.value)}
          {...invalid}
        />
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
