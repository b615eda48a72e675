import { useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatDateTimeLocal } from '../../../lib/dates';
import { threadsHolders } from '../threads-slice';
import type { RecordKey } from '../types';
import { MailStateCell } from './mail-state';

const H = threadsHolders;

/**
 * The mails sent about the record and where each one is (agents only); reloaded after each
 * message sent and on Refresh (mails go out in the background, so their state moves on).
 */
export function MailLogPanel({ record }: { record: RecordKey }) {
  const { t } = useTranslation('threads');
  const dispatch = useAppDispatch();
  const headingId = useId();
  const { type, id } = record;
  const log = useAppSelector((state) => state.holders.communicationLogThreads);
  const sent = useAppSelector((state) => state.holders.insertCommunication.data);

  const load = useCallback(
    () => dispatch(H.communicationLogThreads.actions.requested({ type, id })),
    [dispatch, type, id],
  );
  useEffect(() => {
    load();
  }, [load, sent]);

  const items = log.data?.recordId === id ? log.data.items : null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 id={headingId} className="h5 mb-0">
            {t('mailLog.heading')}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary ms-auto"
            onClick={load}
            disabled={log.loading}
            aria-busy={log.loading}
          >
            {t('mailLog.refresh')}
          </button>
        </div>
        {items === null ? (
          log.loading && (
            <p role="status" className="mb-0">
              {t('conversation.loading')}
            </p>
          )
        ) : items.length === 0 ? (
          <p className="mb-0">{t('mailLog.empty')}</p>
        ) : (
          // Focusable: in the record view's narrow side panel the table scrolls sideways.
          <div className="table-responsive" tabIndex={0}>
            <table className="table table-sm mb-0" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t('mailLog.to')}</th>
                  <th scope="col">{t('mailLog.subject')}</th>
                  <th scope="col">{t('mailLog.kind')}</th>
                  <th scope="col">{t('mailLog.sentAt')}</th>
                  <th scope="col">{t('mailLog.state')}</th>
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
                    <td>
                      <MailStateCell mail={mail} />
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
