import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { formatDateUtc } from '../../../lib/dates';
import { detailsUrl } from '../../../lib/record-link';
import type { ListData, ListItem } from '../../records/types';

const titleOf = (record: ListItem) => (record.object_type === 'C' ? record.title : record.subject);

/** A node's content as links to their details (or read-only details). */
export function NodeContentList({ data, label }: { data: ListData; label: string }) {
  const { t } = useTranslation('collector');
  const user = useAppSelector((state) => state.auth.user);
  if (data.items.length === 0) return <p className="mb-0">{t('noContent')}</p>;
  return (
    <ul className="list-group" aria-label={label}>
      {data.items.map((item) => (
        <li key={item.id} className="list-group-item">
          <Link to={detailsUrl(item, user)}>{titleOf(item)}</Link>
          <div className="small text-body-secondary">
            {[item.status_name, item.hd_name, formatDateUtc(item.created_at)]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </li>
      ))}
    </ul>
  );
}
