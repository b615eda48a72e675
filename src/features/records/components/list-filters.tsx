import '../i18n';
import '../../ratings/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import type { Kind } from '../kinds';
import { helpdeskOptions, useDropdown } from './use-dropdown';
import type { Option } from './use-dropdown';
import { TagFilter } from '../../tags/components/tag-filter';
import { FieldFilters } from './field-filter';
import { fieldParamNames } from './field-filter-url';

interface Props {
  kind: Kind;
  params: URLSearchParams;
  /** Sets (or with '' removes) one filter; the page goes back to 1. */
  onChange: (name: string, value: string, replace?: boolean) => void;
  onClear: () => void;
  /** The my lists: the 'Shared with me' checkbox (URL shared_with_me=1). */
  sharedWithMe?: boolean;
  /** The hd lists: the custom field filters (URL cf.<key>=...). */
  customFields?: boolean;
}

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <div className="col-sm-6 col-lg-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The URL's filter names: how many are set is what the folded filters' button says. */
const FILTER_NAMES = [
  'text',
  'status_id',
  'priority_id',
  'sla',
  'satisfaction',
  'company_id',
  'content_type_id',
  'hd_id',
  'created_from',
  'created_to',
  'shared_with_me',
  'tags',
];

/**
 * The list's filters; their state is the URL's (the page keeps nothing else). On a phone they
 * start folded behind a Filters button that says how many are set, so the list is the first
 * screen; folded, the form and its choices' calls do not exist.
 */
export function ListFilters(props: Props) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery(PHONE_QUERY);
  const [unfolded, setUnfolded] = useState(false);
  if (!phone) return <FilterForm {...props} />;
  const active =
    FILTER_NAMES.filter((name) => props.params.get(name)).length +
    fieldParamNames(props.params).length;
  const formId = `filters-${props.kind.key}`;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary mb-3"
        aria-expanded={unfolded}
        aria-controls={unfolded ? formId : undefined}
        onClick={() => setUnfolded((value) => !value)}
      >
        {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
      </button>
      {unfolded && <FilterForm {...props} id={formId} />}
    </>
  );
}

function FilterForm({
  kind,
  params,
  onChange,
  onClear,
  sharedWithMe = false,
  customFields = false,
  id: formId,
}: Props & { id?: string }) {
  const { t } = useTranslation('records');
  const statuses = useDropdown(kind.type === 'T' ? 'ticketStatus' : 'contentStatus');
  const helpdesks = useDropdown(kind.type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const priorities = useDropdown('priority');
  const companies = useDropdown('company');
  const contentTypes = useDropdown('contentType');
  const urlText = params.get('text') ?? '';
  const [text, setText] = useState(urlText);
  const [typed, setTyped] = useState(false);
  // The URL changed (back, clear, shared link): the box follows.
  const [shown, setShown] = useState(urlText);
  if (shown !== urlText) {
    setShown(urlText);
    setText(urlText);
    setTyped(false);
  }

  // Typing applies after a short pause (replacing the history entry, not adding many).
  useEffect(() => {
    if (!typed || text === urlText) return;
    // A click on a result within the pause starts leaving this page (React keeps it mounted
    // while the next page loads): the late filter must not pull the user back.
    const listPath = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname === listPath) onChange('text', text.trim(), true);
    }, 400);
    return () => window.clearTimeout(timer);
  }, [typed, text, urlText, onChange]);

  // Clearing also drops what was typed, which cancels its pending delayed search (the effect's
  // cleanup); otherwise that search would land after the clear and bring the filter back.
  const clear = () => {
    setText('');
    setTyped(false);
    onClear();
  };

  const id = (name: string) => `filter-${kind.key}-${name}`;
  const value = (name: string) => params.get(name) ?? '';
  const k = kind.key;
  return (
    <form
      id={formId}
      className="card card-body mb-3"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        onChange('text', text.trim());
      }}
    >
      <div className="row g-2 align-items-end">
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={id('text')} className="form-label">
            {t(`${k}.filters.text`)}
          </label>
          <input
            id={id('text')}
            type="search"
            className="form-control form-control-sm"
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.target.value);
              setTyped(true);
            }}
          />
        </div>
        <Select
          id={id('status')}
          label={t('fields.status')}
          value={value('status_id')}
          options={(statuses.data ?? []).map((s) => ({
            value: String(s.status_id),
            label: s.status_name,
          }))}
          onChange={(v) => onChange('status_id', v)}
        />
        {kind.type === 'T' && (
          <>
            <Select
              id={id('priority')}
              label={t('fields.priority')}
              value={value('priority_id')}
              options={(priorities.data ?? []).map((p) => ({
                value: String(p.priority_id),
                label: p.priority_name,
              }))}
              onChange={(v) => onChange('priority_id', v)}
            />
            <Select
              id={id('sla')}
              label={t('sla.filter')}
              value={value('sla')}
              options={[
                { value: 'overdue', label: t('sla.overdue') },
                { value: 'due_soon', label: t('sla.dueSoon') },
              ]}
              onChange={(v) => onChange('sla', v)}
            />
            <Select
              id={id('satisfaction')}
              label={t('ratings:filter')}
              value={value('satisfaction')}
              options={[
                { value: 'good', label: t('ratings:good') },
                { value: 'bad', label: t('ratings:bad') },
              ]}
              onChange={(v) => onChange('satisfaction', v)}
            />
            <Select
              id={id('company')}
              label={t('fields.company')}
              value={value('company_id')}
              options={(companies.data ?? []).map((c) => ({
                value: String(c.company_id),
                label: c.company_name,
              }))}
              onChange={(v) => onChange('company_id', v)}
            />
          </>
        )}
        {kind.type === 'C' && (
          <Select
            id={id('content-type')}
            label={t('fields.contentType')}
            value={value('content_type_id')}
            options={(contentTypes.data ?? []).map((c) => ({
              value: String(c.content_type_id),
              label: c.content_type_name,
            }))}
            onChange={(v) => onChange('content_type_id', v)}
          />
        )}
        <Select
          id={id('helpdesk')}
          label={t('fields.helpDesk')}
          value={value('hd_id')}
          options={helpdeskOptions(helpdesks.data)}
          onChange={(v) => onChange('hd_id', v)}
        />
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={id('from')} className="form-label">
            {t('filters.createdFrom')}
          </label>
          <input
            id={id('from')}
            type="date"
            className="form-control form-control-sm"
            value={value('created_from')}
            onChange={(event) => onChange('created_from', event.target.value)}
          />
        </div>
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={id('to')} className="form-label">
            {t('filters.createdTo')}
          </label>
          <input
            id={id('to')}
            type="date"
            className="form-control form-control-sm"
            value={value('created_to')}
            onChange={(event) => onChange('created_to', event.target.value)}
          />
        </div>
        <TagFilter kind={kind} params={params} onChange={onChange} />
        {customFields && <FieldFilters kind={kind} params={params} onChange={onChange} />}
        {sharedWithMe && (
          <div className="col-sm-6 col-lg-3">
            <div className="form-check mb-1">
              <input
                id={id('shared-with-me')}
                type="checkbox"
                className="form-check-input"
                checked={params.get('shared_with_me') === '1'}
                onChange={(event) => onChange('shared_with_me', event.target.checked ? '1' : '')}
              />
              <label htmlFor={id('shared-with-me')} className="form-check-label">
                {t('filters.sharedWithMe')}
              </label>
            </div>
          </div>
        )}
        <div className="col-sm-6 col-lg-3 d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary">
            {t('filters.apply')}
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={clear}>
            {t('filters.clear')}
          </button>
        </div>
      </div>
    </form>
  );
}
