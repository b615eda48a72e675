import '../i18n';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../types';

/**
 * A record's tags as chips (lists, phone cards, the record): `onRemove` adds a labelled remove
 * button to each. Nothing when there are none and nothing can be removed.
 */
export function TagChips({
  tags,
  onRemove,
  disabled = false,
  className = '',
}: {
  tags: readonly Tag[] | undefined;
  onRemove?: (tag: Tag) => void;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('tags');
  if (!tags?.length) return null;
  return (
    <ul className={`tag-chips list-inline mb-0 ${className}`} aria-label={t('listLabel')}>
      {tags.map((tag) => (
        <li key={tag.id} className="list-inline-item me-1">
          <span className="badge rounded-pill text-bg-light border d-inline-flex align-items-center">
            <span>{tag.name}</span>
            {onRemove && (
              <button
                type="button"
                className="btn-close btn-close-sm ms-1"
                style={{ fontSize: '0.6em' }}
                aria-label={t('remove', { name: tag.name })}
                disabled={disabled}
                onClick={() => onRemove(tag)}
              />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
