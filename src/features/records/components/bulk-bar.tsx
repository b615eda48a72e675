import '../i18n';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { BulkAction, BulkBody } from '../bulk-views-api';
import { bulkViewsHolders } from '../bulk-views-slice';
import type { Kind } from '../kinds';
import type { ListItem, ListQuery } from '../types';
import { MergeSelectedDialog } from '../../merge/components/merge-dialogs';
import '../../merge/i18n';
import { workHolders } from '../work-slice';
import { tagsHolders } from '../../tags/tags-slice';
import { useAssignableAgents } from './work/use-assignable-agents';
import type { TaxonomyNode } from '../work-types';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { helpdeskOptions, useDropdown, type Option } from './use-dropdown';
import type { ListSelection } from './use-list-selection';
import type { CustomField } from '../../custom-fields/types';
import { BulkFieldValue, bulkFieldValue, NO_VALUE } from './bulk-field-value';
import { useLabelOf } from './use-list-fields';

/** The most records one bulk call changes (the server's cap, docs/api-bulk-views.md). */
export const BULK_CAP = 1000;

const NOBODY = 'none';

function nodeOptions(nodes: TaxonomyNode[] | null | undefined, depth = 0): Option[] {
  if (!nodes) return [];
  return nodes.flatMap((n) => [
    {
      value: String(n.category_id),
      label: `${'\u00a0\u00a0\u00a0'.repeat(depth)}${n.category_name}`,
    },
    ...nodeOptions(n.children, depth + 1),
  ]);
}

