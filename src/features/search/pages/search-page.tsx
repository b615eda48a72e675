import '../i18n';
import DOMPurify from 'dompurify';
import { memo, useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateUtc } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { detailsUrl } from '../../../lib/record-link';
import { collectorHolders } from '../../collector/collector-slice';
import { ROOT } from '../../collector/types';
import { Pagination } from '../../records/components/pagination';
import { Loading } from '../../records/components/states';
import { helpdeskOptions, useDropdown } from '../../records/components/use-dropdown';
import { navigationSearchQuerySet, searchHolders, searchQueryTypeSet } from '../search-slice';
import type { SearchFilters, SearchHit, SearchQuery, SearchType } from '../types';

const FILTERS = ['status_id', 'hd_id', 'category_id', 'created_from', 'created_to'] as const;
type FilterName = (typeof FILTERS)[number];
type FormState = { q: string; type: SearchType } & Record<FilterName, string>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function readType(value: string | null): SearchType {
  return value === 'T' ? 'T' : 'C';
}

function formFrom(params: URLSearchParams): FormState {
  const form = { q: params.get('q') ?? '', type: readType(params.get('type')) } as FormState;
  for (const name of FILTERS) form[name] = params.get(name) ?? '';
  return form;
}

function filtersFrom(form: FormState): SearchFilters {
  const filters: SearchFilters = {};
  for (const name of ['status_id', 'hd_id', 'category_id'] as const) {
    const value = Number(form[name]);
    if (Number.isInteger(value) && value >= 1) filters[name] = value;
  }
  for (const name of ['created_from', 'created_to'] as const) {
    if (isDate(form[name])) filters[name] = form[name];
  }
  return filters;
}

/** The snippet keeps only the server's <mark> highlights. */
function Snippet({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] }),
    [html],
  );
  return <p className="mb-1 search-snippet" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * One hit. Memoized: the page renders again with each key typed in its form and as the form's
 * choices come (statuses, help desks, categories), and the hits it shows have not changed.
 */
