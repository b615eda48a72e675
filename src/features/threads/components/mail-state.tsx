import { useTranslation } from 'react-i18next';
import type { MailLogEntry, MailState } from '../types';

/** Each state's colour; the text always says it too (never colour alone). */
const BADGE: Record<MailState, string> = {
  queued: 'text-bg-secondary',
  sent: 'text-bg-success',
  failed: 'text-bg-danger',
  bounced: 'text-bg-warning',
};

/** Where a mail is: queued, sent, failed (with the SMTP error) or bounced (with the reason). */
export function MailStateCell({ mail }: { mail: MailLogEntry }) {
  const { t } = useTranslation('threads');
  const state = mail.state;
  return (
    <>
      <span className={`badge ${BADGE[state] ?? 'text-bg-light border'}`}>
        {t(`mailLog.states.${state}`, { defaultValue: state })}
      </span>
      {mail.error && (state === 'failed' || state === 'bounced') && (
        <div className="small text-danger text-break mt-1">{mail.error}</div>
      )}
    </>
  );
}
