import './i18n';
import { useTranslation } from 'react-i18next';
import { usePresence } from './use-presence';

/** Who else is on this record: "Bob is replying…", and who is viewing it. Empty when alone. */
export function CollisionIndicator({ recordId }: { recordId: number }) {
  const { t } = useTranslation('live');
  const { viewing, typing } = usePresence(recordId);
  const typingIds = new Set(typing.map((p) => p.id));
  const onlyViewing = viewing.filter((p) => !typingIds.has(p.id));
  return (
    <div
      className="d-flex flex-wrap gap-2 align-items-center"
      role="status"
      aria-live="polite"
      aria-label={t('presence.label')}
    >
      {typing.map((p) => (
        <span key={p.id} className="badge text-bg-warning">
          {t('presence.replying', { name: p.fullname })}
        </span>
      ))}
      {onlyViewing.length > 0 && (
        <span className="badge text-bg-light border">
          {t('presence.viewing', {
            count: onlyViewing.length,
            names: onlyViewing.map((p) => p.fullname).join(', '),
          })}
        </span>
      )}
    </div>
  );
}
