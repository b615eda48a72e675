import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '../../custom-fields/types';
import type { Kind } from '../kinds';
import {
  FIELD_PARAM_PREFIX,
  MAX_FIELD_FILTERS,
  formatFieldFilter,
  parseFieldFilter,
  type FieldFilter,
} from './field-filter-url';
import { useListFields, useLabelOf } from './use-list-fields';
import { useAssignableAgents } from './work/use-assignable-agents';

interface Props {
  kind: Kind;
  params: URLSearchParams;
  /** Sets (or with '' removes) one URL parameter; the page goes back to 1. */
  onChange: (name: string, value: string, replace?: boolean) => void;
}

/** `datetime-local`'s value for an ISO time, in the reader's zone. */
function localInput(iso: string | number | undefined): string {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The hd lists' custom field filters: pick an active field, then the control its type needs
 * (choices, an agent, ticked or not, a range, a text). Each is a URL parameter `cf.<key>`
 * (field-filter-url.ts), so the list, a link and a saved view keep it.
 */
export function FieldFilters({ kind, params, onChange }: Props) {
  const { t } = useTranslation('records');
  const labelOf = useLabelOf();
  // The list page reads the definitions (use-list-fields.ts); this shows what it read.
  const fields = useListFields(kind, false);
  const [adding, setAdding] = useState('');
  const pickId = useId();
  const active = fields.filter((f) => params.has(`${FIELD_PARAM_PREFIX}${f.key}`));
  const shown = [...active, ...fields.filter((f) => f.key === adding && !active.includes(f))];
  const offered = fields.filter((f) => !shown.includes(f));
  if (!fields.length) return null;
  return (
    <fieldset className="col-12">
      <legend className="form-label fs-6 mb-1">{t('fieldFilter.heading')}</legend>
      <div className="row g-2 align-items-end">
        {shown.map((f) => (
          <FieldControl
            key={f.key}
            field={f}
            label={labelOf(f)}
            filter={parseFieldFilter(params.get(`${FIELD_PARAM_PREFIX}${f.key}`) ?? '')}
            onSet={(filter, replace) => {
              onChange(
                `${FIELD_PARAM_PREFIX}${f.key}`,
                filter ? formatFieldFilter(filter) : '',
                replace,
              );
            }}
            onRemove={() => {
              if (adding === f.key) setAdding('');
              onChange(`${FIELD_PARAM_PREFIX}${f.key}`, '');
            }}
          />
        ))}
        {offered.length > 0 && shown.length < MAX_FIELD_FILTERS && (
          <div className="col-sm-6 col-lg-3">
            <label htmlFor={pickId} className="form-label">
              {t('fieldFilter.field')}
            </label>
            <select
              id={pickId}
              className="form-select form-select-sm"
              value=""
              onChange={(e) => setAdding(e.target.value)}
            >
              <option value="">{t('fieldFilter.chooseField')}</option>
              {offered.map((f) => (
                <option key={f.key} value={f.key}>
                  {labelOf(f)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </fieldset>
  );
}

function FieldControl({
  field: f,
  label,
  filter,
  onSet,
  onRemove,
}: {
  field: CustomField;
  label: string;
  filter: FieldFilter | undefined;
  /** The new filter (undefined: none); `replace`: while typing, one history entry. */
  onSet: (filter: FieldFilter | undefined, replace?: boolean) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('records');
  const labelOf = useLabelOf();
  const id = useId();
  const agents = useAssignableAgents(undefined, f.type === 'agent');
  const remove = (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      aria-label={t('fieldFilter.remove', { field: label })}
      onClick={onRemove}
    >
      ×
    </button>
  );
  const anyOf = filter?.any_of ?? (filter?.equals === undefined ? [] : [filter.equals]);

  if (f.type === 'single_choice' || f.type === 'multiple_choice') {
    const toggle = (value: string, on: boolean) => {
      const next = on ? [...anyOf, value] : anyOf.filter((v) => v !== value);
      onSet(next.length ? { any_of: next as string[] } : undefined);
    };
    return (
      <div className="col-sm-6 col-lg-3 d-flex align-items-start gap-1">
        <fieldset className="flex-grow-1">
          <legend className="form-label fs-6 mb-1">
            {t('fieldFilter.anyOf', { field: label })}
          </legend>
          {f.choices.map((c, i) => (
            <div key={c.value} className="form-check">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                className="form-check-input"
                checked={anyOf.includes(c.value)}
                onChange={(e) => toggle(c.value, e.target.checked)}
              />
              <label htmlFor={`${id}-${i}`} className="form-check-label">
                {labelOf(c)}
              </label>
            </div>
          ))}
        </fieldset>
        {remove}
      </div>
    );
  }

  const wrap = (control: React.ReactNode) => (
    <div className="col-sm-6 col-lg-3">
      <div className="d-flex align-items-end gap-1">
        <div className="flex-grow-1">{control}</div>
        {remove}
      </div>
    </div>
  );

  if (f.type === 'agent' || f.type === 'checkbox') {
    const options =
      f.type === 'agent'
        ? agents.map((a) => ({ value: String(a.id), label: a.fullname }))
        : [
            { value: 'true', label: t('fieldFilter.ticked') },
            { value: 'false', label: t('fieldFilter.unticked') },
          ];
    const current =
      f.type === 'checkbox'
        ? typeof filter?.equals === 'boolean'
          ? String(filter.equals)
          : ''
        : anyOf.length
          ? String(anyOf[0])
          : '';
    return wrap(
      <>
        <label htmlFor={id} className="form-label">
          {t('fieldFilter.value', { field: label })}
        </label>
        <select
          id={id}
          className="form-select form-select-sm"
          value={current}
          onChange={(e) => {
            const v = e.target.value;
            if (!v) onSet(undefined);
            else if (f.type === 'checkbox') onSet({ equals: v === 'true' });
            else onSet({ any_of: [Number(v)] });
          }}
        >
          <option value="">{t('filters.any')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </>,
    );
  }

  if (f.type === 'number' || f.type === 'date' || f.type === 'datetime') {
    const inputType = f.type === 'datetime' ? 'datetime-local' : f.type;
    const shownValue = (v: string | number | undefined) =>
      f.type === 'datetime' ? localInput(v) : v === undefined ? '' : String(v);
    const toValue = (raw: string): string | number | undefined => {
      if (raw === '') return undefined;
      if (f.type === 'number') return Number.isFinite(Number(raw)) ? Number(raw) : undefined;
      if (f.type === 'datetime') return new Date(raw).toISOString();
      return raw;
    };
    const set = (end: 'from' | 'to', raw: string) => {
      const next = { from: filter?.from, to: filter?.to, [end]: toValue(raw) };
      const clean: FieldFilter = {};
      if (next.from !== undefined) clean.from = next.from;
      if (next.to !== undefined) clean.to = next.to;
      onSet(Object.keys(clean).length ? clean : undefined, true);
    };
    return (
      <div className="col-sm-12 col-lg-6">
        <div className="d-flex align-items-end gap-1">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="flex-grow-1">
              <label htmlFor={`${id}-${end}`} className="form-label">
                {t(`fieldFilter.${end}`, { field: label })}
              </label>
              <input
                id={`${id}-${end}`}
                type={inputType}
                step={f.type === 'number' ? 'any' : undefined}
                className="form-control form-control-sm"
                value={shownValue(filter?.[end])}
                onChange={(e) => set(end, e.target.value)}
              />
            </div>
          ))}
          {remove}
        </div>
      </div>
    );
  }

  return wrap(<TextControl id={id} label={label} filter={filter} onSet={onSet} />);
}

/** A text field's "contains": applied on Enter or when the box is left, not per keystroke. */
function TextControl({
  id,
  label,
  filter,
  onSet,
}: {
  id: string;
  label: string;
  filter: FieldFilter | undefined;
  onSet: (filter: FieldFilter | undefined) => void;
}) {
  const { t } = useTranslation('records');
  const [text, setText] = useState(filter?.contains ?? '');
  const apply = () => {
    const trimmed = text.trim();
    if (trimmed !== (filter?.contains ?? '')) onSet(trimmed ? { contains: trimmed } : undefined);
  };
  return (
    <>
      <label htmlFor={id} className="form-label">
        {t('fieldFilter.contains', { field: label })}
      </label>
      <input
        id={id}
        type="search"
        className="form-control form-control-sm"
        maxLength={200}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
      />
    </>
  );
}
