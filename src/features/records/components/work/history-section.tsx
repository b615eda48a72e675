import '../../i18n';
import './i18n';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../../app/hooks';
import { formatDateTimeLocal } from '../../../../lib/dates';
import { historySentence } from '../../history-sentence';
import type { ObjectType } from '../../types';
import { WorkSection } from './work-dialog';

/** 'History': newest first, each event a sentence in the reader's language. */
export function HistorySection({ type }: { type: ObjectType }) {
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
                sentence: historySentence(entry, t, type),
                when: formatDateTimeLocal(entry.created_at),
              })}
            </li>
          ))}
        </ol>
      )}
    </WorkSection>
  );
}
