import '../../i18n';
import './i18n';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../../app/hooks';
import { formatDateTimeLocal } from '../../../../lib/dates';
import type { HistoryEntry } from '../../work-types';
import { WorkSection } from './work-dialog';

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? value.map(str).join(', ') : str(value));

/** What an entry says after the actor's name, e.g. 'changed status from New to Open'. */
export function historyWhat(entry: HistoryEntry, t: TFunction<'records'>): string {
  const d = entry.details ?? {};
  const h = (key: string, values?: Record<string, string>) => t(`working:history.${key}`, values);
  switch (entry.action) {
    case 'created':
    case 'message_added':
    case 'worklog_added':
      return h(entry.action);
    case 'updated':
      return h('updated', { fields: list(d.fields) });
    case 'status_changed':
    case 'moved':
      return h(entry.action, { from: str(d.from), to: str(d.to) });
    case 'shared':
      return list(d.names) ? h('shared', { names: list(d.names) }) : h('sharedNobody');
    case 'classified':
      return list(d.names) ? h('classified', { names: list(d.names) }) : h('unclassified');
    case 'related':
    case 'unrelated':
      return h(entry.action, { title: str(d.title) });
    case 'attachment_added':
    case 'attachment_deleted':
      return h(entry.action, { file: str(d.file_name) });
    case 'assigned':
      return d.to ? h('assigned', { name: str(d.to) }) : h('unassigned');
    case 'duplicated':
      return d.copy_id !== undefined
        ? h('duplicatedAs', { id: str(d.copy_id) })
        : h('duplicatedFrom', { id: str(d.source_id) });
    case 'searchable_changed':
      return d.searchable === false ? h('notSearchable') : h('searchable');
    default:
      return h('other');
  }
}

/** 'History': newest first. */
export function HistorySection() {
  const { t } = useTranslation('records');
  const holder = useAppSelector((state) => state.holders.recordHistory);
  const entries = holder.data ?? [];
  return (
    <WorkSection id="history-heading" title={t('working:history.heading')}>
      {entries.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('working:history.none')}</p>
      ) : (
        <ol className="list-unstyled mb-0 history-list">
          {entries.map((entry) => (
            <li key={entry.id} className="border-bottom py-1">
              {t('working:history.entry', {
                actor: entry.actor_name ?? t('working:history.someone'),
                what: historyWhat(entry, t),
                when: formatDateTimeLocal(entry.created_at),
              })}
            </li>
          ))}
        </ol>
      )}
    </WorkSection>
  );
}