/** The choices for an action's value, each list loaded on first use. */
function useValueOptions(kind: Kind, action: BulkAction | '', hdId?: number): Option[] {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const statuses = useDropdown(kind.type === 'T' ? 'ticketStatus' : 'contentStatus');
  const helpdesks = useDropdown(kind.type === 'T' ? 'ticketHelpDesk' : 'contentHelpDesk');
  const priorities = useDropdown('priority');
  const agents = useAssignableAgents(hdId, action === 'assign');
  const nodes = useAppSelector((state) => state.holders.classificationNodes);
  const needNodes = action === 'classify' && nodes.data === null && !nodes.loading;
  const tags = useAppSelector((state) => state.holders.tagOptions);
  const tagAction = action === 'tag_add' || action === 'tag_remove';
  const needTags = tagAction && tags.data === null && !tags.loading;
  useEffect(() => {
    if (needTags) dispatch(tagsHolders.tagOptions.actions.requested({ limit: 100 }));
  }, [needTags, dispatch]);
  useEffect(() => {
    if (needNodes) dispatch(workHolders.classificationNodes.actions.requested());
  }, [needNodes, dispatch]);
  switch (action) {
    case 'assign':
      return [
        { value: NOBODY, label: t('bulk.nobody') },
        ...agents.map((a) => ({ value: String(a.id), label: a.fullname })),
      ];
    case 'status':
      return (statuses.data ?? []).map((s) => ({
        value: String(s.status_id),
        label: s.status_name,
      }));
    case 'priority':
      return (priorities.data ?? []).map((p) => ({
        value: String(p.priority_id),
        label: p.priority_name,
      }));
    case 'move':
      return helpdeskOptions(helpdesks.data);
    case 'classify':
      return nodeOptions(nodes.data);
    case 'tag_add':
    case 'tag_remove':
      return (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
    default:
      return [];
  }
}

/**
 * The one desk of the records a bulk assign reaches, when it is known: the list's desk filter,
 * or the desk all ticked rows of the page share. Its picker then offers only the agents who may
 * work there; otherwise every agent (the server refuses a row an agent may not take).
 */
function bulkDesk(selection: ListSelection, query: ListQuery, items: ListItem[]) {
  if (typeof query.filters.hd_id === 'number') return query.filters.hd_id;
  const picked = selection.selection;
  if (picked?.kind !== 'rows' || picked.records.length === 0) return undefined;
  const desks = new Set<number>();
  for (const { id } of picked.records) {
    const row = items.find((item) => item.id === id);
    if (!row) return undefined;
    desks.add(row.hd_id);
  }
  return desks.size === 1 ? [...desks][0] : undefined;
}

interface BulkBarProps {
  kind: Kind;
  selection: ListSelection;
  /** The list's query: "all matching" sends its filters and sort. */
  query: ListQuery;
  /** How many records the list has (capped as the list caps it). */
  total: number;
  /** After a bulk call: reload the list. */
  onDone: () => void;
  /** The page's rows: the tickets "Merge…" offers to keep. */
  items?: ListItem[];
  /** The kind's active custom fields: "Set field" offers them. */
  fields?: CustomField[];
}

/** Bulk actions on the selected rows (or all matching): one confirmation, then the summary. */
export function BulkBar({
  kind,
  selection,
  query,
  total,
  onDone,
  items = [],
  fields = [],
}: BulkBarProps) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.bulkAction);
  const [action, setAction] = useState<BulkAction | ''>('');
  const [value, setValue] = useState('');
  const [asking, setAsking] = useState(false);
  const [merging, setMerging] = useState(false);
  // "Set field": the field's key and its control's value.
  const [fieldKey, setFieldKey] = useState('');
  const [fieldValue, setFieldValue] = useState('');
  const labelOf = useLabelOf();
  const field = fields.find((f) => f.key === fieldKey);
  const actionId = useId();
  const valueId = useId();
  const options = useValueOptions(kind, action, bulkDesk(selection, query, items));
  const actions: BulkAction[] = [
    'assign',
    'status',
    ...(kind.type === 'T' ? (['priority'] as const) : []),
    'move',
    'classify',
    'tag_add',
    'tag_remove',
    ...(fields.length ? (['field_set'] as const) : []),
    'delete',
  ];
  const count = selection.matching ? Math.min(total, BULK_CAP) : selection.count;
  // Merging takes ticked tickets of the page (docs/api-working.md "Merge and split").
  const mergeable =
    kind.type === 'T' && selection.selection?.kind === 'rows'
      ? items.flatMap((item) =>
          item.object_type === 'T' && selection.isSelected(item.id)
            ? [{ id: item.id, subject: item.subject }]
            : [],
        )
      : [];
  const ready =
    action === 'field_set'
      ? field !== undefined && fieldValue !== ''
      : action !== '' && (action === 'delete' || value !== '');
  // A 400 of "Set field" names the field: shown under its value.
  const fieldError = field ? holder.error?.fields?.[`fields.${field.key}`] : undefined;

  // A finished call: the list reloads and the selection goes.
  const done = holder.data;
  const handled = useRef(done);
  useEffect(() => {
    if (done && handled.current !== done) {
      handled.current = done;
      onDone();
    }
  }, [done, onDone]);
  useEffect(() => () => void dispatch(bulkViewsHolders.bulkAction.actions.reset()), [dispatch]);

  const run = () => {
    setAsking(false);
    if (!selection.selection || action === '') return;
    const chosen =
      selection.selection.kind === 'rows'
        ? { records: selection.selection.records }
        : { filter: { filters: query.filters, sort: query.sort } };
    const body = {
      object_type: kind.type,
      action,
      ...(action === 'field_set' && field
        ? { fields: { [field.key]: bulkFieldValue(field, fieldValue) } }
        : action === 'delete'
          ? {}
          : { value: value === NOBODY ? null : Number(value) }),
      ...chosen,
    } as BulkBody;
    dispatch(bulkViewsHolders.bulkAction.actions.requested(body));
  };

  return (
    <>
      {selection.selection && (
        <div
          role="region"
          aria-label={t('bulk.region')}
          className="bulk-bar d-flex flex-wrap align-items-end gap-2 p-2 mb-2 border rounded"
        >
          <p className="mb-0 me-2 align-self-center fw-semibold" aria-live="polite">
            {selection.matching
              ? t('bulk.allMatchingSelected', { count, cap: BULK_CAP })
              : t('bulk.selected', { count })}
          </p>
          <div>
            <label htmlFor={actionId} className="form-label small mb-0">
              {t('bulk.action')}
            </label>
            <select
              id={actionId}
              className="form-select form-select-sm"
              value={action}
              onChange={(e) => {
                setAction(e.target.value as BulkAction | '');
                setValue('');
                setFieldKey('');
                setFieldValue('');
              }}
            >
              <option value="">{t('bulk.chooseAction')}</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {t(`bulk.actions.${a}`)}
                </option>
              ))}
            </select>
          </div>
          {action === 'field_set' && (
            <div>
              <label htmlFor={valueId} className="form-label small mb-0">
                {t('bulk.values.field_set')}
              </label>
              <select
                id={valueId}
                className="form-select form-select-sm"
                value={fieldKey}
                onChange={(e) => {
                  setFieldKey(e.target.value);
                  setFieldValue('');
                }}
              >
                <option value="">{t('bulk.chooseValue')}</option>
                {fields.map((f) => (
                  <option key={f.key} value={f.key}>
                    {labelOf(f)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {action === 'field_set' && field && (
            <BulkFieldValue
              key={field.key}
              field={field}
              value={fieldValue}
              onChange={setFieldValue}
              error={fieldError}
            />
          )}
          {action !== '' && action !== 'delete' && action !== 'field_set' && (
            <div>
              <label htmlFor={valueId} className="form-label small mb-0">
                {t(`bulk.values.${action}`)}
              </label>
              <select
                id={valueId}
                className="form-select form-select-sm"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              >
                <option value="">{t('bulk.chooseValue')}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button
            type="button"
            className={`btn btn-sm ${action === 'delete' ? 'btn-danger' : 'btn-primary'}`}
            disabled={!ready || holder.loading}
            onClick={() => setAsking(true)}
          >
            {holder.loading ? t('bulk.working') : t('bulk.apply')}
          </button>
          {mergeable.length >= 2 && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => setMerging(true)}
            >
              {t('merge:bulkMerge')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={selection.clear}
          >
            {t('bulk.clear')}
          </button>
        </div>
      )}
      {merging && <MergeSelectedDialog tickets={mergeable} onClose={() => setMerging(false)} />}
      <ConfirmDialog
        isOpen={asking}
        title={t('bulk.confirmTitle')}
        text={
          action === ''
            ? undefined
            : t('bulk.confirmText', {
                action: t(`bulk.actions.${action}`),
                value:
                  action === 'field_set' && field
                    ? t('bulk.fieldConfirmValue', {
                        field: labelOf(field),
                        value: fieldShown(field, fieldValue, labelOf, t('bulk.noValue')),
                      })
                    : (options.find((o) => o.value === value)?.label.trim() ?? ''),
                count,
              })
        }
        confirmLabel={t('bulk.confirm')}
        cancelLabel={t('bulk.cancel')}
        danger={action === 'delete'}
        onConfirm={run}
        onCancel={() => setAsking(false)}
      />
      {done && <BulkSummary />}
    </>
  );
}

/** The chosen value as the confirmation names it (a choice by its label). */
function fieldShown(
  f: CustomField,
  raw: string,
  labelOf: (x: { label_en: string; label_es: string }) => string,
  none: string,
): string {
  if (raw === NO_VALUE) return none;
  const choice = f.choices.find((c) => c.value === raw);
  return choice ? labelOf(choice) : raw;
}

/** What the last bulk call did: how many succeeded, and each refusal with its reason. */
function BulkSummary() {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const result = useAppSelector((state) => state.holders.bulkAction.data);
  if (!result) return null;
  return (
    <div
      role="status"
      className={`alert ${result.refused.length ? 'alert-warning' : 'alert-success'} py-2`}
    >
      <p className="mb-1 fw-semibold">
        {t('bulk.summary', { count: result.succeeded.length })}
        {result.refused.length > 0 &&
          ` ${t('bulk.refusedCount', { count: result.refused.length })}`}
      </p>
      {result.capped && <p className="mb-1">{t('bulk.capped', { cap: result.cap })}</p>}
      {result.refused.length > 0 && (
        <ul className="mb-1 small">
          {result.refused.map((r) => (
            <li key={r.id}>{t('bulk.refusal', { id: r.id, reason: r.reason })}</li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-sm btn-link p-0 alert-link"
        onClick={() => dispatch(bulkViewsHolders.bulkAction.actions.reset())}
      >
        {t('bulk.dismiss')}
      </button>
    </div>
  );
}
