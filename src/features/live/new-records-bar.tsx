import './i18n';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';

/**
 * "3 new tickets": records added since the list loaded. Shown above the table, which does not
 * move by itself; a click reloads the list (and the count starts again).
 */
export function NewRecordsBar({ type, onReload }: { type: 'T' | 'C'; onReload: () => void }) {
  const { t } = useTranslation('live');
  const count = useAppSelector((state) => state.live.newRecords[type]);
  if (count === 0) return null;
  return (
    <div className="alert alert-info d-flex align-items-center py-2" role="status">
      <button type="button" className="btn btn-link p-0" onClick={onReload}>
        {t(`newRecords.${type}`, { count })}
      </button>
    </div>
  );
}
