import { useTranslation } from 'react-i18next';

/** Marks a record that came in by mail (its text says so; the envelope is decoration). */
export function MailBadge() {
  const { t } = useTranslation('records');
  return (
    <span className="badge text-bg-info ms-2 align-middle">
      <span aria-hidden="true">✉ </span>
      {t('channel.viaMail')}
    </span>
  );
}