const Result = memo(function Result({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const user = useAppSelector((state) => state.auth.user);
  return (
    <li className="list-group-item py-3">
      <h2 className="h6 mb-1">
        <Link to={detailsUrl(hit, user)}>{hit.title || t('untitled')}</Link>
      </h2>
      <Snippet html={hit.snippet} />
      <p className="small text-body-secondary mb-0">
        {t('resultMeta', {
          status: hit.status_name,
          helpDesk: hit.hd_name,
          date: formatDateUtc(hit.created_at),
        })}
      </p>
    </li>
  );
});

function Select({
  id,
  label,
  value,
  options,
  onChange,
  anyLabel,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  anyLabel?: string;
}) {
  return (
    <div className="col-sm-6 col-lg-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /search: the form's state is the URL's; results come from POST search/query. */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const dispatch = useAppDispatch();
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/search' },
  ]);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const urlForm = useMemo(() => formFrom(new URLSearchParams(search)), [search]);
  const [form, setForm] = useState(urlForm);
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setForm(urlForm);
  }
  const holder = useAppSelector((state) => state.holders.searchQuery);
  const loaderSearch = useAppSelector((state) => state.search.loaderSearch);
  const pageSize = useAppSelector((state) => state.auth.user?.items_per_page ?? 10);
  const statuses = useDropdown(form.type === 'T' ? 'ticketStatus' : 'contentStatus');
  const helpdesks = useDropdown(form.type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const nodes = useAppSelector((state) => state.holders.collectorNodes);
  const rootsIdle = !nodes.data?.[ROOT] && !nodes.loading && !nodes.error;
  useEffect(() => {
    if (rootsIdle) dispatch(collectorHolders.collectorNodes.actions.requested({ parent_id: null }));
  }, [rootsIdle, dispatch]);

  const q = urlForm.q.trim();
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const query: SearchQuery | null = useMemo(
    () =>
      q
        ? {
            q,
            type: urlForm.type,
            page,
            page_size: pageSize,
            filters: filtersFrom(urlForm),
          }
        : null,
    [q, urlForm, page, pageSize],
  );

  useEffect(() => {
    dispatch(navigationSearchQuerySet(urlForm.q));
    dispatch(searchQueryTypeSet(urlForm.type));
  }, [dispatch, urlForm.q, urlForm.type]);
  useEffect(() => {
    if (query) dispatch(searchHolders.searchQuery.actions.requested(query));
    else dispatch(searchHolders.searchQuery.actions.reset());
  }, [dispatch, query]);
  useEffect(() => () => void dispatch(searchHolders.searchQuery.actions.reset()), [dispatch]);

  const set = (name: keyof FormState, value: string) =>
    setForm((prev) => ({ ...prev, [name]: value }));
  const onType = (value: string) =>
    // Statuses and help desks differ per type: their choices go.
    setForm((prev) => ({ ...prev, type: readType(value), status_id: '', hd_id: '' }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    next.set('q', form.q.trim());
    next.set('type', form.type);
    for (const name of FILTERS) if (form[name]) next.set(name, form[name]);
    setParams(next);
  };
  const onPage = (nextPage: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (nextPage <= 1) next.delete('page');
      else next.set('page', String(nextPage));
      return next;
    });

  const serverError =
    holder.error?.status === 400 ? (holder.error.fields?.q ?? holder.error.message) : '';
  const inputMessage = !q ? t('emptyQuery') : serverError;
  const data = holder.data;
  const categoryOptions = (nodes.data?.[ROOT] ?? []).map((node) => ({
    value: String(node.category_id),
    label: node.category_name,
  }));

  let results: React.ReactNode = null;
  if (query && !serverError) {
    if (loaderSearch || holder.loading || (!data && !holder.error)) results = <Loading />;
    else if (data && data.items.length === 0) {
      results = <p className="py-3">{t('noResults', { q })}</p>;
    } else if (data) {
      results = (
        <>
          <ul className="list-group" aria-label={t('resultsLabel', { q })}>
            {data.items.map((hit) => (
              <Result key={`${hit.object_type}-${hit.id}`} hit={hit} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            capped={data.total_is_capped === true}
            onPage={onPage}
          />
        </>
      );
    }
  }

  return (
    <section aria-label={t('title')}>
      <form
        className="card card-body mb-3"
        role="search"
        aria-label={t('formLabel')}
        onSubmit={onSubmit}
      >
        <div className="row g-2 align-items-end">
          <div className="col-12 col-lg-6">
            <label htmlFor="search-q" className="form-label">
              {t('searchFor')}
            </label>
            <input
              id="search-q"
              type="search"
              className={`form-control${serverError ? ' is-invalid' : ''}`}
              value={form.q}
              maxLength={400}
              aria-describedby={inputMessage ? 'search-q-message' : undefined}
              aria-invalid={serverError ? true : undefined}
              onChange={(event) => set('q', event.target.value)}
            />
            {inputMessage && (
              <div
                id="search-q-message"
                className={serverError ? 'invalid-feedback d-block' : 'form-text'}
                role={serverError ? 'alert' : undefined}
              >
                {inputMessage}
              </div>
            )}
          </div>
          <Select
            id="search-type"
            label={t('type')}
            value={form.type}
            options={[
              { value: 'C', label: t('types.C') },
              { value: 'T', label: t('types.T') },
            ]}
            onChange={onType}
          />
          <Select
            id="search-status"
            label={t('status')}
            value={form.status_id}
            anyLabel={t('any')}
            options={(statuses.data ?? []).map((s) => ({
              value: String(s.status_id),
              label: s.status_name,
            }))}
            onChange={(value) => set('status_id', value)}
          />
          <Select
            id="search-helpdesk"
            label={t('helpDesk')}
            value={form.hd_id}
            anyLabel={t('any')}
            options={helpdeskOptions(helpdesks.data)}
            onChange={(value) => set('hd_id', value)}
          />
          <Select
            id="search-category"
            label={t('category')}
            value={form.category_id}
            anyLabel={t('any')}
            options={categoryOptions}
            onChange={(value) => set('category_id', value)}
          />
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="search-from" className="form-label">
              {t('createdFrom')}
            </label>
            <input
              id="search-from"
              type="date"
              className="form-control form-control-sm"
              value={form.created_from}
              onChange={(event) => set('created_from', event.target.value)}
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="search-to" className="form-label">
              {t('createdTo')}
            </label>
            <input
              id="search-to"
              type="date"
              className="form-control form-control-sm"
              value={form.created_to}
              onChange={(event) => set('created_to', event.target.value)}
            />
          </div>
          <div className="col-sm-6 col-lg-3">
            <button type="submit" className="btn btn-primary">
              {t('submit')}
            </button>
          </div>
        </div>
      </form>
      {results}
    </section>
  );
}
