import { useTranslation } from 'react-i18next';
import type { ThreadMessage } from '../types';

/**
 * Where a mailed message came from: the sender's address, "via mail", and, when its sender could
 * not be proven (a mail claiming an agent without answering their notification), a warning.
 */
export function MailOrigin({
  message,
}: {
  message: Pick<ThreadMessage, 'channel' | 'from_email' | 'sender_verified'>;
}) {
  const { t } = useTranslation('threads');
  if (message.channel !== 'mail') return null;
  return (
    <>
      {message.from_email && <span className="text-break">{`<${message.from_email}>`}</span>}
      <span className="badge text-bg-info">
        <span aria-hidden="true">✉ </span>
        {t('mail.viaMail')}
      </span>
      {!message.sender_verified && (
        <span className="badge text-bg-danger" title={t('mail.senderNotVerifiedHelp')}>
          <span aria-hidden="true">⚠ </span>
          {t('mail.senderNotVerified')}
        </span>
      )}
    </>
  );
}
