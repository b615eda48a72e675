import '../i18n';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageTitle } from '../../../lib/page-title';
import { ErrorState } from '../../records/components/states';
import { ChannelCard } from '../components/channel-card';
import { mailChannelsHolders } from '../mail-channels-slice';

const H = mailChannelsHolders;

/** /mail-channels (helpdesk agents): each help desk's address and IMAP mailbox. */
export default function MailChannelsPage() {
  const { t } = useTranslation('mailChannels');
  usePageTitle(t('title'), [
    { label: t('common:menu.home'), path: '/home' },
    { label: t('title'), path: '/mail-channels' },
  ]);
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.holders.mailChannels);
  const saved = useAppSelector((state) => state.holders.mailChannelSave.data);
  const [editing, setEditing] = useState<number | null>(null);
  const [tested, setTested] = useState<number | null>(null);

  const load = useCallback(() => dispatch(H.mailChannels.actions.requested()), [dispatch]);
  useEffect(() => {
    load();
    dispatch(H.mailChannelSave.actions.reset());
    dispatch(H.mailChannelTest.actions.reset());
  }, [dispatch, load]);

  // A successful save closes its form (the card shows what the server stored).
  const [closedFor, setClosedFor] = useState(saved);
  if (saved !== closedFor) {
    setClosedFor(saved);
    if (saved) {
      setEditing(null);
      setTested(null);
    }
  }

  const open = (hdId: number | null) => {
    dispatch(H.mailChannelSave.actions.reset());
    dispatch(H.mailChannelTest.actions.reset());
    setTested(null);
    setEditing(hdId);
  };

  // Mail comes in as tickets: only ticket help desks take mail.
  const channels = list.data?.items.filter((item) => item.object_type === 'T') ?? null;
  let body: React.ReactNode;
  if (channels) {
    body =
      channels.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="row g-3 list-unstyled">
          {channels.map((channel) => (
            <li key={channel.hd_id} className="col-lg-6">
              <ChannelCard
                channel={channel}
                editing={editing === channel.hd_id}
                tested={tested === channel.hd_id}
                onEdit={() => open(channel.hd_id)}
                onClose={() => open(null)}
                onTest={() => setTested(channel.hd_id)}
              />
            </li>
          ))}
        </ul>
      );
  } else if (list.error && !list.loading) {
    body = <ErrorState message={t('loadError')} onRetry={load} />;
  } else {
    body = (
      <div className="d-flex align-items-center gap-2 py-4" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }

  return (
    <div>
      <p className="text-body-secondary">{t('intro')}</p>
      {body}
    </div>
  );
}
