import '../i18n';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { TICKET } from '../kinds';
import { NotFoundMessage } from '../components/states';
import { RecordListPage } from '../components/record-list-page';

/** /hd_ticket/{userId}: one requester's tickets. */
export default function HdUserTicketsPage() {
  const { t } = useTranslation('records');
  const { userId } = useParams();
  const id = Number(userId);
  const first = useAppSelector((state) => state.holders.HDTICKET.data?.items[0]);
  if (!Number.isInteger(id) || id < 1) return <NotFoundMessage />;
  const name =
    first && 'requester_name' in first && first.requester_id === id ? first.requester_name : null;
  const title = name ? t('list.ticketsOf', { name }) : t('list.ticketsOfUser', { id });
  return (
    <RecordListPage
      listKey="HDTICKET"
      kind={TICKET}
      title={title}
      path={`/hd_ticket/${id}`}
      requesterId={id}
      rowLink={(record) => TICKET.hdDetailsUrl(record.id)}
    />
  );
}
