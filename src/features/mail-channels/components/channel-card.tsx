import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useConfirm } from '../../../lib/confirm-dialog';
import { formatDateTimeLocal } from '../../../lib/dates';
import { mailChannelsHolders } from '../mail-channels-slice';
import type { MailChannel } from '../types';
import { ChannelForm } from './channel-form';
import { removalText } from './channel-values';
import { TestButton, TestResult } from './test-result';

const H = mailChannelsHolders;

/** One help desk's channel: what is set, Edit (the form in place) and Test connection. */
export function ChannelCard({
  channel,
  editing,
  tested,
  onEdit,
  onClose,
  onTest,
}: {
  channel: MailChannel;
  editing: boolean;
  /** The last "Test connection" was about this help desk: its answer shows here. */
  tested: boolean;
  onEdit: () => void;
  onClose: () => void;
  onTest: () => void;
}) {
  const { t } = useTranslation('mailChannels');
  const dispatch = useAppDispatch();
  const testing = useAppSelector((state) => state.holders.mailChannelTest.loading);
  const headingId = useId();
  const { ask, dialog } = useConfirm();
  const imap = channel.imap;
  const rows: [string, string][] = [
    [t('summary.address'), channel.address ?? t('summary.noAddress')],
    [
      t('summary.imap'),
      imap
        ? `${t('summary.imapValue', {
            user: imap.user,
            host: imap.host,
            port: imap.port,
            folder: imap.folder,
          })} (${imap.tls ? t('summary.tls') : t('summary.noTls')})`
        : t('summary.noImap'),
    ],
  ];
  if (imap) {
    rows.push([
      t('summary.lastPoll'),
      channel.last_poll_at ? formatDateTimeLocal(channel.last_poll_at) : t('summary.never'),
    ]);
  }

  return (
    <section className="card h-100" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title mb-3">
          {channel.hd_name}
        </h2>
        {editing ? (
          <ChannelForm channel={channel} onCancel={onClose} onTest={onTest} />
        ) : (
          <>
            <dl className="mb-3">
              {rows.map(([label, value]) => (
                <div key={label} className="d-flex flex-wrap border-bottom py-2">
                  <dt className="col-4 fw-semibold">{label}</dt>
                  <dd className="col-8 mb-0 text-break">{value}</dd>
                </div>
              ))}
              {channel.last_error && (
                <div className="d-flex flex-wrap border-bottom py-2">
                  <dt className="col-4 fw-semibold">{t('summary.lastError')}</dt>
                  <dd className="col-8 mb-0 text-break text-danger">{channel.last_error}</dd>
                </div>
              )}
            </dl>
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary"
                onClick={onEdit}
                aria-label={t('edit', { name: channel.hd_name })}
              >
                {t('editShort')}
              </button>
              {imap && (
                <TestButton
                  loading={tested && testing}
                  onClick={() => {
                    onTest();
                    dispatch(H.mailChannelTest.actions.requested({ hd_id: channel.hd_id }));
                  }}
                />
              )}
              {(channel.address || imap) && (
                <button
                  type="button"
                  className="btn btn-outline-danger ms-auto"
                  aria-label={t('remove.label', { name: channel.hd_name })}
                  onClick={() =>
                    ask({
                      title: t('remove.title'),
                      text: removalText(t, channel),
                      confirmLabel: t('remove.confirm'),
                      danger: true,
                      onConfirm: () =>
                        dispatch(
                          H.mailChannelSave.actions.requested({
                            hd_id: channel.hd_id,
                            values: { address: null, imap: null },
                          }),
                        ),
                    })
                  }
                >
                  {t('remove.button')}
                </button>
              )}
            </div>
          </>
        )}
        {tested && <TestResult hdId={channel.hd_id} />}
        {dialog}
      </div>
    </section>
  );
}
