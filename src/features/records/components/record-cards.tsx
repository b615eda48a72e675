import '../i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Kind } from '../kinds';
import type { ListItem } from '../types';
import { fieldOf, titleOf, type Column } from './list-columns';
import { MailBadge } from './mail-badge';
import { PriorityBadge, StatusBadge } from './record-badges';
import { SlaBadge } from './sla-badge';
import type { useListCursor } from './use-list-cursor';
import type { ListSelection } from './use-list-selection';
import { TagChips } from '../../tags/components/tag-chips';

/**
 * A list on a phone: one card per record (its title, status, priority, service level due time
 * and requester), the whole card a link a thumb can open, and a Sort choice in place of the
 * table's headers. The agents' lists keep their selection: a box per card and one for the page.
 */
export function RecordCards({
  title,
  kind,
  draft,
  items,
  rowLink,
  selection,
  cursor,
  sort,
  sortable,
  onSortChange,
}: {
  title: string;
  kind: Kind;
  draft: boolean;
  items: ListItem[];
  rowLink: (record: ListItem) => string;
  selection?: ListSelection;
  cursor: ReturnType<typeof useListCursor>;
  sort: string;
  /** The list's sortable columns. */
  sortable: Column[];
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('records');
  const sortId = useId();
  const pageBoxId = useId();
  const options = sortable.flatMap((col) => [
    { value: col.sort as string, label: t('list.sortAscending', { column: col.label }) },
    { value: `-${col.sort as string}`, label: t('list.sortDescending', { column: col.label }) },
  ]);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        {selection && (
          <div className="form-check mb-0">
            <input
              id={pageBoxId}
              type="checkbox"
              className="form-check-input"
              checked={selection.allOnPage || selection.matching}
              ref={(el) => {
                if (el) el.indeterminate = selection.someOnPage && !selection.allOnPage;
              }}
              onChange={selection.togglePage}
            />
            <label className="form-check-label small" htmlFor={pageBoxId}>
              {t('bulk.selectPage')}
            </label>
          </div>
        )}
        <label htmlFor={sortId} className="small mb-0 ms-auto">
          {t('list.sortBy')}
        </label>
        <select
          id={sortId}
          className="form-select form-select-sm w-auto"
          value={sort}
          onChange={(event) => onSortChange(event.target.value)}
        >
          {!options.some((o) => o.value === sort) && <option value={sort}>{sort}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <ul className="list-unstyled mb-0 record-cards" aria-label={title}>
        {items.map((record, index) => {
          const { 'aria-selected': current, className, ...row } = cursor.rowProps(index);
          const name = titleOf(record, kind, t);
          const owner = String(fieldOf(record, kind.ownerNameField) ?? '');
          return (
            <li
              key={record.id}
              {...row}
              aria-current={current || undefined}
              className={`card record-card mb-2${className ? ` ${className}` : ''}`}
            >
              <div className="card-body d-flex gap-2 align-items-start">
                {selection && (
                  <input
                    type="checkbox"
                    className="form-check-input position-relative z-2 flex-shrink-0 mt-1"
                    aria-label={t('bulk.selectRow', { title: name })}
                    checked={selection.isSelected(record.id)}
                    onChange={() => selection.toggle(record)}
                  />
                )}
                <div className="flex-grow-1 record-card-main">
                  {/* The link's box covers the card (stretched-link): the whole card opens it. */}
                  <Link
                    to={rowLink(record)}
                    className="stretched-link fw-semibold record-card-title"
                  >
                    {name}
                  </Link>
                  <div className="d-flex flex-wrap align-items-center gap-1 mt-2">
                    <StatusBadge name={record.status_name} />
                    {record.object_type === 'T' ? (
                      <>
                        <PriorityBadge name={record.priority_name} />
                        {!draft && <SlaBadge sla={record.sla} />}
                      </>
                    ) : (
                      record.content_type_name && (
                        <span className="small">{record.content_type_name}</span>
                      )
                    )}
                    {record.channel === 'mail' && <MailBadge />}
                  </div>
                  <TagChips tags={record.tags} className="mt-1 small" />
                  {owner && (
                    <div className="small text-body-secondary mt-1">
                      {t('list.ownerLine', { label: t(`${kind.key}.fields.owner`), name: owner })}
                    </div>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
