import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { threadsHolders } from '../threads-slice';
import type { RecordKey } from '../types';

const H = threadsHolders;

/** The mails sent about the record (agents only); reloaded after each message sent. */
export function MailLogPanel({ record }: { record: RecordKey }) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const { type, id } = record;
  const log = useAppSelector((state) => state.holders.communicationLogThreads);
  const sent = useAppSelector((state) => state.holders.insertCommunication.data);

  useEffect(() => {
    dispatch(H.communicationLogThreads.actions.requested({ type, id }));
  }, [dispatch, type, id, sent]);

  const items = log.data?.recordId === id ? log.data.items : null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 mb-3">
          {t('mailLog.heading')}
        </h2>
        {items === null ? (
          log.loading && (
            <p role="status" className="mb-0">
              {t('conversation.loading')}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="mb-0">{t('mailLog.empty')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm mb-0" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t('mailLog.to')}</th>
                  <th scope="col">{t('mailLog.subject')}</th>
                  <th scope="col">{t('mailLog.kind')}</th>
                  <th scope="col">{t('mailLog.sentAt')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((mail) => (
                  <tr key={mail.id}>
                    <td className="text-break">{mail.to_email}</td>
                    <td className="text-break">{mail.subject}</td>
                    <td>{mail.kind}</td>
                    <td>
                      <time dateTime={mail.sent_at}>{formatDateTimeLocal(mail.sent_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
