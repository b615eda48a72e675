import '../i18n';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { requestOnMount } from '../../../app/first-screen';
import { useAppDispatch, useAppSelector, useDeferredAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { usePageTitle } from '../../../lib/page-title';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { recordsHolders } from '../records-slice';
import type { ListItem, ListQuery } from '../types';
import { NewRecordsBar } from '../../live/new-records-bar';
import { ListFilters } from './list-filters';
import { FILTER_PARAMS, listQuery, type ListOf } from './list-query';
import { fieldParamNames } from './field-filter-url';
import { useRememberList } from './view/list-context';
import { Pagination } from './pagination';
import { BULK_CAP, BulkBar } from './bulk-bar';
import { ColumnPicker } from './column-picker';
import { storeColumns, storedColumns } from './column-choice';
import { fieldColumns, listColumns, titleOf, type Column } from './list-columns';
import { useLabelOf, useListFields } from './use-list-fields';
import { useAssignableAgents } from './work/use-assignable-agents';
import { RecordCards } from './record-cards';
import { SaveViewDialog } from './save-view-dialog';
import { useListCursor } from './use-list-cursor';
import { useListSelection } from './use-list-selection';
import { readColumns } from './view-url';
import { bulkViewsHolders } from '../bulk-views-slice';
import type { ViewInput } from '../bulk-views-api';
import { EmptyState, ErrorState, Loading } from './states';

export interface RecordListProps extends ListOf {
  /** Page heading (already translated). */
  title: string;
  path: string;
  /** Where a row's title links to. */
  rowLink: (record: ListItem) => string;
}

/**
 * My / hd lists and drafts: a table (on a phone, a card per record) with paging, sorting and
 * filters, all kept in the URL; the agents' lists choose their columns (list-columns.json).
 */
export function RecordListPage({
  listKey,
  kind,
  title,
  path,
  draft = false,
  requesterId,
  organizationTickets,
  rowLink,
}: RecordListProps) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const holder = useDeferredAppSelector((state) => state.holders[listKey]);
  const pageSize = useAppSelector((state) => state.auth.user?.items_per_page ?? 10);
  const userId = useAppSelector((state) => state.auth.user?.id);
  // On a phone a list is one card per record, not a table wider than the screen.
  const phone = useMediaQuery(PHONE_QUERY);
  const { ask, dialog } = useConfirm();
  const [params, setParams] = useSearchParams();
  usePageTitle(title, [
    { label: t('common:menu.home'), path: '/home' },
    { label: title, path },
  ]);

  const search = params.toString();
  const query: ListQuery = useMemo(
    () =>
      listQuery(
        new URLSearchParams(search),
        { listKey, kind, draft, requesterId, organizationTickets },
        pageSize,
      ),
    [search, kind, draft, requesterId, organizationTickets, pageSize, listKey],
  );

  const request = useMemo(() => recordsHolders[listKey].actions.requested(query), [listKey, query]);
  const load = useCallback(() => dispatch(request), [dispatch, request]);
  useEffect(() => requestOnMount(dispatch, request), [dispatch, request]);
  // The record view's previous / next walk this list (issue 9).
  useRememberList(listKey, query, holder.data);
  useEffect(
    () => () => void dispatch(recordsHolders[listKey].actions.reset()),
    [dispatch, listKey],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  const onFilter = useCallback(
    (name: string, value: string, replace = false) =>
      update((next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
      }, replace),
    [update],
  );
  const onClear = useCallback(
    () =>
      update((next) => {
        for (const name of [...FILTER_PARAMS, ...fieldParamNames(next)]) next.delete(name);
        next.delete('page');
      }),
    [update],
  );
  const onPage = (page: number) =>
    update((next) => {
      if (page <= 1) next.delete('page');
      else next.set('page', String(page));
    });
  const onSortChange = (sort: string) =>
    update((next) => {
      next.set('sort', sort);
      next.delete('page');
    });
  const onSort = (name: string) =>
    update((next) => {
      const current = query.sort;
      const isDate = name.endsWith('_at');
      let sort: string;
      if (current === name) sort = `-${name}`;
      else if (current === `-${name}`) sort = name;
      else sort = isDate ? `-${name}` : name;
      next.set('sort', sort);
      next.delete('page');
    });

  const k = kind.key;
  const hd = listKey.startsWith('HD');
  // The agents' lists also offer each active custom field as a column (`fields.<key>`).
  const fields = useListFields(kind, hd);
  const labelOf = useLabelOf();
  const choiceList = `${listKey}${draft ? '.draft' : ''}`;
  const chosen = readColumns(params) ?? storedColumns(userId, choiceList);
  const agentFieldShown = fields.some(
    (f) => f.type === 'agent' && (chosen ?? []).includes(`fields.${f.key}`),
  );
  const agents = useAssignableAgents(undefined, hd && agentFieldShown);
  const agentName = (id: number) => agents.find((a) => a.id === id)?.fullname;
  const columns = [
    ...listColumns({ kind, hd, draft, rowLink }, t),
    ...(hd ? fieldColumns(fields, labelOf, t, agentName) : []),
  ];
  const defaultKeys = columns.filter((c) => c.byDefault && c.key !== 'title').map((c) => c.key);

  const data = holder.data;
  // Helpdesk lists: bulk selection, saved views and a column choice (docs/api-bulk-views.md).
  const items = useMemo(() => data?.items ?? [], [data]);
  const filterKey = JSON.stringify({ f: query.filters, s: query.sort });
  const selection = useListSelection(items, filterKey);
  const cursor = useListCursor(items, rowLink, hd ? selection.toggle : undefined);
  // The columns: the URL's (a link, a saved view), else the ones this user chose for this list
  // last time, else the list's defaults.
  const shownKeys = chosen ?? defaultKeys;
  const shown = columns.filter((c) => c.key === 'title' || shownKeys.includes(c.key));
  const onColumns = (keys: string[]) => {
    const same =
      keys.length === defaultKeys.length && keys.every((key) => defaultKeys.includes(key));
    storeColumns(userId, choiceList, same ? null : keys);
    update((next) => {
      if (same) next.delete('cols');
      else next.set('cols', keys.join(','));
    }, true);
  };
  const views = useAppSelector((state) => state.holders.savedViews.data);
  const viewId = Number(params.get('view'));
  const openView = views?.find((v) => v.id === viewId && v.mine);
  const [savingView, setSavingView] = useState(false);
  const canSaveView = hd && !draft && requesterId === undefined;
  const { is_draft: _draft, ...viewFilters } = query.filters;
  const afterBulk = () => {
    selection.clear();
    load();
  };
  const emptyText = draft ? t('list.noDrafts') : t(`${k}.empty`);
  const deleteView = (view: { id: number; name: string }) =>
    ask({
      title: t('views.deleteTitle'),
      text: t('views.deleteText', { name: view.name }),
      confirmLabel: t('views.delete'),
      danger: true,
      onConfirm: () => {
        dispatch(bulkViewsHolders.deleteView.actions.requested({ id: view.id }));
        update((next) => next.delete('view'), true);
      },
    });
  const sortedBy = (col: Column) =>
    !col.sort
      ? undefined
      : query.sort === col.sort
        ? 'ascending'
        : query.sort === `-${col.sort}`
          ? 'descending'
          : undefined;
  let body: React.ReactNode;
  if (holder.loading || (!data && !holder.error)) body = <Loading />;
  else if (holder.error) body = <ErrorState message={t('list.error')} onRetry={load} />;
  else if (!data || data.items.length === 0) body = <EmptyState text={emptyText} />;
  else
    body = (
      <>
        {phone ? (
          <RecordCards
            title={title}
            kind={kind}
            draft={draft}
            items={data.items}
            rowLink={rowLink}
            selection={hd ? selection : undefined}
            cursor={cursor}
            sort={query.sort}
            sortable={columns.filter((c) => c.sort)}
            onSortChange={onSortChange}
          />
        ) : (
          <div className="table-responsive">
            <table className="table table-hover align-middle">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {hd && (
                    <th scope="col" className="select-cell">
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('bulk.selectPage')}
                        checked={selection.allOnPage || selection.matching}
                        ref={(el) => {
                          if (el) el.indeterminate = selection.someOnPage && !selection.allOnPage;
                        }}
                        onChange={selection.togglePage}
                      />
                    </th>
                  )}
                  {shown.map((col) => {
                    const sorted = sortedBy(col);
                    return (
                      <th key={col.key} scope="col" aria-sort={sorted}>
                        {col.sort ? (
                          <button
                            type="button"
                            className="btn btn-link p-0 sort-button"
                            onClick={() => onSort(col.sort as string)}
                          >
                            {col.label}
                            <span aria-hidden="true" className="ms-1">
                              {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          col.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {data.items.map((record, index) => (
                  <tr key={record.id} {...cursor.rowProps(index)}>
                    {hd && (
                      <td className="select-cell">
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={t('bulk.selectRow', { title: titleOf(record, kind, t) })}
                          checked={selection.isSelected(record.id)}
                          onChange={() => selection.toggle(record)}
                        />
                      </td>
                    )}
                    {shown.map((col) => (
                      <td key={col.key}>{col.cell(record)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {hd && selection.allOnPage && !selection.matching && data.total > data.items.length && (
          <p className="mt-2 mb-0">
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              onClick={selection.selectMatching}
            >
              {t('bulk.selectMatching', { count: data.total, cap: BULK_CAP })}
            </button>
            {data.total > BULK_CAP && (
              <span className="ms-2 small text-body-secondary">
                {t('bulk.capNote', { cap: BULK_CAP })}
              </span>
            )}
          </p>
        )}
        <Pagination
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          capped={data.total_is_capped === true}
          onPage={onPage}
        />
      </>
    );

  return (
    <section aria-label={title}>
      <ListFilters
        kind={kind}
        params={params}
        onChange={onFilter}
        onClear={onClear}
        sharedWithMe={!hd && !draft && !organizationTickets}
        customFields={hd}
      />
      {!draft && <NewRecordsBar type={kind.type} onReload={load} />}
      {hd && (
        <div className="d-flex flex-wrap justify-content-end gap-2 mb-2">
          {/* A phone's cards show what a thumb needs; the columns are the table's. */}
          {!phone && (
            <ColumnPicker
              columns={columns.filter((c) => c.key !== 'title')}
              shown={shown.filter((c) => c.key !== 'title').map((c) => c.key)}
              onChange={onColumns}
            />
          )}
          {canSaveView && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => setSavingView(true)}
            >
              {t('views.saveButton')}
            </button>
          )}
          {canSaveView && openView && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => deleteView(openView)}
            >
              {t('views.deleteButton', { name: openView.name })}
            </button>
          )}
        </div>
      )}
      {hd && data && (
        <BulkBar
          kind={kind}
          fields={fields}
          selection={selection}
          query={query}
          total={data.total}
          onDone={afterBulk}
          items={items}
        />
      )}
      {body}
      {canSaveView && savingView && (
        <SaveViewDialog
          current={openView}
          values={{
            object_type: kind.type,
            filters: viewFilters,
            sort: query.sort,
            columns: (chosen ?? []) as ViewInput['columns'],
          }}
          onClose={() => setSavingView(false)}
        />
      )}
      {dialog}
    </section>
  );
}
