import '../../i18n';
import './i18n';
import '../../../merge/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { kindOf } from '../../kinds';
import { StatusBadge } from '../record-badges';
import type { Access, HdRecord, ObjectType } from '../../types';
import { workHolders } from '../../work-slice';
import type { RelatedRecord } from '../../work-types';
import { WorkSection } from './work-dialog';

const W = workHolders;
const LINKS: RelatedRecord['link'][] = [
  'related',
  'parent_of',
  'child_of',
  'duplicate_of',
  'has_duplicate',
];

/** Where a related record opens for this viewer: agents hd_*, readers read-only, else my_*. */
export function relatedUrl(related: RelatedRecord, access: Access): string {
  const kind = kindOf(related.object_type);
  if (access === 'agent') return kind.hdDetailsUrl(related.id);
  if (access === 'reader') return kind.readOnlyDetailsUrl(related.id);
  return kind.myDetailsUrl(related.id);
}

function RelateForm({ record }: { record: HdRecord }) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const [type, setType] = useState<ObjectType>(record.object_type);
  const [text, setText] = useState('');
  const [link, setLink] = useState<RelatedRecord['link']>('related');
  const tickets = useAppSelector((state) => state.holders.relatedTicketSearch);
  const content = useAppSelector((state) => state.holders.relatedContentSearch);
  const related = useAppSelector((state) => state.holders.relatedData.data) ?? [];
  const holder = type === 'T' ? W.relatedTicketSearch : W.relatedContentSearch;
  const search = (value: string, kind: ObjectType) => {
    const query = { text: value, exclude_id: record.id };
    dispatch(
      kind === 'T'
        ? W.relatedTicketSearch.actions.requested(query)
        : W.relatedContentSearch.actions.requested(query),
    );
  };
  const hits =
    type === 'T'
      ? (tickets.data ?? []).map((hit) => ({ id: hit.id, title: hit.subject }))
      : (content.data ?? []).map((hit) => ({ id: hit.id, title: hit.title }));
  const shown = hits.filter((hit) => !related.some((r) => r.id === hit.id));
  const idOf = (name: string) => `relate-${name}`;
  return (
    <form
      className="border-top pt-3 mt-3"
      role="search"
      aria-labelledby={idOf('heading')}
      onSubmit={(event) => event.preventDefault()}
    >
      <h3 id={idOf('heading')} className="h6">
        {t('working:related.add')}
      </h3>
      <div className="row g-2 mb-2">
        <div className="col-sm-4">
          <label htmlFor={idOf('type')} className="form-label">
            {t('working:related.type')}
          </label>
          <select
            id={idOf('type')}
            className="form-select form-select-sm"
            value={type}
            onChange={(event) => {
              const next = event.target.value === 'C' ? 'C' : 'T';
              setType(next);
              search(text, next);
            }}
          >
            <option value="T">{t('working:related.ticket')}</option>
            <option value="C">{t('working:related.content')}</option>
          </select>
        </div>
        <div className="col-sm-3">
          <label htmlFor={idOf('link')} className="form-label">
            {t('merge:links.label')}
          </label>
          <select
            id={idOf('link')}
            className="form-select form-select-sm"
            value={link}
            onChange={(event) => setLink(event.target.value as RelatedRecord['link'])}
          >
            {LINKS.map((l) => (
              <option key={l} value={l}>
                {t(`merge:links.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-5">
          <label htmlFor={idOf('find')} className="form-label">
            {t('working:related.find')}
          </label>
          <input
            id={idOf('find')}
            type="search"
            className="form-control form-control-sm"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              search(event.target.value, type);
            }}
          />
        </div>
      </div>
      {text.trim() !== '' && (type === 'T' ? tickets.data : content.data) && (
        <div role="group" aria-label={t('working:related.results')}>
          {shown.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('working:related.noResults')}</p>
          ) : (
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {shown.map((hit) => (
                <li key={hit.id}>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    aria-label={t('working:related.relate', { title: hit.title })}
                    onClick={() => {
                      dispatch(
                        W.addRelatedData.actions.requested({
                          type: record.object_type,
                          id: record.id,
                          related_id: hit.id,
                          link,
                        }),
                      );
                      dispatch(holder.actions.reset());
                      setText('');
                    }}
                  >
                    <span aria-hidden="true">+ </span>
                    {hit.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** 'Related records': links with status; (owner/agent) remove and relate. */
export function RelatedSection({
  record,
  access,
  canRelate,
}: {
  record: HdRecord;
  access: Access;
  canRelate: boolean;
}) {
  const { t } = useTranslation('records');
  const dispatch = useAppDispatch();
  const holder = useAppSelector((state) => state.holders.relatedData);
  const items = holder.data ?? [];
  return (
    <WorkSection id="related-heading" title={t('working:related.heading')}>
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('working:related.none')}</p>
      ) : (
        <ul className="list-group">
          {items.map((item) => (
            <li key={item.id} className="list-group-item d-flex align-items-center gap-2">
              {item.link !== 'related' && (
                <span className="badge text-bg-light border">{t(`merge:links.${item.link}`)}</span>
              )}
              <Link to={relatedUrl(item, access)}>{item.title}</Link>
              <StatusBadge name={item.status_name} />
              {canRelate && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger ms-auto"
                  aria-label={t('working:related.remove', { title: item.title })}
                  onClick={() =>
                    dispatch(
                      W.removeRelatedData.actions.requested({
                        type: record.object_type,
                        id: record.id,
                        related_id: item.id,
                      }),
                    )
                  }
                >
                  <span aria-hidden="true">✕</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canRelate && <RelateForm record={record} />}
    </WorkSection>
  );
}
